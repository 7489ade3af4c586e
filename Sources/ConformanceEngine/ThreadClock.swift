import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The CPU clock of one thread, readable from any thread: a stall is measured in the CPU time the engine's
/// thread spends, so a loaded machine does not make a slow script look stuck.
package struct ThreadClock: Sendable {
    #if os(Linux)
        private let clock: clockid_t
    #endif

    /// The calling thread's clock.
    static var current: ThreadClock {
        #if os(Linux)
            var clock = clockid_t()
            return pthread_getcpuclockid(pthread_self(), &clock) == 0
                ? ThreadClock(clock: clock) : ThreadClock(clock: CLOCK_MONOTONIC)
        #else
            return ThreadClock()
        #endif
    }

    /// Seconds the thread has run; on Apple platforms, where another thread's CPU clock is not read here,
    /// seconds of wall-clock time (verified on Linux only).
    package var seconds: Double {
        #if os(Linux)
            var time = timespec()
            guard clock_gettime(clock, &time) == 0 else { return 0 }
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        #else
            return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        #endif
    }
}

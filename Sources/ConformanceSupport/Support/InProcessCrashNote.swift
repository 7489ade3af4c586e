import ConformanceAdapter
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Explains a trap that ends the process while a case runs a bridge in process with the main actor off the
/// main thread, as swift-testing runs `@MainActor` tests on Linux (the main queue is drained by a pool
/// thread once the main thread is parked in `dispatchMain()`).
///
/// There, a bridge that hops with `Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }`
/// (a common pattern) calls `DispatchQueue.main.sync` from the main queue itself, and libdispatch traps.
/// Nothing in the process can prevent that, so before the runtime's own crash report the note says what
/// happened and what to do. Linux only; elsewhere, and with the main actor on the main thread, it does
/// nothing.
package enum InProcessCrashNote {
    #if os(Linux)
        /// The note, written by the signal handler; filled while a case runs, empty otherwise.
        private nonisolated(unsafe) static let note = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        private nonisolated(unsafe) static var noteLength = 0
        /// The actions the handler replaced, in the order of `signals` (plain memory: the handler may not
        /// touch reference-counted values).
        private nonisolated(unsafe) static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 2)
        private nonisolated(unsafe) static var installed = false
        private static let capacity = 2048
        /// The signals Swift and libdispatch traps raise: `ud2` on x86_64, `brk` on arm64.
        private static let signals: [Int32] = [SIGILL, SIGTRAP]
    #endif

    /// Arms the note for the case `caseID`, when the main actor runs off the main thread.
    /// - Parameter caseID: The case about to run.
    @MainActor
    package static func caseWillRun(_ caseID: String) {
        #if os(Linux)
            guard !Thread.isMainThread else { return }
            installOnce()
            let text = """

                conformance: the process trapped while case \(caseID) ran your bridge in process, with the main actor off \
                the main thread (swift-testing on Linux runs @MainActor code on the main queue, drained by another thread). \
                A bridge that hops with `Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }` traps here: \
                DispatchQueue.main.sync is called from the main queue itself. Test for the main queue instead of the main \
                thread (a DispatchSpecificKey set on DispatchQueue.main), or run the catalogue from XCTest \
                (ConformanceXCTest.assertConformance), or out of process (`swift run conformance run --adapter <your testee>`).


                """
            let bytes = Array(text.utf8.prefix(capacity))
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    note.update(from: $0, count: bytes.count)
                }
            }
            noteLength = bytes.count
        #endif
    }

    /// Disarms the note once the case is over.
    @MainActor
    package static func caseDidRun() {
        #if os(Linux)
            noteLength = 0
        #endif
    }

    #if os(Linux)
        /// Installs the handler for the trap signals, keeping the actions it replaces (the Swift runtime's
        /// backtracer) to hand the signal on to.
        @MainActor
        private static func installOnce() {
            guard !installed else { return }
            installed = true
            for signal in signals {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { signal in
                    // A trap inside the kit's own code is explained by the kit's note (KitCode), not this one.
                    if InProcessCrashNote.noteLength > 0, !KitCode.trapIsInsideSite {
                        _ = write(STDERR_FILENO, InProcessCrashNote.note, InProcessCrashNote.noteLength)
                    }
                    // Put the previous action back: the trapping instruction runs again and meets it.
                    sigaction(signal, InProcessCrashNote.previousActions + (signal == SIGILL ? 0 : 1), nil)
                }
                sigemptyset(&action.sa_mask)
                sigaction(signal, &action, previousActions + (signal == SIGILL ? 0 : 1))
            }
        }
    #endif
}

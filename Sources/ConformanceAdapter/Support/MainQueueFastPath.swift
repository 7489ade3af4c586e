#if os(Linux)
    import Glibc

    // libdispatch's hooks for the run loop that drives the main queue: CoreFoundation's run loop waits on the
    // handle and calls the callback. Exported by libdispatch on Linux, declared in its `private.h`.
    @_silgen_name("_dispatch_get_main_queue_handle_4CF") private func dispatchMainQueueHandle() -> Int32
    @_silgen_name("_dispatch_main_queue_callback_4CF") private func dispatchMainQueueCallback(
        _ message: UnsafeMutableRawPointer?)

    /// Runs what is on the main queue without a trip through the run loop, on Linux.
    ///
    /// The harness runs a case as a chain of main-queue jobs, one per step that must let the implementation's
    /// blocks run first, and a run-loop iteration on Linux costs several microseconds of system calls around
    /// the one job it runs. While the main queue has work, `MainQueuePump` runs it through libdispatch's own
    /// hook (what the run loop itself calls); once it is empty, the run loop waits as usual, so its timers and
    /// sources still run. Verified on Linux only; Apple platforms always use the run loop.
    enum MainQueueFastPath {
        /// Runs the main queue's pending work if libdispatch has signalled some; returns whether it did.
        /// - Precondition: Called on the main thread, outside any main-queue block, after the main run loop
        ///   has run once (so the main queue is bound to it).
        static func runPendingWork() -> Bool {
            let handle = dispatchMainQueueHandle()
            var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) == 1 else { return false }
            var signals: UInt64 = 0
            _ = read(handle, &signals, MemoryLayout<UInt64>.size)
            dispatchMainQueueCallback(nil)
            return true
        }
    }
#endif

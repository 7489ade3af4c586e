import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kit's own code that a bridge calls into (the simulated web view, the WebKit facade): a trap while it
/// runs is the kit's fault, never the bridge's.
///
/// Each entry point a bridge calls runs its work in `run(_:_:)`, naming the component and what the bridge did;
/// code of the bridge's that such work calls back synchronously (a UI delegate's panel, a completion handler)
/// runs in `callingOut(_:)`. When the process traps inside a site, the handler `installTrapNote(for:)` installs
/// writes a note to standard error before the runtime's own report: in a testee, one line for the harness (the
/// record separator U+001E, `wvjb-kit-fault`, then the component and the action, tab-separated:
/// `KitFaultNote`), which ends the case as a `harness-error` naming the component; in process, where nothing
/// is left to judge, a sentence for the reader. Only the thread that runs the main queue keeps a site: the
/// facade is the main actor's.
package enum KitCode {
    /// Where in the kit, and what the bridge did to get there: static text, which the trap handler writes
    /// without allocating.
    package struct Site: Sendable {
        /// The kit's component (`SimulatedWebView`, `WKUserContentController`).
        package let component: StaticString
        /// What the bridge did, as a report says it after "the bridge" (`removed a script message handler`).
        package let action: StaticString

        /// A site.
        package init(_ component: StaticString, _ action: StaticString) {
            self.component = component
            self.action = action
        }
    }

    /// Runs `body` as the kit's code at `site`. Off the thread that runs the main queue it only runs `body`.
    package static func run<Result>(_ site: Site, _ body: () throws -> Result) rethrows -> Result {
        guard MainQueuePump.isOnMainQueue else { return try body() }
        let saved = current
        current = Current(site: site, thread: pthread_self())
        defer { current = saved }
        return try body()
    }

    /// Runs `body`, the bridge's code, from inside a site: a trap there is the bridge's.
    package static func callingOut<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard MainQueuePump.isOnMainQueue, current != nil else { return try body() }
        let saved = current
        current = nil
        defer { current = saved }
        return try body()
    }

    /// Who reads the note of a trap inside a site.
    package enum Reader: Sendable {
        /// The harness, from a testee's standard error (`KitFaultNote`).
        case harness
        /// A person, at the end of an in-process run the trap ended.
        case person
    }

    /// Installs, once per process, the handler that writes the note of a trap inside a site for `reader`, then
    /// hands the signal on to the handler it replaced (the runtime's backtracer).
    package static func installTrapNote(for reader: Reader) {
        #if os(Linux)
            installation.withLock { installed in
                guard !installed else { return }
                installed = true
                noteIsForTheHarness = reader == .harness
                for (index, signal) in signals.enumerated() {
                    var action = sigaction()
                    action.__sigaction_handler.sa_handler = { signal in KitCode.noteTrap(signal) }
                    sigemptyset(&action.sa_mask)
                    sigaction(signal, &action, previousActions + index)
                }
            }
        #endif
    }

    // MARK: The trap handler's state: plain memory, written on one thread, read by the handler

    private struct Current {
        let site: Site
        let thread: pthread_t
    }

    private nonisolated(unsafe) static var current: Current?

    /// Whether the thread that traps is inside a site: read by other trap handlers (`InProcessCrashNote`),
    /// whose own explanation would then be wrong.
    package static var trapIsInsideSite: Bool {
        guard let current else { return false }
        return pthread_equal(current.thread, pthread_self()) != 0
    }

    #if os(Linux)
        /// The signals a trap raises: `ud2` (SIGILL) and `brk` (SIGTRAP) for Swift's runtime checks, SIGABRT
        /// for `abort()` (an unowned reference read after its object went). Not SIGSEGV or SIGBUS: the engine
        /// may handle those itself, and needs their fault address.
        private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT]
        private nonisolated(unsafe) static let previousActions = UnsafeMutablePointer<sigaction>.allocate(
            capacity: signals.count)
        private static let installation = LockedValue(false)
        private nonisolated(unsafe) static var noteIsForTheHarness = true

        /// Writes the note when the trapping thread is inside a site, then puts the replaced handler back: the
        /// trapping instruction runs again and meets it, with the real context (the backtracer's report names the
        /// trap's frames); `abort()`, which would go on to the default action, gets its signal raised again.
        private static func noteTrap(_ signal: Int32) {
            if let current, pthread_equal(current.thread, pthread_self()) != 0 {
                if noteIsForTheHarness {
                    write(KitFaultNote.mark)
                    write("\t")
                    write(current.site.component)
                    write("\t")
                    write(current.site.action)
                    write("\n")
                } else {
                    write("\nconformance: the process trapped inside the kit's ")
                    write(current.site.component)
                    write(" while the bridge ")
                    write(current.site.action)
                    write(", which a bridge may do: ")
                    write("a fault of the conformance kit, not of your bridge; please report it\n\n")
                }
            }
            if let index = signals.firstIndex(of: signal) { sigaction(signal, previousActions + index, nil) }
            if signal == SIGABRT { raise(signal) }
        }

        private static func write(_ text: StaticString) {
            _ = Glibc.write(STDERR_FILENO, text.utf8Start, text.utf8CodeUnitCount)
        }
    #endif
}

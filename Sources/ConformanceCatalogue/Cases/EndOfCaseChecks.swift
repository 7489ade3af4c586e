import ConformanceAdapter
import ConformanceBrowser
import ConformanceObligations
import ConformanceSupport

/// The checks of a case's end, whatever its script: what was left over against what the case accepts (native
/// callbacks never invoked, navigations never decided, timers still pending), the web view's violations, the
/// page's tripwires, and the wire lint of every native command (`NativeCommandLint`). Each cites its
/// `ImplicitCheck`'s obligation, or the one the web view or the lint found broken.
struct EndOfCaseChecks {
    /// A native callback the case handed the implementation that never ran.
    struct UnansweredCallback {
        /// The case's label for it.
        var label: String
        /// The call it was handed with.
        var call: String
        /// Whether it must run even in a case that accepts unanswered callbacks.
        var expectsResponse: Bool
    }

    /// The leftovers the case accepts.
    let accepted: CaseLeftovers.Kinds
    /// The native callbacks the case handed the implementation that never ran.
    let unansweredCallbacks: [UnansweredCallback]
    /// Everything observed, in the case's words.
    let transcript: Transcript

    /// Every leftover, accepted or not, for the report, and the failures of the case's end.
    /// - Parameter page: What the page left over.
    func judge(_ page: PageLeftovers) -> (leftovers: CaseLeftovers, failures: [CheckFailure]) {
        var failures: [CheckFailure] = []
        func fail(clause: Obligation, _ message: String, expected: String? = nil) {
            failures.append(CheckFailure(clause: clause.id, message: message, expected: expected))
        }
        var leftovers = CaseLeftovers(page: page)
        for callback in unansweredCallbacks {
            leftovers.unansweredNativeCallbacks.append(.init(label: callback.label, call: callback.call))
            if callback.expectsResponse || !accepted.contains(.unansweredNativeCallbacks) {
                fail(
                    clause: .cb1b, "native callback \(callback.label) of \(callback.call) never invoked",
                    expected: "one invocation with the answer")
            }
        }
        for navigation in page.undecidedNavigations {
            fail(
                clause: ImplicitCheck.navigationDecided.obligation,
                "navigation decision never made for \(PrintableText.printable(navigation.url)) (request \(navigation.id))"
            )
        }
        if !accepted.contains(.pendingTimers) {
            for timer in page.timers {
                fail(
                    clause: ImplicitCheck.noPendingTimer.obligation,
                    "timer \(timer.id) of the page was still pending at the end, due at \(timer.dueAt) ms",
                    expected: "only setTimeout(fn) and setTimeout(fn, 0), which run before the page goes idle")
            }
        }
        var violations: [(clause: String, message: String)] = []
        var tripwires: [String] = []
        for entry in transcript.entries {
            switch entry.event {
            case let .violation(clause, message): violations.append((clause, message))
            case let .tripwire(label): tripwires.append(label)
            default: break
            }
        }
        for (clause, message) in violations {
            failures.append(CheckFailure(clause: clause, message: message))
        }
        for label in tripwires {
            failures.append(
                CheckFailure(
                    clause: ImplicitCheck.noTripwire.obligation,
                    message:
                        "a payload broke out of its string literal and ran code in the page: __wvjbTripwire('\(label)') was called",
                    exposure: .payloadRanCode))
        }
        failures += NativeCommandLint.failures(in: transcript)
        return (leftovers, failures)
    }
}

/// An entry into the engine that never returned: what `EngineStallGuard` hands its handler.
///
/// JavaScriptCore's execution time limit stops one job at a time, and it arms itself afresh for every job of
/// the microtask queue, so a chain of short jobs that never ends (`(function p(){ Promise.resolve().then(p) })()`,
/// an `async` loop of `await`s) keeps the engine's thread inside one entry for ever. Nothing in the process can
/// stop it from another thread; the guard notices and hands this description to whoever can end the process
/// cleanly (the `conformance` command restarts itself for the rest of the run).
package struct EngineStall: Sendable, CustomStringConvertible {
    /// What the entry was for, when the harness said.
    package var label: EngineActivity.Label?
    /// Seconds of CPU the engine's thread spent in the entry before the guard gave up on it.
    package var cpuSeconds: Double
    /// The execution time limit one job had.
    package var executionTimeLimit: Double

    /// The case that stalled, when known.
    package var caseID: String? { label?.caseID }

    /// Whether only the kit's own scripts can have caused it (a kit error rather than a timeout).
    package var isKitFault: Bool { label?.suspectIsKit ?? false }

    /// Why the case did not finish, in the words of a case's interruption line: `harness error` or `timeout`,
    /// the `stage`, then the `detail`.
    package var interruption: String {
        (isKitFault ? "harness error" : "timeout") + (stage.map { " during \($0)" } ?? "") + ": " + detail
    }

    /// The stage the engine stalled in, when the harness said.
    package var stage: String? { label?.stage }

    /// What happened, after the kind and stage of `interruption`.
    package var detail: String {
        let suspect = label.map { "; \($0.suspect) queued it" } ?? ""
        return """
            the page's microtask queue never emptied (\(Self.seconds(cpuSeconds)) of CPU in one turn, \
            each job under the \(Self.seconds(executionTimeLimit)) limit: a promise chain or an async loop that never \
            ends)\(suspect). JavaScriptCore cannot stop a microtask chain from outside, so the process running the case \
            had to end
            """
    }

    /// A readable, one-line description.
    package var description: String {
        (caseID.map { "case \($0): " } ?? "") + interruption
    }

    private static func seconds(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}

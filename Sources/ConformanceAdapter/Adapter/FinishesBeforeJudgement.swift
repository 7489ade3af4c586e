/// An adapter with a part of the case to finish after the case's script and before the harness judges
/// the case, so that a failure there is the case's verdict. `ProcessBridgeAdapter` is one: it checks that
/// its testee wrote nothing after its last `done` (ADP-9), ends the case in a testee kept for the run
/// (ADP-17.a), and records how much native log the case dropped (ADP-18).
package protocol FinishesBeforeJudgement: BridgeAdapter {
    /// Called once, after the case's script (when the page is idle, or the case stopped) and before its
    /// leftovers are judged; `caseDidEnd()` follows as for every adapter.
    /// - Throws: `AdapterFailure` when the adapter broke down finishing the case; the case stops with it,
    ///   unless it had stopped before.
    func finishBeforeJudgement() throws
}

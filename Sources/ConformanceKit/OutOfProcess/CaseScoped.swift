/// An adapter that holds something for the length of one case (a testee process) and lets it go when
/// the runner ends the case.
@MainActor
protocol CaseScoped: AnyObject {
    /// Called once by the runner after the case's last check.
    func caseDidEnd()
}

import ArgumentParser
import ConformanceKit

/// Runs cases against the reference bridge in process for a command that needs all of their results to
/// print anything (`list --coverage` counts checks, `explain` lists the obligations a case checks).
///
/// Stopped like every verb (`StoppableCaseRun`): a signal ends the run between cases, and
/// as nothing that depends on it is complete, the command prints nothing more and exits 128 + the signal.
enum ReferenceRun {
    /// The results of `cases` on the reference bridge, in process.
    /// - Parameters:
    ///   - cases: The cases.
    ///   - profile: The profile to run them in (its dialect's reference bridge).
    ///   - purpose: What the results are for, as the subject of "needs every case": `the coverage table`.
    /// - Throws: 128 + the signal when stopped; `ExitCodes.configuration` after printing a harness error.
    static func results(of cases: [ConformanceCase], in profile: ProfileChoice = .canonical, for purpose: String) throws
        -> [CaseResult]
    {
        var adapter = try AdapterOptions.parse([])
        adapter.profile = profile
        let run = try StoppableCaseRun.run(
            cases, on: adapter, javaScriptSide: nil, progress: .never,
            finishing: "exiting: \(purpose) needs every case, so nothing more is printed"
        ) { _, _ in }
        if let reason = run.reason { throw ExitCodes.stopped(by: reason) }
        return run.results
    }
}

import StrictJSON

/// Why a run ended before every selected case ran, and the cases it did not run. Reports carry it (JSON
/// `stopped`, JUnit `skipped` test cases, a Markdown note) so that a partial run never reads as a whole one.
package struct RunStop: Sendable, Equatable, Codable {
    /// What stopped the run.
    package enum Reason: Sendable, Equatable, Codable {
        /// A signal (`SIGINT`, `SIGTERM`) interrupted the run; the case running then is not reported.
        case interrupted(signal: String)
        /// The testee timed out on these cases, one after another (`conformance run --stop-after-timeouts`).
        case consecutiveTimeouts([String])
        /// The engine stalled in a case (`EngineStallGuard`) and the process could not restart for the rest.
        case engineStalled(caseID: String)
        /// A `compare`'s run gave no results: it could not start, or ended (with this exit status) without
        /// writing them; `said` is the end of its standard error, bounded.
        case noResults(exitStatus: Int32, said: String)
    }

    /// What stopped the run.
    package var reason: Reason
    /// The selected cases that did not run, in run order.
    package var notRun: [String]

    /// Creates a stop.
    /// - Parameters:
    ///   - reason: What stopped the run.
    ///   - notRun: The selected cases that did not run.
    package init(reason: Reason, notRun: [String]) {
        self.reason = reason
        self.notRun = notRun
    }

    /// The reason in a few words: `interrupted by SIGINT`, `stopped after 3 timeouts in a row`.
    package var summary: String {
        switch reason {
        case .interrupted(let signal): "interrupted by \(signal)"
        case .consecutiveTimeouts(let cases): "stopped after \(cases.count) timeouts in a row"
        case .engineStalled(let caseID): "stopped: the engine stalled in \(caseID) and the process could not restart"
        case .noResults(let status, let said):
            "the run gave no results (exit status \(status))" + (said.isEmpty ? "" : "; it said: \(said)")
        }
    }

    /// The JSON report's `stopped` object (`Fixtures/schemas/report.schema.json`).
    package var jsonValue: JSONValue {
        let name =
            switch reason {
            case .interrupted: "interrupted"
            case .consecutiveTimeouts: "consecutive-timeouts"
            case .engineStalled: "engine-stalled"
            case .noResults: "no-results"
            }
        return .object([
            "reason": .string(name), "message": .string(summary), "notRun": .array(notRun.map(JSONValue.string)),
        ])
    }
}

import ConformanceAdapter
import ConformanceBrowser

/// Why a case stopped before its end.
package enum CaseStop: Error, CustomStringConvertible {
    /// The adapter threw during `stage`.
    case adapter(stage: String, error: String)
    /// `owner`'s script ran past the time limit during `stage`, stopped in `location` when known.
    case timeout(stage: String, owner: ScriptOwner, location: String?)
    /// The page never went idle.
    case neverIdle(turns: Int)
    /// The harness failed.
    case harness(String)
    /// The adapter's transport failed (an out-of-process testee crashed, stopped answering or broke
    /// the protocol), during `stage` when known.
    case adapterFailure(AdapterFailure, stage: String?)
    /// The page host cannot run the case.
    case notApplicable(String)

    package init(_ interruption: PageInterruption) {
        switch interruption {
        case let .timeout(stage, owner, location): self = .timeout(stage: stage, owner: owner, location: location)
        case .neverIdle(let turns): self = .neverIdle(turns: turns)
        case .harness(let message): self = .harness(message)
        case .aborted(let error as AdapterFailure): self = .adapterFailure(error, stage: nil)
        case .aborted(let error): self = .harness("the case was aborted: \(error)")
        case .notApplicable(let reason): self = .notApplicable(reason)
        }
    }

    /// A readable description: the case's interruption line (`CaseInterruption.text`).
    package var description: String { interruption.text }
}

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

    init(_ interruption: PageInterruption) {
        switch interruption {
        case let .timeout(stage, owner, location): self = .timeout(stage: stage, owner: owner, location: location)
        case .neverIdle(let turns): self = .neverIdle(turns: turns)
        case .harness(let message): self = .harness(message)
        case .aborted(let error as AdapterFailure): self = .adapterFailure(error, stage: nil)
        case .aborted(let error): self = .harness("the case was aborted: \(error)")
        case .notApplicable(let reason): self = .notApplicable(reason)
        }
    }

    /// A readable, one-line description.
    package var description: String {
        switch self {
        case let .adapter(stage, error): return "adapter error during \(stage): \(error)"
        case let .timeout(stage, owner, location):
            let stopped = location.map { " (stopped in \($0))" } ?? ""
            guard owner.isKit else {
                return "timeout: \(owner.name) ran past the execution time limit during \(stage)\(stopped)"
            }
            return "harness error: \(owner.name) ran past the execution time limit during \(stage)\(stopped): "
                + "a fault of the kit, not of the implementation under test"
        case .neverIdle(let turns):
            return "timeout: the page never went idle (\(turns) turns); a timer or a message loop keeps it busy"
        case .harness(let message): return "harness error: \(message)"
        case .notApplicable(let reason): return "not applicable: \(reason)"
        case let .adapterFailure(error, stage):
            let during = stage.map { " during \($0)" } ?? ""
            switch error.kind {
            case .crashed: return "crash\(during): \(error.message)"
            case .unresponsive: return "timeout\(during): \(error.message)"
            case .protocolViolation, .launchFailed: return "adapter error\(during): \(error.message)"
            case .kitFault: return "harness error\(during): \(error.message)"
            }
        }
    }
}

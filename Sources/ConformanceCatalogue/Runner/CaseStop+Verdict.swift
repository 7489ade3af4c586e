extension CaseStop {
    /// The verdict a case stopped this way gets.
    var verdict: Verdict {
        switch self {
        case .adapter: return .adapterError
        case .timeout(_, let owner, _): return owner.isKit ? .harnessError : .timeout
        case .neverIdle: return .timeout
        case .harness: return .harnessError
        case .notApplicable: return .notApplicable
        case .adapterFailure(let error, _):
            switch error.kind {
            case .crashed: return .crash
            case .unresponsive: return .timeout
            case .protocolViolation, .launchFailed: return .adapterError
            case .kitFault: return .harnessError
            }
        }
    }
}

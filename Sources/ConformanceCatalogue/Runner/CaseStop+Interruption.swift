extension CaseStop {
    /// The interruption a case stopped this way reports, which gives it its verdict.
    package var interruption: CaseInterruption {
        switch self {
        case let .adapter(stage, error): return .stopped(.adapterError, during: stage, detail: error)
        case let .timeout(stage, owner, location):
            let stopped = location.map { " (stopped in \($0))" } ?? ""
            let ranPast = "\(owner.name) ran past the execution time limit during \(stage)\(stopped)"
            guard owner.isKit else { return .stopped(.timeout, during: nil, detail: ranPast) }
            return .stopped(
                .harnessError, during: nil,
                detail: ranPast + ": a fault of the kit, not of the implementation under test")
        case .neverIdle(let turns):
            return .stopped(
                .timeout, during: nil,
                detail: "the page never went idle (\(turns) turns); a timer or a message loop keeps it busy")
        case .harness(let message): return .stopped(.harnessError, during: nil, detail: message)
        case .notApplicable(let reason): return .notApplicable(.pageHost(reason))
        case let .adapterFailure(error, stage):
            let stop: CaseInterruption.Stop
            switch error.kind {
            case .crashed: stop = .crash
            case .unresponsive: stop = .timeout
            case .protocolViolation, .launchFailed: stop = .adapterError
            case .kitFault: stop = .harnessError
            }
            return .stopped(stop, during: stage, detail: error.message)
        }
    }

    /// The verdict a case stopped this way gets.
    var verdict: Verdict { interruption.verdict }
}

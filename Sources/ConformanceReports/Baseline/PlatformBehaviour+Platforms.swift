import ConformanceCatalogue

extension PlatformBehaviour {
    /// The platforms that behave so: the baseline entry of a failure it caused holds on them alone.
    package var platforms: [Baseline.Platform] {
        switch self {
        case .foundationDropsLeadingBOM, .foundationAcceptsTrailingCommas: [.linux]
        }
    }
}

extension CaseResult {
    /// The platforms that have the likely cause of every failure of the case (`CheckFailure.likelyCause`),
    /// where it fails so and elsewhere would not, in `Baseline.Platform` order; nil when a failure has no
    /// such cause, or the case has no failure.
    package var platformsOfLikelyCause: [Baseline.Platform]? {
        guard !failures.isEmpty else { return nil }
        var platforms = Set(Baseline.Platform.allCases)
        for failure in failures {
            guard let cause = failure.likelyCause else { return nil }
            platforms.formIntersection(cause.platforms)
        }
        let ordered = Baseline.Platform.allCases.filter(platforms.contains)
        return ordered.isEmpty ? nil : ordered
    }
}

import ConformanceKit

/// The cases a run selected, in run order: the WVJB catalogue's (and case files') in a WVJB profile, or the
/// messageHandler container's (`spec/container.md`) in the container profile. Both give `CaseResult`s, so the
/// monitor, the reports and the baseline gate read them alike.
enum SelectedCases {
    /// WVJB cases, run by `ConformanceRunner`.
    case wire([ConformanceCase])
    /// Container cases, run by `ContainerRunner`.
    case container([ContainerCase])

    /// The cases' ids, in run order.
    var ids: [String] {
        switch self {
        case .wire(let cases): cases.map(\.id)
        case .container(let cases): cases.map(\.id)
        }
    }

    /// The cases of `shard`, in run order.
    func part(_ shard: Shard) -> SelectedCases {
        switch self {
        case .wire(let cases): .wire(cases.filter { shard.contains(caseID: $0.id) })
        case .container(let cases): .container(cases.filter { shard.contains(caseID: $0.id) })
        }
    }

    /// Each case's level and clauses, by id: what a result made for a case that stalled the engine carries.
    var outlines: [String: (level: RequirementLevel, clauses: [String])] {
        let pairs: [(String, (level: RequirementLevel, clauses: [String]))] =
            switch self {
            case .wire(let cases): cases.map { ($0.id, (level: $0.level, clauses: $0.clauses)) }
            case .container(let cases): cases.map { ($0.id, (level: .must, clauses: $0.clauses)) }
            }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
}

import ConformanceAdapter
import ConformanceObligations

/// The situation table (spec, appendix C.1): every `SituationProbe` in every `LifecycleSituation`, one case
/// per cell, generated rather than written by hand, so that a new row or column reaches every cell.
enum SituationCases {
    /// One case per cell, row by row.
    static let all: [ConformanceCase] = SituationProbe.allCases.flatMap { probe in
        LifecycleSituation.allCases.map { situation in cell(probe, situation) }
    }

    /// The case of one cell: `situations.<probe>.<situation>`.
    static func cell(_ probe: SituationProbe, _ situation: LifecycleSituation) -> ConformanceCase {
        ConformanceCase(
            id: "situations.\(probe.rawValue).\(situation.rawValue)",
            clauses: clauses(of: probe, in: situation),
            requires: situation.requirements(for: probe),
            summary: "\(situation.heading): \(probe.summary)"
        ) { context in
            let moment = try await situation.run(probe, in: context)
            if situation.checkMoment(of: probe, in: context) {
                probe.check(after: situation, in: SituationTrail(context: context, since: moment))
            }
        }
    }

    /// The probe's clauses, then the moment's, then those of the native side's sending and ordering when the
    /// probe sends and orders.
    static func clauses(of probe: SituationProbe, in situation: LifecycleSituation) -> [Clause] {
        let sending = probe.nativeSteps.isEmpty ? [] : [situation.nativeSendObligation.clause]
        let ordering = probe == .nativeCallsInOrder ? [situation.nativeOrderObligation.clause] : []
        var seen: Set<Clause> = []
        return (probe.clauses + situation.clauses + situation.checkedClauses(for: probe) + sending + ordering).filter {
            seen.insert($0).inserted
        }
    }

    /// The table as the spec shows it: a row per probe (its id, what it obliges, its clauses), a column per
    /// situation (its heading, id and the clauses of its moment), each cell saying which bridges run it: every bridge, or those with
    /// the capabilities named.
    static var markdownTable: String {
        let header =
            ["obligation", "clauses"]
            + LifecycleSituation.allCases.map { situation in
                let clauses = situation.clauses.map(\.id)
                return "\(situation.heading) (`\(situation.rawValue)`"
                    + (clauses.isEmpty ? ")" : "; \(clauses.joined(separator: ", ")))")
            }
        var lines = [
            "| " + header.joined(separator: " | ") + " |",
            "|" + String(repeating: "---|", count: header.count),
        ]
        for probe in SituationProbe.allCases {
            let cells = LifecycleSituation.allCases.map { situation in
                let requirements = situation.requirements(for: probe)
                let names = BridgeCapabilities.names.filter { requirements.contains($0.0) }.map(\.1)
                return names.isEmpty ? "every bridge" : "with " + names.map { "`\($0)`" }.joined(separator: ", ")
            }
            let clauses = probe.clauses.map(\.id).joined(separator: ", ")
            lines.append(
                "| `\(probe.rawValue)`: \(probe.summary) | \(clauses) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

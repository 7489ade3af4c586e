extension ExploreReport {
    /// The lines a run that groups findings prints after its header: how many distinct findings in how
    /// many programs, one line per finding, the known findings, then each finding's shrunk program.
    func findingLines(replay: (UInt64) -> String, bridgeJavaScriptSource: String, injectsOwnJavaScriptSide: Bool)
        -> [String]
    {
        var lines: [String] = []
        let programs = Self.count(programsRun, "program")
        if findings.isEmpty {
            lines.append("0 distinct findings in \(programs)")
        } else {
            lines.append(
                "\(Self.count(findings.count, "distinct finding")) in \(programs) "
                    + "(\(Self.count(programsWithNewFindings, "program")) showed a new one):")
            for finding in findings {
                lines.append(
                    "  \(finding.id): \(finding.signature), in \(Self.count(finding.programs, "program")), shrunk to "
                        + "\(Self.count(finding.counterexample.shrunk.operations.count, "step"))")
            }
        }
        if !knownFindings.isEmpty {
            let known = knownFindings.map { "\($0.id) (\(Self.count($0.programs, "program")))" }
            lines.append(
                "\(Self.count(knownOnlyPrograms, "program")) showed only known findings, which the baseline expects "
                    + "and which are not shrunk: " + known.joined(separator: ", "))
        }
        if findings.isEmpty, !isReferenceProblem {
            lines.append(knownFindings.isEmpty ? "no difference from the reference bridge" : "no new finding")
        }
        for (index, finding) in findings.enumerated() {
            lines.append("")
            lines.append(
                "FINDING \(index + 1) of \(findings.count): \(finding.id), \(finding.signature), in "
                    + "\(Self.count(finding.programs, "program")) (the first: number \(finding.firstRun) of the run)")
            if let entry = finding.mismatchedEntry {
                lines.append(
                    "  new: the baseline's entry \(entry.caseGlob) expects \(entry.verdict.rawValue), and this finding "
                        + "is \(finding.signature.verdict.rawValue)")
            }
            if !finding.relatedCatalogueCases.isEmpty, let clause = finding.signature.clauseWithoutObligation {
                let cases = finding.relatedCatalogueCases
                lines.append(
                    "  new, though the baseline expects catalogue cases citing \(clause) to fail ("
                        + cases.prefix(3).joined(separator: ", ") + (cases.count > 3 ? ", …" : "")
                        + "): if it is the same defect, add \(finding.id) to the baseline")
            }
            lines += Self.lines(
                of: finding.counterexample, replay: replay, bridgeJavaScriptSource: bridgeJavaScriptSource,
                injectsOwnJavaScriptSide: injectsOwnJavaScriptSide)
        }
        return lines
    }

    /// `1 program`, `2 programs`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// The arguments of `conformance explore` (after the adapter's and `--max-ops`) that repeat the case
    /// `caseID` of `caseResults` stands for: a finding's `--replay <program seed>`, or `rerunArguments`.
    package func rerunArguments(forCase caseID: String) -> [String] {
        if let finding = findings.first(where: { $0.id == caseID }) {
            return ["--replay", String(finding.counterexample.programSeed)]
        }
        return rerunArguments
    }

    /// Each new finding's shrunk program as a case file, whose id is the finding's id (so that the
    /// baseline entry naming the finding also names the case `conformance run --case-file` makes of it).
    /// - Parameter foundWith: The command that replays a program seed.
    package func caseFiles(foundWith: (UInt64) -> String) -> [ExploreCaseFile] {
        findings.map { finding in
            let found = finding.counterexample
            let clauses = Array(Set(found.differences.compactMap { $0.clause })).sorted()
            let first =
                found.differences.first { $0.signature == finding.signature }?.summary
                ?? found.differences.first?.summary ?? "differs from the reference bridge"
            return ExploreCaseFile(
                id: finding.id, summary: "found by conformance explore: " + first, clauses: clauses,
                foundWith: foundWith(found.programSeed), program: found.shrunk)
        }
    }
}

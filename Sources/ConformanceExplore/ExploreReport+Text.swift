import ConformanceAdapter
import ConformanceBrowser
import ConformanceCatalogue

extension ExploreReport {
    /// Whether a program failed (MUST differences, or a run that could not finish) or the reference did.
    package var isFailure: Bool { counterexample != nil || !findings.isEmpty || isReferenceProblem }

    /// Whether the reference bridge failed its own run of a program: a fault of the kit.
    package var isReferenceProblem: Bool {
        if case .referenceProblem = stop { return true }
        return false
    }

    /// The report as `conformance explore` prints it.
    /// - Parameters:
    ///   - adapter: The adapter's name as the user gave it.
    ///   - maxOperations: The most steps per program.
    ///   - replay: The command that replays a program seed.
    ///   - bridgeJavaScriptSource: The JS side injected, shown as `<JS side>` in the transcript.
    ///   - injectsOwnJavaScriptSide: Whether the implementation's run injected a JS side other than the
    ///     kit's (the reference always runs with the kit's): a difference may then be that JS side's doing.
    package func render(
        adapter: String, maxOperations: Int, replay: (UInt64) -> String, bridgeJavaScriptSource: String,
        injectsOwnJavaScriptSide: Bool = false
    ) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let rate = seconds > 0 ? String(format: ", %.0f programs/s", Double(programsRun) / seconds) : ""
        let source = replayed.map { "replay of program \($0)" } ?? "seed \(seed)"
        var lines = [
            "explore: \(programsRun) of \(plannedRuns) programs against \(adapter), \(source), at most \(maxOperations) steps each, "
                + String(format: "%.2f s", seconds) + rate
        ]
        switch stop {
        case .timeBudget?: lines.append("stopped: the time budget ran out")
        case .consecutiveTimeouts(let count)?:
            lines.append("stopped: \(Self.count(count, "program")) in a row timed out")
        case .interrupted?: lines.append("interrupted: the program running then was dropped")
        case .referenceProblem(let problem)?:
            lines.append("harness error: \(PrintableText.cut(problem, limit: CaseOutputLimits.interruptionLength))")
        case .findingLimit?:
            lines.append(
                "stopped: \(Self.count(findings.count, "distinct finding")), as many as --max-findings asks for")
        case .failure? where groupsFindings:
            lines.append("stopped: a program never finished (the engine stalled), which ends the run")
        default: break
        }
        if nonStrictPrograms > 0 {
            lines.append(
                "\(nonStrictPrograms) programs differ only in what the spec says SHOULD (not failures); the first:")
            for (programSeed, run, difference) in nonStrict.prefix(3) {
                lines.append(
                    "  program \(programSeed) (number \(run) of the run): "
                        + difference.description.replacingOccurrences(of: "\n", with: "\n  "))
                lines.append("    replay: " + replay(programSeed))
            }
        }
        if groupsFindings {
            lines += findingLines(
                replay: replay, bridgeJavaScriptSource: bridgeJavaScriptSource,
                injectsOwnJavaScriptSide: injectsOwnJavaScriptSide)
            return PrintableText.terminalSafe(lines.joined(separator: "\n"))
        }
        guard let found = counterexample else {
            if !isReferenceProblem { lines.append("no difference from the reference bridge") }
            return PrintableText.terminalSafe(lines.joined(separator: "\n"))
        }
        lines.append("")
        lines += Self.lines(
            of: found, replay: replay, bridgeJavaScriptSource: bridgeJavaScriptSource,
            injectsOwnJavaScriptSide: injectsOwnJavaScriptSide)
        return PrintableText.terminalSafe(lines.joined(separator: "\n"))
    }

    /// A counterexample as the console shows it: the shrunk program, its differences, the transcript and
    /// the replay line.
    static func lines(
        of found: Counterexample, replay: (UInt64) -> String, bridgeJavaScriptSource: String,
        injectsOwnJavaScriptSide: Bool
    ) -> [String] {
        var lines: [String] = []
        let shrinkSeconds =
            Double(found.shrinkDuration.components.seconds) + Double(found.shrinkDuration.components.attoseconds) / 1e18
        if found.result.transcript.entries.isEmpty, found.shrinkAttempts == 0 {
            // An engine stall (ExploreRunning): the process is ending, so the program is not run again.
            lines.append(
                "FAIL program \(found.programSeed) (\(found.shrunk.operations.count) steps) never finished; not shrunk (the engine "
                    + "stalled, and the process running it has to end):")
        } else {
            lines.append(
                "FAIL program \(found.programSeed) (\(found.original.operations.count) steps) differs from the reference bridge; shrunk to "
                    + "\(found.shrunk.operations.count) steps in \(found.shrinkAttempts) attempts ("
                    + String(format: "%.2f s", shrinkSeconds) + "):")
        }
        lines.append(found.shrunk.listing.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        lines.append("differences:")
        if injectsOwnJavaScriptSide {
            lines.append(
                "  (this run injects a JS side of its own and the reference the kit's: a difference may be the JS side's doing, "
                    + "though each names the clause a native side would break; `conformance run --js-side` judges the JS side itself)"
            )
        }
        for difference in found.differences {
            lines.append("  " + difference.description.replacingOccurrences(of: "\n", with: "\n  "))
        }
        if found.result.transcript.entries.isEmpty {
            lines.append("the implementation's transcript: none (it was lost with the stalled run)")
        } else {
            lines.append("the implementation's transcript of the shrunk program:")
            let transcript = TranscriptRenderer.render(
                found.result.transcript, bridgeJavaScriptSource: bridgeJavaScriptSource,
                maximumBytes: CaseOutputLimits.transcriptBytes)
            lines.append(
                transcript.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                    separator: "\n"))
        }
        lines.append("replay: " + replay(found.programSeed))
        return lines
    }

    /// The shrunk counterexample as a failed case result, for the JSON, JUnit and Markdown reports (for a
    /// run that groups findings, one per new finding, named by its id); a passing result named after the
    /// seed when no program failed.
    package var caseResults: [CaseResult] {
        if groupsFindings, !findings.isEmpty { return findings.map { Self.failedResult($0.counterexample, id: $0.id) } }
        guard let found = counterexample else {
            var result = CaseResult(
                caseID: Self.caseID(seed: seed), level: .must, verdict: isReferenceProblem ? .harnessError : .pass,
                failures: [],
                interruption: nil, leftovers: CaseLeftovers(), transcript: Transcript(), bridgeJavaScriptSource: "")
            if case .referenceProblem(let problem)? = stop {
                result.interruption = .stopped(.harnessError, during: nil, detail: problem)
            }
            result.duration = duration
            return [result]
        }
        return [Self.failedResult(found, id: "explore.program-\(found.programSeed)")]
    }

    /// The id of the one case an exploration without a finding reports: `explore.seed-<seed>`.
    package static func caseID(seed: UInt64) -> String { "explore.seed-\(seed)" }

    /// A counterexample as a failed case result named `id`.
    static func failedResult(_ found: Counterexample, id: String) -> CaseResult {
        var result = found.result
        result.caseID = id
        result.failures = found.differences.map(\.checkFailure)
        result.clauses = Array(Set(found.differences.compactMap { $0.clause.map { String($0.prefix { $0 != "." }) } }))
            .sorted()
        // A counterexample broke a MUST: a report must not let it pass.
        switch result.verdict {
        case .pass, .nonStrict: result.verdict = .fail
        case .fail, .insecure, .notApplicable, .timeout, .crash, .adapterError, .harnessError: break
        }
        return result
    }

    /// The arguments of `conformance explore` (after the adapter's and `--max-ops`) that repeat what
    /// `caseResults` stands for: `--replay <program seed>` for a counterexample or a replayed program, and
    /// otherwise `--seed <seed> --runs <planned runs>`.
    package var rerunArguments: [String] {
        if let found = counterexample { return ["--replay", String(found.programSeed)] }
        if let replayed { return ["--replay", String(replayed)] }
        return ["--seed", String(seed), "--runs", String(plannedRuns)]
    }

    /// The shrunk counterexample as a case file; nil when no program failed.
    /// - Parameter foundWith: The command that found it.
    package func caseFile(foundWith: String) -> ExploreCaseFile? {
        guard let found = counterexample else { return nil }
        let clauses = Array(Set(found.differences.compactMap { $0.clause })).sorted()
        let first = found.differences.first?.summary ?? "differs from the reference bridge"
        return ExploreCaseFile(
            id: "explore.program-\(found.programSeed)", summary: "found by conformance explore: " + first,
            clauses: clauses,
            foundWith: foundWith, program: found.shrunk)
    }
}

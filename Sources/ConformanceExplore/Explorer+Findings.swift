import ConformanceBrowser

extension Explorer {
    /// Runs programs and groups their MUST differences into findings by signature (`ExploreSignature`: the
    /// clause cited and the kind of difference): the first program showing a new signature is shrunk,
    /// keeping a difference of that signature; later programs showing it are only counted. Differences the
    /// baseline knows (`ExploreOptions.known`) are counted and never shrunk. Stops once
    /// `options.maxFindings` findings are found, the budget runs out or all programs have run.
    ///
    /// A program showing several new signatures starts a finding for each (shrunk once per signature,
    /// the reference's runs of the candidates kept between the shrinks); one whose MUST differences are all
    /// known counts as a known-only program.
    func exploreFindings(
        _ options: ExploreOptions, generator: ExploreGenerator, progress: (Int) -> Void,
        isInterrupted: () -> Bool
    ) async -> ExploreReport {
        var report = ExploreReport(seed: options.seed, plannedRuns: options.plannedPrograms)
        report.groupsFindings = true
        report.maxFindings = max(1, options.maxFindings)
        let clock = ContinuousClock(), start = clock.now
        var shrinking: Duration = .zero
        var groups: [ExploreSignature: Int] = [:]
        var knownIndex: [String: Int] = [:]
        await runPrograms(
            options, generator: generator, report: &report, progress: progress, isInterrupted: isInterrupted
        ) { programSeed, program, comparison, report in
            var new: [ExploreSignature] = [], known: [String] = []
            for signature in comparison.failures.map(\.signature) {
                if options.known?.entry(for: signature) != nil {
                    if !known.contains(signature.id) { known.append(signature.id) }
                } else if !new.contains(signature) {
                    new.append(signature)
                }
            }
            for id in known {
                if let index = knownIndex[id] {
                    report.knownFindings[index].programs += 1
                } else {
                    knownIndex[id] = report.knownFindings.count
                    report.knownFindings.append((id, 1))
                }
            }
            guard !new.isEmpty else {
                report.knownOnlyPrograms += 1
                return true
            }
            report.programsWithNewFindings += 1
            // The reference's runs of the candidates tried, kept while this program is shrunk (for each
            // of its new signatures): the shrinks of one program try many of the same candidates.
            let runs = ReferenceRuns()
            for signature in new {
                if let index = groups[signature] {
                    report.findings[index].programs += 1
                    continue
                }
                guard report.findings.count < report.maxFindings else { continue }
                let shrinkStart = clock.now
                let counterexample = await shrink(
                    program, seed: programSeed, comparison: comparison, signature: signature,
                    attempts: options.shrinkAttempts, runs: runs, isInterrupted: isInterrupted)
                shrinking += shrinkStart.duration(to: clock.now)
                groups[signature] = report.findings.count
                report.findings.append(
                    ExploreReport.Finding(
                        signature: signature, counterexample: counterexample, firstRun: report.programsRun,
                        programs: 1, mismatchedEntry: options.known?.mismatchedEntry(for: signature),
                        relatedCatalogueCases: options.known?.relatedCatalogueEntries(for: signature) ?? []))
                if isInterrupted() {
                    report.stop = .interrupted
                    return false
                }
            }
            if report.findings.count >= report.maxFindings, options.replay == nil {
                report.stop = .findingLimit
                return false
            }
            return true
        }
        report.duration = start.duration(to: clock.now) - shrinking
        return report
    }

    /// Shrinks a failing program, keeping only candidates that still show a MUST difference of `signature`:
    /// a smaller program that fails otherwise is not a shrink of this finding. Interrupted, it gives the
    /// program as generated, unshrunk.
    /// - Parameters:
    ///   - comparison: The program's comparison, which the counterexample keeps when nothing smaller fails.
    ///   - runs: The reference's runs of candidates, shared by the shrinks of one program.
    func shrink(
        _ program: ExploreProgram, seed: UInt64, comparison: Comparison, signature: ExploreSignature,
        attempts: Int, runs: ReferenceRuns, isInterrupted: () -> Bool
    ) async -> ExploreReport.Counterexample {
        let clock = ContinuousClock(), start = clock.now
        let reportSoFar = running.withLock { $0?.reportSoFar } ?? ExploreReport(seed: 0, plannedRuns: 0)
        // The comparison of the last candidate kept, so that the shrunk program is not run again.
        var kept = comparison
        let shrunk = await ExploreShrinker(maxAttempts: attempts).shrink(program) { candidate in
            guard !isInterrupted() else { return false }
            self.running.withLock {
                $0 = ExploreRunning(
                    programSeed: seed, program: candidate, isShrinkCandidate: true, reportSoFar: reportSoFar)
            }
            let tried = await self.compare(candidate, reusing: runs)
            guard tried.referenceProblem == nil, tried.failures.contains(where: { $0.signature == signature }) else {
                return false
            }
            kept = tried
            return true
        }
        let final = isInterrupted() ? comparison : kept
        return ExploreReport.Counterexample(
            programSeed: seed, original: program, originalDifferences: comparison.differences,
            shrunk: isInterrupted() ? program : shrunk.program, differences: final.differences,
            result: final.candidate, shrinkAttempts: shrunk.attempts, shrinkDuration: start.duration(to: clock.now))
    }
}

/// The reference bridge's runs of programs tried while one program is shrunk, by program and evaluation
/// style, so that shrinking it for a second finding does not run the reference again for the candidates the
/// first shrink tried. The reference is deterministic (virtual time), so a kept run is the run. Transcripts
/// are dropped: a comparison reads only the observation, the verdict and the failures.
@MainActor
final class ReferenceRuns {
    private struct Key: Hashable {
        var program: ExploreProgram
        var style: EvaluationStyle
    }

    /// The most runs kept of each kind; past it, runs are made again.
    private static let limit = 4_096
    private var outcomes: [Key: (Explorer.Outcome, problem: String?)] = [:]
    private var probes: [Key: Int?] = [:]

    /// The reference's run of `program`, made by `run` unless kept.
    func outcome(
        of program: ExploreProgram, style: EvaluationStyle,
        run: () async -> (Explorer.Outcome, problem: String?)
    ) async -> (Explorer.Outcome, problem: String?) {
        let key = Key(program: program, style: style)
        if let kept = outcomes[key] { return kept }
        var made = await run()
        made.0.result.transcript = Transcript()
        if outcomes.count < Self.limit { outcomes[key] = made }
        return made
    }

    /// The reference's deliveries in the probe of `program`, counted by `run` unless kept.
    func probeDeliveries(of program: ExploreProgram, style: EvaluationStyle, run: () async -> Int?) async -> Int? {
        let key = Key(program: program, style: style)
        if let kept = probes[key] { return kept }
        let made = await run()
        if probes.count < Self.limit { probes[key] = made }
        return made
    }
}

import ConformanceCatalogue

extension Explorer {
    /// Runs programs until one fails (then shrinks it), the budget runs out or all have run; with
    /// `options.groupsFindings`, groups failing programs into findings instead (`exploreFindings`).
    /// - Parameters:
    ///   - options: Seed, runs, sizes, budget.
    ///   - generator: Makes each program from its seed.
    ///   - progress: Called after each program with the number run so far.
    ///   - isInterrupted: Checked before each program; true stops the run.
    package func explore(
        _ options: ExploreOptions, generator: ExploreGenerator, progress: (Int) -> Void = { _ in },
        isInterrupted: () -> Bool = { false }
    ) async -> ExploreReport {
        if options.groupsFindings {
            return await exploreFindings(
                options, generator: generator, progress: progress, isInterrupted: isInterrupted)
        }
        var report = ExploreReport(seed: options.seed, plannedRuns: options.plannedPrograms)
        let clock = ContinuousClock(), start = clock.now
        await runPrograms(
            options, generator: generator, report: &report, progress: progress, isInterrupted: isInterrupted
        ) { programSeed, program, comparison, report in
            guard let first = comparison.failures.first else { return true }
            report.duration = start.duration(to: clock.now)
            report.stop = .failure
            report.counterexample = await shrink(
                program, seed: programSeed, differences: comparison.differences, key: first,
                attempts: options.shrinkAttempts,
                originalResult: comparison.candidate, isInterrupted: isInterrupted)
            if isInterrupted() { report.stop = .interrupted }
            return false
        }
        // With a counterexample, the time to find it (shrinking excluded), as `judge` noted it.
        if report.counterexample == nil { report.duration = start.duration(to: clock.now) }
        return report
    }

    /// Runs the programs `options` asks for (one seed's runs, or the one replayed), in order, each compared
    /// with the reference, and hands each program with a MUST difference to `judge`, which returns whether to
    /// go on. An interruption, the time budget and a reference problem stop the run here (`report.stop`);
    /// programs that differ only at SHOULD level are counted here.
    func runPrograms(
        _ options: ExploreOptions, generator: ExploreGenerator, report: inout ExploreReport,
        progress: (Int) -> Void, isInterrupted: () -> Bool,
        judge: (UInt64, ExploreProgram, Comparison, inout ExploreReport) async -> Bool
    ) async {
        report.replayed = options.replay
        let clock = ContinuousClock(), start = clock.now
        let seeds: [UInt64] =
            options.replay.map { [$0] }
            ?? stride(
                from: options.shard.map { $0.index - 1 } ?? 0, to: max(0, options.runs), by: options.shard?.count ?? 1
            )
            .map { ExploreRandom.programSeed(run: $0, of: options.seed) }
        var timeoutsInARow = 0
        for programSeed in seeds {
            if options.stopAfterTimeouts > 0, timeoutsInARow >= options.stopAfterTimeouts {
                report.stop = .consecutiveTimeouts(timeoutsInARow)
                return
            }
            if isInterrupted() {
                report.stop = .interrupted
                return
            }
            if let budget = options.timeBudget, start.duration(to: clock.now) >= budget {
                report.stop = .timeBudget
                return
            }
            let program = generator.program(seed: programSeed)
            running.withLock { [report] in
                $0 = ExploreRunning(
                    programSeed: programSeed, program: program, isShrinkCandidate: false, reportSoFar: report)
            }
            let comparison = await compare(program)
            // A program cut short by the interruption (its testee ended on purpose) says nothing.
            if isInterrupted() {
                report.stop = .interrupted
                return
            }
            report.programsRun += 1
            progress(report.programsRun)
            timeoutsInARow = comparison.candidate.verdict == .timeout ? timeoutsInARow + 1 : 0
            if let problem = comparison.referenceProblem {
                report.stop = .referenceProblem("program \(programSeed): \(problem)\n" + program.listing)
                return
            }
            guard comparison.failures.isEmpty else {
                guard await judge(programSeed, program, comparison, &report) else { return }
                continue
            }
            if let first = comparison.differences.first {
                report.nonStrictPrograms += 1
                if report.nonStrict.count < 5 { report.nonStrict.append((programSeed, report.programsRun, first)) }
            }
        }
    }

    /// Shrinks a failing program, keeping candidates that fail with the same clause as `key`. Interrupted
    /// (`isInterrupted`, with `originalResult` given), it gives the program as generated, unshrunk: a run
    /// after the interruption would show the testee ended on purpose, not the defect.
    package func shrink(
        _ program: ExploreProgram, seed: UInt64, differences: [ExploreDifference], key: ExploreDifference,
        attempts: Int,
        originalResult: CaseResult? = nil, isInterrupted: () -> Bool = { false }
    ) async -> ExploreReport.Counterexample {
        let clock = ContinuousClock(), start = clock.now
        let sameFailure = { (difference: ExploreDifference) in
            difference.isFailure && Self.clauseOf(difference) == Self.clauseOf(key)
                && (key.clause != nil || difference.summary.prefix(20) == key.summary.prefix(20))
        }
        let reportSoFar = running.withLock { $0?.reportSoFar } ?? ExploreReport(seed: 0, plannedRuns: 0)
        let shrunk = await ExploreShrinker(maxAttempts: attempts).shrink(program) { candidate in
            guard !isInterrupted() else { return false }
            self.running.withLock {
                $0 = ExploreRunning(
                    programSeed: seed, program: candidate, isShrinkCandidate: true, reportSoFar: reportSoFar)
            }
            let comparison = await self.compare(candidate)
            return comparison.referenceProblem == nil && comparison.differences.contains(where: sameFailure)
        }
        if isInterrupted(), let originalResult {
            return ExploreReport.Counterexample(
                programSeed: seed, original: program, originalDifferences: differences, shrunk: program,
                differences: differences,
                result: originalResult, shrinkAttempts: shrunk.attempts, shrinkDuration: start.duration(to: clock.now))
        }
        let final = await compare(shrunk.program)
        return ExploreReport.Counterexample(
            programSeed: seed, original: program, originalDifferences: differences, shrunk: shrunk.program,
            differences: final.differences, result: final.candidate, shrinkAttempts: shrunk.attempts,
            shrinkDuration: start.duration(to: clock.now))
    }

    /// The clause (without obligation) a difference cites; nil for a run that ended early.
    private static func clauseOf(_ difference: ExploreDifference) -> String? {
        difference.clause.map { String($0.prefix { $0 != "." }) }
    }
}

import ConformanceCatalogue

/// The program `explore` is running now and what the exploration found before it, readable from another
/// thread: when the engine stalls in the program (`EngineStallGuard`), the main thread is lost inside the
/// engine, and the `conformance explore` command reports the stalled program from the guard's thread.
package struct ExploreRunning: Sendable {
    /// The program's seed: the generated program's, or for a smaller program tried while shrinking, the
    /// seed of the counterexample being shrunk.
    package var programSeed: UInt64
    /// The program.
    package var program: ExploreProgram
    /// Whether the program is a smaller one tried while shrinking the counterexample of `programSeed`.
    package var isShrinkCandidate: Bool
    /// The report as it stood before the program started.
    package var reportSoFar: ExploreReport

    /// The report of an exploration whose engine stalled in this program: the program is the
    /// counterexample, unshrunk (shrinking would run it again), its one difference the stall; or, when the
    /// reference bridge's run stalled, a problem of the kit.
    /// - Parameters:
    ///   - stalled: The candidate's result for the program (`CaseResult(stalled:...)`).
    ///   - inReference: Whether the stall was in the reference bridge's run of the program.
    package func report(stalled: CaseResult, inReference: Bool) -> ExploreReport {
        var report = reportSoFar
        if !isShrinkCandidate { report.programsRun += 1 }
        let reason = stalled.interruption?.text ?? stalled.verdict.rawValue
        if inReference || stalled.verdict == .harnessError {
            report.stop = .referenceProblem(
                "program \(programSeed): the reference bridge's run stalled: \(reason)\n" + program.listing)
            return report
        }
        let shrinking =
            isShrinkCandidate
            ? " (a smaller program tried while shrinking the counterexample of program \(programSeed))" : ""
        let difference = ExploreDifference(
            clause: nil, level: .must, kind: .stalled, summary: "the program never finished\(shrinking): \(reason)")
        let counterexample = ExploreReport.Counterexample(
            programSeed: programSeed, original: program, originalDifferences: [difference], shrunk: program,
            differences: [difference], result: stalled, shrinkAttempts: 0, shrinkDuration: .zero)
        guard report.groupsFindings else {
            report.stop = .failure
            report.counterexample = counterexample
            return report
        }
        // The run cannot go on past a stall, so its program is a finding whatever the baseline says.
        if !isShrinkCandidate { report.programsWithNewFindings += 1 }
        report.stop = .failure
        report.findings.append(
            ExploreReport.Finding(
                signature: difference.signature, counterexample: counterexample, firstRun: report.programsRun,
                programs: 1))
        return report
    }
}

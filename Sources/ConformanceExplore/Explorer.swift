import ConformanceAdapter
import ConformanceBrowser
import ConformanceCatalogue
import ConformanceEngine
import Foundation
import WireDialects

/// Runs generated programs against an implementation and against the reference bridge, compares what
/// each run showed, and shrinks the first program that differs to a minimal one that still does.
///
/// Deterministic for a seed: program `i` comes from `ExploreRandom.programSeed(run: i, of: seed)`, and
/// every run is on the virtual clock. Only `timeBudget` reads the wall clock, to stop early.
@MainActor
package final class Explorer {
    /// A program's run on one adapter: the case result and what it showed.
    package struct Outcome: Sendable {
        /// The run as a case (verdict, automatic failures, transcript).
        package var result: CaseResult
        /// The canonical observation.
        package var observation: ExploreObservation
    }

    /// How one program's runs compared.
    package struct Comparison: Sendable {
        /// The differences, failures (MUST) and SHOULDs alike.
        package var differences: [ExploreDifference]
        /// The implementation's run.
        package var candidate: CaseResult
        /// Set when the reference bridge did not pass its own run: a fault of the kit, never the implementation's.
        package var referenceProblem: String?

        /// The differences that are conformance failures.
        package var failures: [ExploreDifference] { differences.filter(\.isFailure) }
    }

    /// The program running now, for a report made on another thread after an engine stall.
    package nonisolated let running = LockedValue<ExploreRunning?>(nil)

    /// The exploration's report when the program running stalled the engine, from the stall guard's thread: the
    /// stall as the program's finding, or as the kit's fault in the reference's run. Nil when no program runs.
    package nonisolated func report(afterStall stall: EngineStall) -> ExploreReport? {
        guard let running = running.withLock({ $0 }) else { return nil }
        let stalled = CaseResult(stalled: stall, caseID: stall.caseID ?? "explore.program", level: .must, clauses: [])
        return running.report(stalled: stalled, inReference: stall.caseID == "explore.reference")
    }

    private let candidateRunner: ConformanceRunner
    private let referenceRunner: ConformanceRunner
    let spec: ProtocolSpec
    /// The wire both sides speak (`--profile`): observations are read, and differences named, in its words.
    let dialect: WireDialect
    private let candidate: AdapterFactory
    private let reference: @MainActor (EvaluationStyle) -> any BridgeAdapter

    /// Creates an explorer.
    /// - Parameters:
    ///   - candidateRunner: Runs each program as a case against the implementation (with its JS side, if given).
    ///   - referenceRunner: Runs each program against the reference bridge (with the kit's JS side).
    ///   - spec: The spec, for the level of each difference's clause.
    ///   - dialect: The wire both runners speak (the canonical one unless said).
    ///   - candidate: Makes the implementation's adapter.
    ///   - reference: Makes the reference bridge's adapter, the oracle, evaluating in the given style: the
    ///     oracle evaluates as the implementation did, since when a message lands relative to page steps
    ///     differs between `evaluateJavaScript` and a synchronous evaluation, and the spec allows both.
    package init(
        candidateRunner: ConformanceRunner, referenceRunner: ConformanceRunner, spec: ProtocolSpec,
        dialect: WireDialect = .canonical, candidate: @escaping AdapterFactory,
        reference: @escaping @MainActor (EvaluationStyle) -> any BridgeAdapter
    ) {
        self.candidateRunner = candidateRunner
        self.referenceRunner = referenceRunner
        self.spec = spec
        self.dialect = dialect
        self.candidate = candidate
        self.reference = reference
    }

    /// What the implementation offers, asked of a fresh adapter; nil when the adapter cannot be made.
    package func candidateCapabilities() -> BridgeCapabilities? {
        guard let adapter = try? candidate() else { return nil }
        defer { adapter.caseDidEnd() }
        return BridgeCapabilities(of: adapter)
    }

    /// Runs `program` on the adapter `makeAdapter` makes, with `runner`.
    package func outcome(
        of program: ExploreProgram, on makeAdapter: AdapterFactory, runner: ConformanceRunner,
        id: String = "explore.program"
    ) async -> Outcome {
        let steps = ExploreExecution.Steps()
        let result = await runner.run(
            ExploreExecution.conformanceCase(program, id: id, steps: steps), adapter: makeAdapter)
        return Outcome(
            result: result, observation: ExploreObservation(transcript: result.transcript, stepStarts: steps.starts))
    }

    /// The reference's run of `program`, or why it did not pass (a fault of the kit).
    /// - Parameter style: How the reference evaluates JavaScript.
    package func referenceOutcome(of program: ExploreProgram, style: EvaluationStyle) async -> (
        Outcome, problem: String?
    ) {
        let reference = self.reference
        let outcome = await outcome(
            of: program, on: { reference(style) }, runner: referenceRunner, id: "explore.reference")
        guard outcome.result.verdict != .pass else { return (outcome, nil) }
        let reasons = [outcome.result.interruption?.text].compactMap { $0 } + outcome.result.failures.map(\.description)
        let transcript = TranscriptRenderer.render(
            outcome.result.transcript, bridgeJavaScriptSource: outcome.result.bridgeJavaScriptSource,
            maximumBytes: CaseOutputLimits.transcriptBytes / 3)
        return (
            outcome,
            "the reference bridge's run ended \(outcome.result.verdict.rawValue): " + reasons.joined(separator: "; ")
                + "\nthe reference's transcript:\n" + transcript
        )
    }

    /// Runs `program` on both sides and compares.
    package func compare(_ program: ExploreProgram) async -> Comparison {
        await compare(program, reusing: nil)
    }

    /// Runs `program` on both sides and compares, taking the reference's runs from `runs` when it holds them.
    func compare(_ program: ExploreProgram, reusing runs: ReferenceRuns?) async -> Comparison {
        let actual = await outcome(of: program, on: candidate, runner: candidateRunner)
        let style = Self.evaluationStyle(of: actual.result.transcript)
        let (expected, problem) =
            if let runs {
                await runs.outcome(of: program, style: style) { await self.referenceOutcome(of: program, style: style) }
            } else {
                await referenceOutcome(of: program, style: style)
            }
        if let problem {
            return Comparison(differences: [], candidate: actual.result, referenceProblem: problem)
        }
        var differences = Self.runDifferences(actual.result, reference: expected.result)
        var heldAtEnd: Bool?
        if ExploreComparison.deliveredFewer(reference: expected.observation, candidate: actual.observation) {
            heldAtEnd = await heldMessagesAtEnd(of: program, style: style, reusing: runs)
        }
        differences += ExploreComparison(program: program, spec: spec, dialect: dialect)
            .differences(reference: expected.observation, candidate: actual.observation, heldAtEnd: heldAtEnd)
        return Comparison(differences: differences, candidate: actual.result)
    }

    /// Whether the implementation still holds messages once `program` has run: with a reload added, it
    /// delivers more messages during the reload than the reference does (a startup queue that stayed on
    /// flushes them at the next load URL). Nil when either probe run does not finish.
    private func heldMessagesAtEnd(of program: ExploreProgram, style: EvaluationStyle, reusing runs: ReferenceRuns?)
        async -> Bool?
    {
        let probe = Self.probe(program)
        let actual = await outcome(of: probe, on: candidate, runner: candidateRunner, id: "explore.probe")
        let deliveries =
            if let runs {
                await runs.probeDeliveries(of: program, style: style) {
                    await self.referenceDeliveriesInProbe(of: program, style: style)
                }
            } else {
                await referenceDeliveriesInProbe(of: program, style: style)
            }
        guard let expected = deliveries,
            actual.result.verdict.category != .error
        else { return nil }
        return Self.deliveriesInProbe(actual.observation, of: program) > expected
    }

    /// `program`, then the final settle every run ends with, then a reload: what a startup queue still
    /// held is flushed at the reload's load URL.
    static func probe(_ program: ExploreProgram) -> ExploreProgram {
        ExploreProgram(
            operations: program.operations + [.settle(horizon: 60_000), .reload], schedule: program.schedule)
    }

    /// Messages delivered during the reload of `probe(program)` and after it.
    static func deliveriesInProbe(_ observation: ExploreObservation, of program: ExploreProgram) -> Int {
        observation.wire.filter { ($0.kind == .call || $0.kind == .response) && $0.step > program.operations.count }
            .count
    }

    /// The reference's deliveries during the probe's reload; nil when its run does not finish.
    func referenceDeliveriesInProbe(of program: ExploreProgram, style: EvaluationStyle) async -> Int? {
        let reference = self.reference
        let expected = await outcome(
            of: Self.probe(program), on: { reference(style) }, runner: referenceRunner, id: "explore.probe")
        return expected.result.verdict.category == .error
            ? nil : Self.deliveriesInProbe(expected.observation, of: program)
    }

    /// The style most of the implementation's evaluations used (asynchronous when it evaluated nothing).
    static func evaluationStyle(of transcript: Transcript) -> EvaluationStyle {
        var synchronous = 0, asynchronous = 0
        for entry in transcript.entries {
            guard case .evaluationStarted(_, let style, _) = entry.event else { continue }
            if style == .synchronous { synchronous += 1 } else if style == .asynchronous { asynchronous += 1 }
        }
        return synchronous > asynchronous ? .synchronous : .asynchronous
    }

    /// Differences in how the run ended, and failures of the harness's own checks the reference's run did not have.
    private static func runDifferences(_ actual: CaseResult, reference: CaseResult) -> [ExploreDifference] {
        var differences: [ExploreDifference] = []
        switch actual.verdict {
        case .notApplicable, .timeout, .crash, .adapterError, .harnessError:
            differences.append(
                ExploreDifference(
                    clause: nil, level: .must, kind: .runEnded(actual.verdict),
                    summary:
                        "the run ended as \(actual.verdict.rawValue): \(actual.interruption?.text ?? "no reason given")"
                )
            )
        case .insecure:
            differences.append(
                ExploreDifference(
                    clause: nil, level: .must, kind: .runEnded(.insecure),
                    summary: "a page tripwire fired: the implementation ran page-controlled text as code"))
        case .pass, .fail, .nonStrict:
            break  // the failures below tell
        }
        let known = Set(reference.failures.map(\.citationLabel))
        var seen = Set<String>()
        for failure in actual.failures
        where !known.contains(failure.citationLabel) && seen.insert(failure.citationLabel).inserted {
            differences.append(
                ExploreDifference(
                    clause: failure.obligation ?? failure.clause, level: failure.level, kind: .check,
                    summary: failure.message,
                    expected: failure.expected, actual: failure.actual))
        }
        return differences
    }
}

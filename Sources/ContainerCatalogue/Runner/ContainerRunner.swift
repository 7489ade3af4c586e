import ConformanceAdapter
import ConformanceBrowser
import ConformanceCatalogue
import ConformanceEngine
import ConformanceFixtures
import ConformanceSupport

/// Makes a fresh adapter (and so a fresh container) for one case.
public typealias ContainerAdapterFactory = @MainActor () throws -> any ContainerAdapter

/// Runs container cases against a container, each in a fresh simulated web view, and gives one verdict per case,
/// judged by `spec/container.md`. Results are the WVJB runner's (`CaseResult`), so reports read both alike. A case
/// that breaks (adapter error, timeout, harness failure) never stops the run.
@MainActor
package final class ContainerRunner {
    private let environment: HarnessEnvironment
    private let spec: ProtocolSpec

    /// How long one script of a case's page may run by default, in seconds of CPU.
    package nonisolated static let defaultExecutionTimeLimit: Double = 5

    /// Prepares the engine and loads the container's JS side and spec.
    /// - Parameters:
    ///   - javaScriptSide: The JS side the harness offers the container (`webView.bridgeJavaScriptSource`); nil
    ///     offers the kit's (`Fixtures/js/container/container-bridge.js`).
    ///   - executionTimeLimit: How long one script may run, in seconds of CPU, before its case ends as a timeout.
    /// - Throws: `HarnessError` when a fixture or resource cannot be read.
    package init(
        javaScriptSide: String? = nil, executionTimeLimit: Double = ContainerRunner.defaultExecutionTimeLimit
    ) throws(HarnessError) {
        // No page setup snippet: a container's page needs none, its JS side comes as a user script.
        let offered: String
        if let javaScriptSide { offered = javaScriptSide } else { offered = try Self.kitJavaScriptSide() }
        environment = try HarnessEnvironment(
            bridgeJavaScriptSource: offered, executionTimeLimit: executionTimeLimit, pageSetupSource: "")
        spec = try ContainerSpec.bundled()
    }

    /// The kit's container JS side.
    /// - Throws: `HarnessError` when the fixture cannot be read.
    package nonisolated static func kitJavaScriptSide() throws(HarnessError) -> String {
        try HarnessEnvironment.read(ConformanceFixtures.url(javaScriptSidePath))
    }

    /// Where the kit's container JS side is, below `Fixtures/`.
    package nonisolated static let javaScriptSidePath = "js/container/container-bridge.js"

    /// Runs `cases` in order, each against a fresh adapter.
    package func run(_ cases: [ContainerCase], adapter makeAdapter: ContainerAdapterFactory) async -> [CaseResult] {
        var results: [CaseResult] = []
        for containerCase in cases {
            results.append(await run(containerCase, adapter: makeAdapter))
        }
        return results
    }

    /// Runs one case against a fresh adapter: never throws, every problem becomes a verdict.
    package func run(_ containerCase: ContainerCase, adapter makeAdapter: ContainerAdapterFactory) async -> CaseResult {
        let clock = ContinuousClock(), start = clock.now
        // An engine stall (`EngineStallGuard`) names the case it happened in.
        EngineActivity.shared.setCase(containerCase.id)
        defer { EngineActivity.shared.setCase(nil) }
        let outcome = await execute(containerCase, adapter: makeAdapter)
        let failures = outcome.failures.map { failure in
            var judged = failure
            judged.level = spec.level(ofCitation: failure.clause) ?? .must
            return judged
        }
        return CaseResult(
            caseID: containerCase.id, level: .must, clauses: containerCase.clauses,
            verdict: CaseJudgement.verdict(
                interruption: outcome.interruption, failures: failures, transcript: outcome.transcript),
            failures: failures, checks: outcome.checks, interruption: outcome.interruption,
            leftovers: CaseLeftovers(page: outcome.page), transcript: outcome.transcript,
            bridgeJavaScriptSource: environment.bridgeJavaScriptSource, duration: start.duration(to: clock.now))
    }

    /// What running a case gave, before judgement.
    private struct Outcome {
        var interruption: CaseInterruption?
        var failures: [CheckFailure] = []
        var checks: [CaseCheck] = []
        var page = PageLeftovers()
        var transcript = Transcript()
    }

    private func execute(_ containerCase: ContainerCase, adapter makeAdapter: ContainerAdapterFactory) async -> Outcome
    {
        let browser: any PageHost
        do {
            browser = try simulatedBrowserPageHost(environment)
        } catch {
            return Outcome(
                interruption: .stopped(
                    .harnessError, during: nil, detail: "the simulated browser failed to start: \(error)"))
        }
        defer { browser.close() }
        let adapter: any ContainerAdapter
        do {
            adapter = try makeAdapter()
        } catch let error as AdapterFailure {
            return Outcome(interruption: CaseStop.adapterFailure(error, stage: "the start of the testee").interruption)
        } catch {
            return Outcome(
                interruption: .stopped(.adapterError, during: nil, detail: "the adapter could not be created: \(error)")
            )
        }
        defer { adapter.caseDidEnd() }
        let declared = adapter as? any DeclaresContainerCapabilities
        let synchronous = declared?.offersSynchronousCalls ?? (adapter is any SupportsSynchronousCalls)
        if containerCase.needsSynchronousCalls, !synchronous {
            return Outcome(
                interruption: .notApplicable(
                    .adapterLacks(needs: "SupportsSynchronousCalls", offers: "no synchronous calls")))
        }
        // A handler that throws needs the container in this process: a testee's proxy cannot throw for it.
        if containerCase.usesThrowingHandlers, declared != nil {
            return Outcome(
                interruption: .notApplicable(
                    .adapterLacks(
                        needs: "a handler that throws, in the harness's process", offers: "a container out of process"))
            )
        }
        let context = ContainerCaseContext(containerCase: containerCase, browser: browser, adapter: adapter)
        var stop: CaseStop?
        do {
            try context.attach()
            try await containerCase.body(context)
            try await context.runUntilIdle()
        } catch let caseStop as CaseStop {
            stop = caseStop
        } catch {
            stop = .harness("the case's script threw \(error)")
        }
        let page = browser.finish()
        return Outcome(
            interruption: stop?.interruption, failures: context.failures, checks: context.checks, page: page,
            transcript: browser.transcript)
    }
}

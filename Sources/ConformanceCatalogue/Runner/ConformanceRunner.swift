import ConformanceAdapter
import ConformanceBrowser
import ConformanceEngine
import ConformanceFixtures
import ConformanceSupport
import WireDialects

/// Makes a fresh adapter (and so a fresh implementation) for one case.
public typealias AdapterFactory = @MainActor () throws -> any BridgeAdapter

/// Runs cases against an implementation, each in a fresh simulated web view, and gives one verdict per
/// case. A case that breaks (adapter error, timeout, harness failure) never stops the run.
@MainActor
package final class ConformanceRunner {
    /// How the harness is set up for a run.
    package struct Configuration: Sendable {
        /// The JS side to inject; nil uses the kit's reference JS side (`Fixtures/js`).
        package var bridgeJavaScriptSource: String?
        /// Seconds of CPU one script (one job of the page) may run before it is stopped and its case ends as a
        /// timeout; a microtask chain that keeps the engine busy past it and `EngineStallGuard.margin` stalls.
        package var executionTimeLimit: Double

        /// The default `executionTimeLimit`.
        package static let defaultExecutionTimeLimit: Double = 5
        /// The page setup snippet (BOOT-5) every case's pages run; nil uses the kit's
        /// (`Fixtures/js/page-setup.js`). Only the kit's own page-snippet mutants change it.
        package var pageSetupSource: String?
        /// Whether the run judges the JS side it injects. When it does not (the kit's reference JS side,
        /// and a native side under test), JS-side cases are not applicable: their failures would be the
        /// native side's doing, cited under JS-side clauses.
        package var javaScriptSideUnderTest: Bool
        /// The native side JS-side cases run against, so that what they find is the JS side's doing; nil
        /// runs them against the adapter under test.
        package var javaScriptSideHost: (@MainActor @Sendable () -> any BridgeAdapter)?
        /// Makes each case's page host: the kit's simulated browser unless another engine is chosen.
        package var pageHost: PageHostFactory = simulatedBrowserPageHost
        /// The wire the run speaks: the kit's scripts are had in it, pages and transcripts are read in it,
        /// and a case written for other dialects is not applicable.
        package var dialect: WireDialect

        /// Creates a configuration.
        /// - Parameters:
        ///   - bridgeJavaScriptSource: A JS side to inject instead of the reference one.
        ///   - executionTimeLimit: The per-script time limit in seconds.
        ///   - pageSetupSource: A page setup snippet instead of the kit's.
        ///   - javaScriptSideUnderTest: Whether JS-side cases run; by default, when a JS side is given.
        ///   - javaScriptSideHost: The native side JS-side cases run against (the kit's reference one,
        ///     normally); nil uses the adapter under test.
        ///   - dialect: The wire the run speaks (the canonical one unless said).
        package init(
            bridgeJavaScriptSource: String? = nil, executionTimeLimit: Double = defaultExecutionTimeLimit,
            pageSetupSource: String? = nil,
            javaScriptSideUnderTest: Bool? = nil,
            javaScriptSideHost: (@MainActor @Sendable () -> any BridgeAdapter)? = nil,
            dialect: WireDialect = .canonical
        ) {
            self.bridgeJavaScriptSource = bridgeJavaScriptSource
            self.executionTimeLimit = executionTimeLimit
            self.pageSetupSource = pageSetupSource
            self.javaScriptSideUnderTest = javaScriptSideUnderTest ?? (bridgeJavaScriptSource != nil)
            self.javaScriptSideHost = javaScriptSideHost
            self.dialect = dialect
        }
    }

    private let environment: HarnessEnvironment
    private let configuration: Configuration
    /// The spec, whose clause levels judge each failure.
    private let spec: ProtocolSpec
    /// What bridges do with this run's web views after their cases, until the case during which they do it ends.
    private let lateWebViewUses = LateWebViewUseLog()

    /// Prepares the engine and loads the kit's fixtures and spec.
    /// - Parameter configuration: The harness set-up.
    /// - Throws: `HarnessError` when a fixture or resource cannot be read.
    package init(configuration: Configuration = Configuration()) throws(HarnessError) {
        environment = try HarnessEnvironment(
            bridgeJavaScriptSource: configuration.bridgeJavaScriptSource,
            executionTimeLimit: configuration.executionTimeLimit, pageSetupSource: configuration.pageSetupSource,
            dialect: configuration.dialect)
        spec = try ProtocolSpec.bundled()
        self.configuration = configuration
        // A trap inside the kit's own code that a bridge called says so before the process ends (KitCode).
        KitCode.installTrapNote(for: .person)
    }

    /// The kit's reference JS side (`Fixtures/js/WebViewJavascriptBridge.js`, or the dialect's own).
    /// - Parameter dialect: The wire wanted.
    /// - Throws: `HarnessError` when the fixture cannot be read.
    package nonisolated static func referenceJavaScriptSide(in dialect: WireDialect = .canonical) throws(HarnessError)
        -> String
    {
        try HarnessEnvironment.referenceJavaScriptSide(in: dialect)
    }

    /// The kit's page setup snippet (`Fixtures/js/page-setup.js`, or the dialect's own).
    /// - Parameter dialect: The wire wanted.
    /// - Throws: `HarnessError` when the fixture cannot be read.
    package nonisolated static func referencePageSetup(in dialect: WireDialect = .canonical) throws(HarnessError)
        -> String
    {
        try HarnessEnvironment.kitScript(HarnessSelfCheck.pageSetupPath, in: dialect)
    }

    /// The JS side this runner injects.
    package var bridgeJavaScriptSource: String { environment.bridgeJavaScriptSource }

    /// Runs cases in order, each against a fresh adapter.
    /// - Parameters:
    ///   - cases: The cases to run.
    ///   - makeAdapter: Makes a fresh adapter for each case.
    /// - Returns: One result per case, in order.
    package func run(_ cases: [ConformanceCase], adapter makeAdapter: AdapterFactory) async -> [CaseResult] {
        var results: [CaseResult] = []
        for conformanceCase in cases {
            results.append(await run(conformanceCase, adapter: makeAdapter))
        }
        return results
    }

    /// Runs one case against a fresh adapter, in three stages: whether it applies (`CaseApplicability`), its
    /// execution (`CaseExecution`), and the judgement of what that gave into its result (`CaseJudgement`).
    /// - Parameters:
    ///   - conformanceCase: The case.
    ///   - makeAdapter: Makes the adapter.
    /// - Returns: The case's result; never throws, every problem becomes a verdict.
    package func run(_ conformanceCase: ConformanceCase, adapter makeAdapter: AdapterFactory) async -> CaseResult {
        // The whole case on the wall clock: browser start, adapter creation, script, finish, clean-up.
        let clock = ContinuousClock(), start = clock.now
        // A stall of the engine in this case is reported under its id (EngineStallGuard).
        EngineActivity.shared.setCase(conformanceCase.id)
        defer { EngineActivity.shared.setCase(nil) }
        var outcome = await execute(conformanceCase, adapter: makeAdapter)
        // What bridges did with earlier cases' web views during this one: a note on it, never judged.
        outcome.leftovers.lateWebViewUses = lateWebViewUses.take()
        return CaseJudgement(spec: spec).result(
            of: conformanceCase, outcome, bridgeJavaScriptSource: environment.bridgeJavaScriptSource,
            duration: start.duration(to: clock.now))
    }

    /// Makes the case's page host and adapter, each once the case is known to apply so far, and runs the case on
    /// them; an outcome with only an interruption when it does not apply or either cannot be made.
    private func execute(_ conformanceCase: ConformanceCase, adapter makeAdapter: AdapterFactory) async
        -> CaseExecution.Outcome
    {
        if let reason = CaseApplicability.inProfile(conformanceCase, of: environment.dialect) {
            return CaseExecution.Outcome(interruption: .notApplicable(reason))
        }
        let browser: any PageHost
        do {
            browser = try configuration.pageHost(environment)
        } catch {
            return CaseExecution.Outcome(
                interruption: .stopped(
                    .harnessError, during: nil, detail: "the simulated browser failed to start: \(error)"))
        }
        defer { browser.close() }
        if let reason = CaseApplicability.onPage(conformanceCase, with: browser.facilities) {
            return CaseExecution.Outcome(interruption: .notApplicable(reason))
        }
        if let reason = CaseApplicability.withJavaScriptSide(
            conformanceCase, underTest: configuration.javaScriptSideUnderTest)
        {
            return CaseExecution.Outcome(interruption: .notApplicable(reason))
        }
        // Against the kit's native side, what a JS-side case finds is the JS side's doing.
        var makeAdapter = makeAdapter
        if conformanceCase.subject == .javaScriptSide, let host = configuration.javaScriptSideHost {
            makeAdapter = host
        }
        let adapter: any BridgeAdapter
        do {
            adapter = try makeAdapter()
        } catch let error as AdapterFailure {
            return CaseExecution.Outcome(
                interruption: CaseStop.adapterFailure(error, stage: "the start of the testee").interruption)
        } catch {
            return CaseExecution.Outcome(
                interruption: .stopped(.adapterError, during: nil, detail: "the adapter could not be created: \(error)")
            )
        }
        if let reason = CaseApplicability.onAdapter(conformanceCase, offering: BridgeCapabilities(of: adapter)) {
            return CaseExecution.Outcome(interruption: .notApplicable(reason))
        }
        browser.webView.countUsesAfterItsCase(as: conformanceCase.id, in: lateWebViewUses)
        defer { adapter.caseDidEnd() }
        return await CaseExecution(conformanceCase: conformanceCase, browser: browser, adapter: adapter).run()
    }
}

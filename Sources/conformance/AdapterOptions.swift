import ArgumentParser
import ConformanceKit
import Foundation
import ReferenceBridge

/// `--adapter` and `--adapter-timeout`, shared by `run`, `smoke` and `record`: a built-in adapter by name, or a
/// command that starts an out-of-process testee (`spec/adapter-protocol.md`).
struct AdapterOptions: ParsableArguments {
    /// The longest `--adapter-timeout` accepted, in seconds: an hour of silence is a hang, not a slow testee.
    static let maximumAdapterTimeout: Double = 3600
    /// The longest `--script-time-limit` accepted, in seconds.
    static let maximumScriptTimeLimit: Double = 600

    @Option(
        name: .customLong("adapter"),
        help: ArgumentHelp(
            "The implementation to test: reference, reference-sync, mutant:<id>, or a command that starts an out-of-process adapter (quote it when it has arguments). (default: \(AdapterChoice.reference.argument))",
            valueName: "name-or-command"), transform: { try AdapterChoice(argument: $0) })
    var choice: AdapterChoice = .reference

    @Option(
        name: .customLong("adapter-timeout"),
        help: ArgumentHelp(
            "Seconds an out-of-process adapter may stay silent before it is killed and its case ends as a timeout (more than 0, at most \(Int(AdapterOptions.maximumAdapterTimeout))).",
            valueName: "seconds"))
    var adapterTimeout: Double = ProcessBridgeAdapter.Configuration.defaultResponseTimeout

    @Option(
        name: .customLong("script-time-limit"),
        help: ArgumentHelp(
            "Seconds of CPU one script in the page (one job: an evaluation, a timer, a promise reaction) may run before it is stopped and its case ends as a timeout (more than 0, at most \(Int(AdapterOptions.maximumScriptTimeLimit))).",
            valueName: "seconds"))
    var scriptTimeLimit: Double = ConformanceRunner.Configuration.defaultExecutionTimeLimit

    @Option(
        name: .customLong("testee-lifetime"),
        help: ArgumentHelp(
            "How long an out-of-process adapter lives: one process for the whole run, each case with a fresh adapter and page in it, or a fresh process per case (slower; for an implementation that keeps state in statics or singletons).",
            valueName: "lifetime"))
    var testeeLifetime: TesteeLifetime = .defaultValue

    @Option(
        name: .customLong("web-view"),
        help: ArgumentHelp(
            "The page the cases run in: the kit's simulated web view, or a real WebKitGTK one (a build with CONFORMANCE_WEBKITGTK=1, under xvfb-run; docs/real-webkit.md).",
            valueName: "web-view"))
    var webView: WebViewChoice = .simulated

    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "The dialect of the wire the implementation speaks: canonical WebViewJavascriptBridge, wkwvjb (the WKWebViewJavascriptBridge package's postMessage dialect), or a dialect file (a path ending in .json; docs/dialects.md). Cases whose clauses do not hold in it are not applicable.",
            valueName: "profile"))
    var profile: ProfileChoice = .canonical

    func validate() throws {
        try profile.validated(allowingContainer: true)
        if let refusal = choice.refusal(inProfile: profile) { throw ValidationError(refusal) }
        if profile.isContainer, webView != .simulated {
            throw ValidationError(
                "the container profile runs in the simulated web view only for now: leave out --web-view \(webView.rawValue)"
            )
        }
        // `isFinite` also rejects `nan`; an infinite or huge watchdog traps when converted to whole seconds.
        guard adapterTimeout.isFinite, adapterTimeout > 0, adapterTimeout <= Self.maximumAdapterTimeout else {
            throw ValidationError(
                "--adapter-timeout must be more than 0 and at most \(Int(Self.maximumAdapterTimeout)) seconds (got \(adapterTimeout))"
            )
        }
        guard scriptTimeLimit.isFinite, scriptTimeLimit > 0, scriptTimeLimit <= Self.maximumScriptTimeLimit else {
            throw ValidationError(
                "--script-time-limit must be more than 0 and at most \(Int(Self.maximumScriptTimeLimit)) seconds (got \(scriptTimeLimit))"
            )
        }
    }

    /// The words that select the same adapter in a rerun command.
    var rerunWords: [String] {
        var words = ShellCommand.option("--adapter", choice.argument)
        if adapterTimeout != ProcessBridgeAdapter.Configuration.defaultResponseTimeout {
            words += ["--adapter-timeout", "\(adapterTimeout)"]
        }
        if scriptTimeLimit != ConformanceRunner.Configuration.defaultExecutionTimeLimit {
            words += ["--script-time-limit", "\(scriptTimeLimit)"]
        }
        if webView != .simulated { words += ["--web-view", webView.rawValue] }
        if profile != .canonical { words += ["--profile", profile.argument] }
        return words
    }

    /// The factory for the chosen adapter; for a command, after checking that it starts and greets. With
    /// `--testee-lifetime run` the factory owns the one testee process of the run (`PersistentTestee`),
    /// which ends, its descriptors closed, when the factory goes.
    /// - Parameter isInterrupted: Whether a signal interrupted the command, so that a testee ended on
    ///   purpose is not reported as one that did not start.
    /// - Throws: `ExitCodes.configuration` after printing what is wrong (nothing, when interrupted).
    func resolve(isInterrupted: () -> Bool = { false }) throws -> AdapterFactory {
        switch choice {
        case .reference:
            let dialect = profile.dialect
            return { ReferenceBridgeAdapter(evaluationStyle: .asynchronous, dialect: dialect) }
        case .referenceSync:
            let dialect = profile.dialect
            return { ReferenceBridgeAdapter(evaluationStyle: .synchronous, dialect: dialect) }
        case .mutant(let mutant):
            return { mutant.makeAdapter() }
        case .containerMutant(let mutant):
            // Validation refuses it (`AdapterChoice.refusal(inProfile:)`); said, not trapped, should that change.
            printError("mutant:\(mutant.id) breaks the reference container: run it with --profile container")
            throw ExitCodes.usage
        case .command(let command):
            let testee = try startTestee(command: command, isInterrupted: isInterrupted)
            if testee.servesContainer {
                printError(
                    "the adapter command `\(command)` serves a messageHandler container (its hello offers `container`, ADP-25): run it with --profile container"
                )
                throw ExitCodes.configuration
            }
            return testee.factory
        }
    }

    /// The adapter started by `command`, checked to start and greet before the first case, and what its hello
    /// offered.
    struct StartedTestee {
        /// Makes each case's adapter: one on the run's process (`--testee-lifetime run`) or a fresh process.
        let factory: @MainActor () throws -> ProcessBridgeAdapter
        /// Whether the hello offered `container` (a messageHandler container, ADP-25).
        let servesContainer: Bool
    }

    /// Starts the out-of-process adapter `command` and reads its hello.
    /// - Throws: `ExitCodes.configuration` after printing what is wrong (nothing, when interrupted).
    func startTestee(command: String, isInterrupted: () -> Bool) throws -> StartedTestee {
        let configuration = ProcessBridgeAdapter.Configuration(command: command, responseTimeout: adapterTimeout)
        let lifetime = testeeLifetime
        let started = MainQueuePump.run { () -> Result<(PersistentTestee?, Bool), AdapterFailure> in
            do throws(AdapterFailure) {
                switch lifetime {
                case .run:
                    // The process that greets serves the first case.
                    let testee = PersistentTestee(configuration: configuration)
                    try testee.start()
                    return .success((testee, testee.servesContainer ?? false))
                case .case:
                    let adapter = try ProcessBridgeAdapter(configuration: configuration)
                    return .success((nil, adapter.offersContainer))
                }
            } catch {
                return .failure(error)
            }
        }
        switch started {
        case .failure(let error):
            if isInterrupted() { throw ExitCodes.configuration }
            printError("the adapter command `\(command)` did not start as an adapter: \(error.message)")
            throw ExitCodes.configuration
        case .success((let testee?, let servesContainer)):
            return StartedTestee(
                factory: { try ProcessBridgeAdapter(persistent: testee) }, servesContainer: servesContainer)
        case .success((nil, let servesContainer)):
            return StartedTestee(
                factory: { try ProcessBridgeAdapter(configuration: configuration) }, servesContainer: servesContainer)
        }
    }

    /// Runs `cases` on the main thread, one by one, with `javaScriptSide` injected (or, for a JS-side or
    /// page-snippet mutant, its broken copy of the reference JS side or page snippet).
    ///
    /// A case whose engine stalls (`EngineStallGuard`: a microtask chain that never ends) costs only that
    /// case: the process restarts itself with the same command line (`RunContinuation`), carrying the
    /// results so far and the stalled case's timeout, and the successor runs the cases left. This call
    /// in the successor returns every result, carried ones first.
    /// - Parameters:
    ///   - monitor: Told of each case as it starts and ends, and may stop the run early; the results are
    ///     then those it kept.
    ///   - afterStall: What to do with the results when the process cannot restart after a stall (it then
    ///     exits with status 1): write them, for `run`.
    /// - Throws: `ExitCodes.configuration` after printing the harness or adapter error.
    func run(
        _ cases: [ConformanceCase], javaScriptSide: String?, monitor: RunMonitor? = nil,
        afterStall: (@Sendable ([CaseResult]) -> Void)? = nil
    ) throws -> [CaseResult] {
        try run(.wire(cases), javaScriptSide: javaScriptSide, monitor: monitor, afterStall: afterStall)
    }

    /// Runs `selection` as `run(_:javaScriptSide:monitor:afterStall:)` runs WVJB cases: container cases on the
    /// reference container, a container mutant or a container testee (`containerRunner`).
    func run(
        _ selection: SelectedCases, javaScriptSide: String?, monitor: RunMonitor? = nil,
        afterStall: (@Sendable ([CaseResult]) -> Void)? = nil
    ) throws -> [CaseResult] {
        let carried = RunContinuation.inherited?.results ?? []
        let done = Set(carried.map(\.caseID))
        if let monitor, !carried.isEmpty, !monitor.resume(with: carried) { return monitor.finished }
        let finished = LockedValue(carried)
        installStallHandler(
            outlines: selection.outlines, finished: { monitor?.finished ?? finished.withLock { $0 } },
            afterStall: afterStall)
        let prepare: @MainActor @Sendable () throws(HarnessError) -> CaseRunner
        switch selection {
        case .wire(let cases): prepare = try wireRunner(cases, javaScriptSide: javaScriptSide, monitor: monitor)
        case .container(let cases):
            prepare = try containerRunner(cases, javaScriptSide: javaScriptSide, monitor: monitor)
        }
        let ids = selection.ids
        let outcome = MainQueuePump.run { () async -> Result<[CaseResult], HarnessError> in
            do throws(HarnessError) {
                let runCase = try prepare()
                for (index, id) in ids.enumerated() where !done.contains(id) {
                    if let monitor, !monitor.caseMayStart(id, index: index) { break }
                    let result = await runCase(index)
                    finished.withLock { $0.append(result) }
                    if let monitor, !monitor.caseDidFinish(result, index: index) { break }
                }
                return .success(monitor?.finished ?? finished.withLock { $0 })
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let results): return results
        case .failure(let error):
            printError(error.description)
            throw ExitCodes.configuration
        }
    }

    /// Runs the case at an index of the selection, on the main actor; never throws, every problem is a verdict.
    typealias CaseRunner = @MainActor (_ index: Int) async -> CaseResult

    /// What runs WVJB `cases`: the runner, made on the main actor from the options, and the adapter's factory
    /// (for a command, after checking that its testee starts).
    /// - Throws: `ExitCodes.configuration` after printing what is wrong.
    private func wireRunner(_ cases: [ConformanceCase], javaScriptSide: String?, monitor: RunMonitor?) throws
        -> @MainActor @Sendable () throws(HarnessError) -> CaseRunner
    {
        let pageHost = try MainActor.assumeIsolated { try webView.pageHost() }
        let factory = try resolve(isInterrupted: { monitor?.isInterrupted ?? false })
        let mutant = choice.mutant
        return { () throws(HarnessError) -> CaseRunner in
            var configuration = try mutant?.configuration() ?? .init()
            configuration.executionTimeLimit = scriptTimeLimit
            configuration.pageHost = pageHost
            configuration.dialect = profile.dialect
            if let javaScriptSide { configuration.bridgeJavaScriptSource = javaScriptSide }
            if case .command = choice {
                // Your native side with the kit's JS side: JS-side cases judge only a JS side you give,
                // and run it against the kit's native side.
                configuration.javaScriptSideUnderTest = javaScriptSide != nil
                let dialect = profile.dialect
                configuration.javaScriptSideHost = { ReferenceBridgeAdapter(dialect: dialect) }
            } else {
                // The kit's own native side (the reference or a mutant of it) with the JS side given, the
                // kit's or a mutant's: the pair is the kit's, so JS-side cases run, except for a native
                // mutant, whose defects they would blame on the JS side.
                configuration.javaScriptSideUnderTest = configuration.bridgeJavaScriptSource != nil || mutant == nil
            }
            let runner = try ConformanceRunner(configuration: configuration)
            return { index in await runner.run(cases[index], adapter: factory) }
        }
    }

    /// Makes an engine stall in one of the cases (`outlines`, by id) restart the process for the rest of them (`RunContinuation`).
    private func installStallHandler(
        outlines: [String: (level: RequirementLevel, clauses: [String])],
        finished: @escaping @Sendable () -> [CaseResult], afterStall: (@Sendable ([CaseResult]) -> Void)?
    ) {
        EngineStallGuard.setHandler { stall in
            guard let caseID = stall.caseID, let outline = outlines[caseID] else {
                printError("the engine stalled outside any case: \(stall)")
                _exit(ExitCodes.configuration.rawValue)
            }
            printError(
                "\(caseID) stalled the engine; restarting to run the cases left (the case is reported as \(stall.isKitFault ? "a harness error" : "a timeout"))"
            )
            let results =
                finished() + [
                    CaseResult(stalled: stall, caseID: caseID, level: outline.level, clauses: outline.clauses)
                ]
            RunContinuation.restart(with: results, after: RunContinuation.inherited)
            afterStall?(results)
            _exit(ExitCodes.conformanceFailures.rawValue)
        }
    }
}

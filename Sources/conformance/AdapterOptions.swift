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
        try profile.validated()
        if case .mutant(let mutant) = choice, mutant.dialect != profile.dialect {
            throw ValidationError(
                "mutant:\(mutant.id) breaks the \(mutant.dialect.name) reference: run it with --profile \(mutant.dialect.name)"
            )
        }
        if let refusal = choice.refusal(inProfileOf: profile.dialect) { throw ValidationError(refusal) }
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
        case .command(let command):
            let configuration = ProcessBridgeAdapter.Configuration(command: command, responseTimeout: adapterTimeout)
            let lifetime = testeeLifetime
            let started = MainQueuePump.run { () -> Result<PersistentTestee?, AdapterFailure> in
                do throws(AdapterFailure) {
                    switch lifetime {
                    case .run:
                        // The process that greets serves the first case.
                        let testee = PersistentTestee(configuration: configuration)
                        try testee.start()
                        return .success(testee)
                    case .case:
                        _ = try ProcessBridgeAdapter(configuration: configuration)
                        return .success(nil)
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
            case .success(let testee?):
                return { try ProcessBridgeAdapter(persistent: testee) }
            case .success(nil):
                return { try ProcessBridgeAdapter(configuration: configuration) }
            }
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
        let carried = RunContinuation.inherited?.results ?? []
        let done = Set(carried.map(\.caseID))
        if let monitor, !carried.isEmpty, !monitor.resume(with: carried) { return monitor.finished }
        let finished = LockedValue(carried)
        installStallHandler(
            cases: cases, finished: { monitor?.finished ?? finished.withLock { $0 } }, afterStall: afterStall)
        let pageHost = try MainActor.assumeIsolated { try webView.pageHost() }
        let factory = try resolve(isInterrupted: { monitor?.isInterrupted ?? false })
        let mutant = choice.mutant
        let outcome = MainQueuePump.run { () async -> Result<[CaseResult], HarnessError> in
            do throws(HarnessError) {
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
                for (index, conformanceCase) in cases.enumerated() where !done.contains(conformanceCase.id) {
                    if let monitor, !monitor.caseMayStart(conformanceCase.id, index: index) { break }
                    let result = await runner.run(conformanceCase, adapter: factory)
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

    /// Makes an engine stall in one of `cases` restart the process for the rest of them (`RunContinuation`).
    private func installStallHandler(
        cases: [ConformanceCase], finished: @escaping @Sendable () -> [CaseResult],
        afterStall: (@Sendable ([CaseResult]) -> Void)?
    ) {
        let outlines = Dictionary(
            cases.map { ($0.id, (level: $0.level, clauses: $0.clauses)) }, uniquingKeysWith: { first, _ in first })
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

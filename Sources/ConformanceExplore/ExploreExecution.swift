import ConformanceBrowser
import ConformanceCatalogue
import ConformanceObligations
import StrictJSON

/// Runs an explored program as a case: every native step goes through the adapter (recorded, as in any
/// case), every page step is a harness script, and the schedule delays the harness's tasks.
@MainActor
package enum ExploreExecution {
    /// What a program's run leaves for its observation besides the transcript.
    @MainActor
    package final class Steps {
        /// The transcript entry count when each step began, and when the final run until idle began.
        package fileprivate(set) var starts: [Int] = []
        /// Creates an empty record.
        package init() {}
    }

    /// The program as a case.
    /// - Parameters:
    ///   - program: The program.
    ///   - id: The case id.
    ///   - clauses: The clauses the case is said to check.
    ///   - summary: What the case checks, in one line.
    ///   - steps: Filled with where each step's transcript begins.
    ///   - kitProblemOnTimeout: Asked when the run times out (a script past the time limit, a page never idle):
    ///     why the kit itself cannot run the program, which makes the case a harness error, or nil, and the
    ///     timeout stands as the implementation's.
    ///   - afterwards: Runs once the program and a final `runUntilIdle` are done (regression cases compare there).
    /// - Returns: A case that accepts leftovers: an explored program may leave callbacks unanswered on purpose.
    package static func conformanceCase(
        _ program: ExploreProgram, id: String, clauses: [String] = [Clause.ord1.id], summary: String? = nil,
        steps: Steps,
        kitProblemOnTimeout: (@MainActor @Sendable (CaseContext) async -> String?)? = nil,
        afterwards: (@MainActor @Sendable (CaseContext) async throws -> Void)? = nil
    ) -> ConformanceCase {
        ConformanceCase(
            id: id, clauses: clauses, requires: program.requiredCapabilities,
            accepts: [.pendingTimers, .unansweredNativeCallbacks],
            summary: summary
                ?? "an explored program (\(program.operations.count) steps) behaves as the reference bridge does"
        ) { context in
            do {
                try await run(program, in: context, steps: steps)
                steps.starts.append(context.browser.transcript.entries.count)
                try await context.runUntilIdle()
            } catch let stop as CaseStop {
                switch stop {
                case .timeout, .neverIdle:
                    if let problem = await kitProblemOnTimeout?(context) { throw CaseStop.harness(problem) }
                default: break
                }
                throw stop
            }
            try await afterwards?(context)
        }
    }

    private static func run(_ program: ExploreProgram, in context: CaseContext, steps: Steps) async throws {
        if let scheduling = context.browser as? any TaskSchedulingPageHost {
            scheduling.taskDelays = program.schedule.taskDelays
        } else if !program.schedule.isPlain {
            throw CaseStop.notApplicable(
                "this page host runs its tasks on its own clock, so the program's schedule cannot apply")
        }
        var page = 0
        var prelude = ""
        context.loadPage(ExplorePage.script, url: ExplorePage.urls[page])
        // A page step needs the page: the first one waits for the load the program began with (native steps
        // before it still meet the startup queue).
        var pageLoaded = false
        for (index, operation) in program.operations.enumerated() {
            steps.starts.append(context.browser.transcript.entries.count)
            if operation.isPageStep, !pageLoaded { try await context.runUntilIdle() }
            if operation.isPageStep || operation.runsUntilIdle { pageLoaded = true }
            switch operation {
            case let .registerNative(handler, reply):
                try context.registerHandler(handler, answer: reply.answer(for: handler))
            case let .removeNative(handler):
                try context.removeHandler(handler)
            case let .callJavaScript(handler, data, callback):
                try context.callHandler(handler, data: data, callback: callback ? "n\(index)" : nil)
            case let .callJavaScriptReentrant(handler, data, then):
                try context.callHandler(
                    handler, data: data, callback: "n\(index)",
                    then: then.steps(calling: handler, label: "n\(index)again"))
            case .pageInput(.pollutedPrototypes, _):
                try await context.runUntilIdle()
                prelude = ExplorePage.pollutedPrototypes
                context.loadPage(prelude + ExplorePage.script, url: ExplorePage.urls[page])
                try await context.runUntilIdle()
            case let .pageInput(input, handler):
                context.runInPage(ExplorePage.input(input, for: handler))
            case let .callJavaScriptUnserializable(handler, number):
                try context.callHandler(handler, data: .object(["n": .number(number.value)]))
            case let .answerNative(handler, data):
                try context.answerHeld(handler, with: data)
            case .reset:
                try context.reset()
            case .disableSafetyTimeout:
                try context.disableSafetyTimeout()
            case let .registerJavaScript(handler, reply):
                context.runInPage(ExplorePage.register(handler, reply: reply))
            case let .callNative(handler, data, callback):
                context.runInPage(ExplorePage.call(handler, data: data, callbackLabel: callback ? "j\(index)" : nil))
            case let .answerJavaScript(data, newest):
                context.runInPage(ExplorePage.answer(with: data, newest: newest))
            case let .corruptFetch(fetch):
                context.runInPage(ExplorePage.corruptFetch(fetch))
            case let .openFrame(url):
                context.runInPage(ExplorePage.openFrame(url))
            case .reload:
                try await context.runUntilIdle()
                context.reload()
                try await context.runUntilIdle()
            case .navigate:
                try await context.runUntilIdle()
                page = 1 - page
                context.loadPage(prelude + ExplorePage.script, url: ExplorePage.urls[page])
                try await context.runUntilIdle()
            case let .settle(horizon):
                try await context.runUntilIdle(horizon: Int64(horizon))
            }
        }
    }
}

extension ExploreOperation.NativeReply {
    /// How the case's native handler `handler` answers.
    func answer(for handler: String) -> CaseContext.NativeAnswer {
        let next = ExplorePage.nativeHandler(after: handler)
        let call = CaseContext.InsideStep.call("sink", data: .string("called by \(handler)"), callback: nil)
        switch self {
        case .echo: return .echo
        case .null: return .value(nil)
        case .twice: return .echoTwice
        case .later: return .later
        case .never: return .none
        case .answerThenCall: return .steps([.echo, call])
        case .callThenAnswer: return .steps([call, .echo])
        case .registersNext: return .steps([.register(next), .echo])
        case .removesNext: return .steps([.remove(next), .echo])
        case .removesItself: return .steps([.remove(handler), .echo])
        case .resets: return .steps([.reset, .echo])
        case .disablesSafety: return .steps([.disableSafetyTimeout, .echo])
        }
    }
}

extension ExploreOperation.CallbackReentry {
    /// What the callback of a call to the JS handler `handler` does; a call it makes gets the callback `label`.
    func steps(calling handler: String, label: String) -> [CaseContext.InsideStep] {
        switch self {
        case .callsAgain: [.call(handler, data: "called again from a callback", callback: label)]
        case .resetsAndCallsAgain:
            [.reset, .call(handler, data: "called after a reset in a callback", callback: label)]
        case .registersHandler: [.register(ExplorePage.nativeHandlers[0])]
        case .removesHandler: [.remove(ExplorePage.nativeHandlers[0])]
        case .disablesSafety: [.disableSafetyTimeout]
        }
    }
}

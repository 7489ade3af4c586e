import ConformanceAdapter
import ConformanceCatalogue
import ConformanceObligations
import StrictJSON
import WireDialects

/// Generates random but valid programs from a seed: the same seed, options and capabilities always give
/// the same program.
package struct ExploreGenerator: Sendable {
    /// The optional adapter operations programs may use.
    package var capabilities: BridgeCapabilities
    /// The most steps a program has.
    package var maxOperations: Int
    /// The data generator.
    package var data: ExploreDataGenerator
    /// The wire programs run in: steps whose clauses do not hold there (spec 13.1) are never drawn.
    package var dialect: WireDialect

    /// Creates a generator.
    /// - Parameters:
    ///   - capabilities: What the adapter offers: programs use `reset`, `removeHandler` and
    ///     `disableJavscriptAlertBoxSafetyTimeout` only when it does.
    ///   - maxOperations: The most steps per program (at least 1).
    ///   - data: The data generator.
    ///   - dialect: The wire the programs run in: in one without the alert safety timeout no step switches
    ///     it off, and in one that signals by script message no step opens a frame at a bridge URL.
    package init(
        capabilities: BridgeCapabilities, maxOperations: Int, data: ExploreDataGenerator,
        dialect: WireDialect = .canonical
    ) {
        self.capabilities =
            DialectApplicability.whyNot(Clause.safe4, in: dialect) == nil
            ? capabilities : capabilities.subtracting(.disableSafetyTimeout)
        self.maxOperations = max(1, maxOperations)
        self.data = data
        self.dialect = dialect
    }

    /// The program of `seed`.
    ///
    /// Each program draws from a random part of what programs can do ("swarm" generation): some kinds of
    /// step and some handler names, each kept with even odds. A program that only calls `hold` and answers
    /// out of order is then common, where drawing every step from everything would make it rare.
    package func program(seed: UInt64) -> ExploreProgram {
        var random = ExploreRandom(seed: seed)
        let count = 1 + random.below(maxOperations)
        let swarm = Swarm(
            kinds: Self.someOf(
                Kind.allCases.filter { capabilities.contains($0.capability) && $0.holds(in: dialect) }, &random),
            nativeHandlers: Self.someOf(ExplorePage.nativeHandlers, &random),
            javaScriptHandlers: Self.someOf(ExplorePage.javaScriptHandlers, &random))
        var operations: [ExploreOperation] = []
        var registered = Registered()
        for _ in 0..<count {
            // Now and then the same step twice: a repeated call must not be merged or dropped.
            let next =
                operations.last.map { last in
                    random.chance(1, in: 10) ? last : operation(&random, swarm: swarm, registered: registered)
                }
                ?? operation(&random, swarm: swarm, registered: registered)
            registered.note(next)
            operations.append(next)
        }
        return ExploreProgram(operations: operations, schedule: schedule(&random))
    }

    /// The kinds of step, each with how often it is drawn.
    private enum Kind: CaseIterable {
        case registerNative, callJavaScript, answerNative, registerJavaScript, callNative, answerJavaScript
        case reload, navigate, settle, removeNative, reset, disableSafetyTimeout
        case callJavaScriptUnserializable, corruptFetch, openFrame, callJavaScriptReentrant, pageInput

        var weight: Int {
            switch self {
            case .callJavaScript, .callNative: 14
            case .settle: 12
            case .registerNative: 10
            case .answerNative: 5
            case .registerJavaScript, .answerJavaScript: 4
            case .reload, .removeNative: 3
            case .corruptFetch: 5
            case .callJavaScriptReentrant: 4
            case .disableSafetyTimeout, .pageInput: 3
            case .navigate, .reset, .openFrame: 2
            case .callJavaScriptUnserializable: 1
            }
        }

        var capability: BridgeCapabilities {
            switch self {
            case .removeNative: .removeHandler
            case .reset: .reset
            case .disableSafetyTimeout: .disableSafetyTimeout
            default: []
            }
        }

        /// Whether the clauses the step exercises hold in `dialect`: a frame at a bridge URL tests URL
        /// classification (BOOT-1), which a dialect signalling by script message has not.
        func holds(in dialect: WireDialect) -> Bool {
            self != .openFrame || DialectApplicability.whyNot(Clause.boot1, in: dialect) == nil
        }
    }

    /// The native handlers a program has registered so far, so that calls and late answers meet them
    /// more often than chance would have them.
    private struct Registered {
        var handlers: [String] = []
        var answeringLater: [String] = []
        /// Calls made to handlers that answer later, not answered yet: answering them becomes likelier.
        var callsAwaitingAnswer = 0

        mutating func note(_ operation: ExploreOperation) {
            switch operation {
            case let .registerNative(handler, reply):
                if !handlers.contains(handler) { handlers.append(handler) }
                answeringLater.removeAll { $0 == handler }
                if reply == .later { answeringLater.append(handler) }
                let next = ExplorePage.nativeHandler(after: handler)
                if reply == .registersNext, !handlers.contains(next) { handlers.append(next) }
            case let .removeNative(handler):
                handlers.removeAll { $0 == handler }
                answeringLater.removeAll { $0 == handler }
            case let .callNative(handler, _, _) where answeringLater.contains(handler):
                callsAwaitingAnswer += 1
            case .answerNative:
                callsAwaitingAnswer = max(0, callsAwaitingAnswer - 1)
            default: break
            }
        }
    }

    /// What one program draws from.
    private struct Swarm {
        var kinds: [Kind]
        var nativeHandlers: [String]
        var javaScriptHandlers: [String]
    }

    /// Each element with even odds, and never none.
    private static func someOf<Element>(_ elements: [Element], _ random: inout ExploreRandom) -> [Element] {
        let kept = elements.filter { _ in random.chance(1, in: 2) }
        return kept.isEmpty ? [random.pick(elements)] : kept
    }

    private func operation(_ random: inout ExploreRandom, swarm: Swarm, registered: Registered) -> ExploreOperation {
        let kinds = swarm.kinds.map { kind in
            (kind == .answerNative && registered.callsAwaitingAnswer > 0 ? 4 * kind.weight : kind.weight, kind)
        }
        let native = swarm.nativeHandlers, js = swarm.javaScriptHandlers
        switch random.weighted(kinds) {
        case .registerNative:
            // Now and then a name registered already, with another reply: the second registration must win.
            let handler =
                !registered.handlers.isEmpty && random.chance(1, in: 4)
                ? random.pick(registered.handlers) : random.pick(native)
            return .registerNative(handler: handler, reply: random.pick(nativeReplies))
        case .callJavaScript:
            return .callJavaScript(
                handler: random.pick(js), data: maybeData(&random), callback: random.chance(2, in: 3))
        case .answerNative:
            let handler =
                !registered.answeringLater.isEmpty && random.chance(3, in: 4)
                ? random.pick(registered.answeringLater) : random.pick(native)
            return .answerNative(handler: handler, data: maybeData(&random))
        case .registerJavaScript:
            let handler = random.chance(3, in: 4) ? "late" : random.pick(ExplorePage.javaScriptHandlers)
            return .registerJavaScript(handler: handler, reply: random.pick(ExploreOperation.JavaScriptReply.allCases))
        case .callNative:
            // Registered handlers, and above all those that answer later, are what calls should meet.
            let handler =
                random.chance(1, in: 6)
                ? random.pick(ExplorePage.missingNativeHandlers)
                : !registered.answeringLater.isEmpty && random.chance(1, in: 2)
                    ? random.pick(registered.answeringLater)
                    : !registered.handlers.isEmpty && random.chance(2, in: 3)
                        ? random.pick(registered.handlers) : random.pick(native)
            return .callNative(handler: handler, data: maybeData(&random), callback: random.chance(2, in: 3))
        case .answerJavaScript:
            return .answerJavaScript(data: maybeData(&random), newest: random.chance(1, in: 3))
        case .reload: return .reload
        case .navigate: return .navigate
        case .settle: return .settle(horizon: random.pick([0, 0, 0, 1, 5, 15, 100, 60_000]))
        case .removeNative: return .removeNative(handler: random.pick(native))
        case .reset: return .reset
        case .disableSafetyTimeout: return .disableSafetyTimeout
        case .callJavaScriptUnserializable:
            return .callJavaScriptUnserializable(
                handler: random.pick(js), number: random.pick(ExploreOperation.SpecialNumber.allCases))
        case .corruptFetch: return .corruptFetch(random.pick(ExploreCorruptFetch.all))
        case .openFrame: return .openFrame(url: random.pick(ExploreOperation.frameURLs))
        case .callJavaScriptReentrant where callbackReentries.isEmpty:
            return .callJavaScript(handler: random.pick(js), data: maybeData(&random), callback: true)
        case .callJavaScriptReentrant:
            // A callback runs only for handlers that answer.
            let answering = js.filter { $0 != "sink" && $0 != "absent" }
            return .callJavaScriptReentrant(
                handler: random.pick(answering.isEmpty ? ["echo"] : answering), data: maybeData(&random),
                then: random.pick(callbackReentries))
        case .pageInput:
            let handler =
                !registered.handlers.isEmpty && random.chance(2, in: 3)
                ? random.pick(registered.handlers) : random.pick(native)
            return .pageInput(random.pick(ExploreOperation.PageInput.allCases), handler: handler)
        }
    }

    /// The native replies the adapter's capabilities allow.
    private var nativeReplies: [ExploreOperation.NativeReply] {
        ExploreOperation.NativeReply.allCases.filter { capabilities.contains($0.requiredCapabilities) }
    }

    /// The callback re-entries the adapter's capabilities allow.
    private var callbackReentries: [ExploreOperation.CallbackReentry] {
        ExploreOperation.CallbackReentry.allCases.filter { capabilities.contains($0.requiredCapabilities) }
    }

    /// Data, or none one time in six. (`nil` in a `?:` would become JSON `null`: `JSONValue` is nil-literal
    /// expressible.)
    private func maybeData(_ random: inout ExploreRandom) -> JSONValue? {
        if random.chance(1, in: 6) { return .none }
        return data.value(&random)
    }

    private func schedule(_ random: inout ExploreRandom) -> ExploreSchedule {
        guard random.chance(1, in: 2) else { return ExploreSchedule() }
        func list() -> [Int] {
            random.chance(1, in: 3) ? [] : (0..<(1 + random.below(4))).map { _ in random.pick([0, 0, 1, 2, 5, 16]) }
        }
        return ExploreSchedule(evaluations: list(), completions: list(), navigations: list(), mainQueueHops: list())
    }
}

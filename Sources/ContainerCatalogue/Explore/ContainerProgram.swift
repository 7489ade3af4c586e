import ConformanceExplore
import ConformanceSupport
import StrictJSON

/// A generated container program: steps drawn from a seed, the same on every platform (`ExploreRandom`).
package struct ContainerProgram: Sendable, Equatable {
    /// The seed the program was drawn from.
    package let seed: UInt64
    /// Its steps, in order.
    package var steps: [ContainerStep]

    /// Whether a step registers a handler that throws (the program then needs the container in process).
    package var registersThrowingHandlers: Bool {
        steps.contains {
            if case .register(_, _, .throwing) = $0 { return true }; return false
        }
    }

    /// Whether a step makes a synchronous call (the program then needs `SupportsSynchronousCalls`).
    package var callsSynchronously: Bool {
        steps.contains {
            if case .callSync = $0 { return true }; return false
        }
    }

    /// The program of `seed`: 3 to 9 steps, handlers registered early more often than late, values from a small
    /// pool and the hostile corpus's round-trip payloads.
    package init(seed: UInt64, corpus: [JSONValue]) {
        self.seed = seed
        var random = ExploreRandom(seed: seed)
        var steps: [ContainerStep] = []
        var labels = 0
        func label(_ prefix: String) -> String {
            labels += 1
            return "\(prefix)\(labels)"
        }
        func value() -> JSONValue {
            if !corpus.isEmpty, random.chance(1, in: 3) { return random.pick(corpus) }
            return random.pick(Self.values)
        }
        func params() -> JSONValue? { random.chance(1, in: 5) ? nil : value() }
        let count = 3 + random.below(7)
        for index in 0..<count {
            let handler = random.pick(Self.handlers), action = random.pick(Self.actions)
            switch random.below(index == 0 ? 3 : 15) {
            case 0..<3:
                let reply: ContainerStep.Reply = random.pick([
                    .echo, .echo, .value(value()), .none, .later, .twice(value()), .throwing,
                ])
                steps.append(.register(handler: handler, action: action, reply: reply))
            case 3..<6:
                steps.append(
                    .call(
                        handler: handler, action: action, params: params(),
                        callback: random.chance(3, in: 4) ? label("cb") : nil, count: random.pick([1, 1, 2, 3])))
            case 6:
                steps.append(.callSync(handler: handler, action: action, params: params(), label: label("sync")))
            case 7, 8:
                steps.append(
                    .listen(
                        eventID: random.pick(Self.eventIDs), label: label("heard"),
                        returns: random.chance(2, in: 3) ? value() : nil))
            case 9, 10:
                steps.append(
                    .event(
                        eventID: random.pick(Self.eventIDs), data: params(),
                        completion: random.chance(2, in: 3) ? label("done") : nil))
            case 11:
                steps.append(.answerHeld(name: "\(handler).\(action)", value: value()))
            case 12:
                steps.append(
                    .post(
                        handler: handler, action: action, params: params(), callbackID: random.pick(Self.callbackIDs),
                        callbackFunction: random.pick(Self.callbackFunctions)))
            default:
                steps.append(
                    .redispatch(knownID: random.chance(2, in: 3), json: random.pick(["\"again\"", "", "[1]"])))
            }
        }
        self.steps = steps
    }

    /// A program of `steps`, for a shrunk one.
    package init(seed: UInt64, steps: [ContainerStep]) {
        self.seed = seed
        self.steps = steps
    }

    private static let handlers = ["app", "net"]
    private static let actions = ["get", "put"]
    private static let eventIDs = ["tick", "tick", "it's\n\u{2028}"]
    private static let callbackIDs = ["raw-1", "it's \"raw\" \\\n\u{2028}"]
    private static let callbackFunctions = [
        "callbackDispatcher", "window.callbackDispatcher", "__wvjbTripwire('callbackFunction'); callbackDispatcher",
    ]
    private static let values: [JSONValue] = [
        "text", "", 0, 1.5, -7, true, false, .null, [], [1, "a"], ["k": "v"], ["nested": ["n": [true, .null]]],
        "quote ' and \" and \\", "line\nbreak\r\u{2028}\u{2029}",
    ]
}

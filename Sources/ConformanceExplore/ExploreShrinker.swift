import StrictJSON

/// Reduces a failing program to a small one that still fails: fewer steps first, then a plainer
/// schedule, then simpler steps and smaller data. Greedy: the first simpler program that still fails is
/// kept and the passes start again, until none helps or the attempts run out.
package struct ExploreShrinker: Sendable {
    /// The most programs tried.
    package var maxAttempts: Int

    /// Creates a shrinker.
    package init(maxAttempts: Int = 2_000) {
        self.maxAttempts = maxAttempts
    }

    /// What shrinking gave.
    package struct Result: Sendable {
        /// The smallest failing program found.
        package var program: ExploreProgram
        /// Programs tried.
        package var attempts: Int
        /// Simpler programs that still failed (each one kept).
        package var steps: Int
    }

    /// Shrinks `program`, which `stillFails` must hold for.
    /// - Parameters:
    ///   - program: A failing program.
    ///   - stillFails: Whether a candidate still fails the same way.
    @MainActor
    package func shrink(_ program: ExploreProgram, stillFails: @MainActor (ExploreProgram) async -> Bool) async
        -> Result
    {
        var current = program, attempts = 0, steps = 0
        var improved = true
        while improved, attempts < maxAttempts {
            improved = false
            for candidate in Self.candidates(simplifying: current) {
                guard attempts < maxAttempts else { break }
                attempts += 1
                if await stillFails(candidate) {
                    current = candidate
                    steps += 1
                    improved = true
                    break
                }
            }
        }
        return Result(program: current, attempts: attempts, steps: steps)
    }

    /// Simpler programs than `program`, most promising first; each is strictly smaller by `ExploreProgram.size`.
    package static func candidates(simplifying program: ExploreProgram) -> [ExploreProgram] {
        var result: [ExploreProgram] = []
        let operations = program.operations
        // Fewer steps: halves, quarters, ..., single steps.
        var chunk = max(1, operations.count / 2)
        while chunk >= 1 {
            var start = 0
            while start < operations.count {
                var fewer = operations
                fewer.removeSubrange(start..<min(operations.count, start + chunk))
                result.append(ExploreProgram(operations: fewer, schedule: program.schedule))
                start += chunk
            }
            if chunk == 1 { break }
            chunk /= 2
        }
        // A plainer schedule.
        for schedule in simpler(program.schedule) {
            result.append(ExploreProgram(operations: operations, schedule: schedule))
        }
        // Simpler steps.
        for (index, operation) in operations.enumerated() {
            for simpler in simpler(operation) {
                var changed = operations
                changed[index] = simpler
                result.append(ExploreProgram(operations: changed, schedule: program.schedule))
            }
        }
        return result
    }

    private static func simpler(_ schedule: ExploreSchedule) -> [ExploreSchedule] {
        guard !schedule.isPlain || schedule != ExploreSchedule() else { return [] }
        var result = [ExploreSchedule()]
        for path in ExploreSchedule.lists where !schedule[keyPath: path].isEmpty {
            var emptied = schedule
            emptied[keyPath: path] = []
            result.append(emptied)
            let list = schedule[keyPath: path]
            for index in list.indices {
                var shorter = schedule
                shorter[keyPath: path].remove(at: index)
                result.append(shorter)
                if list[index] > 1 {
                    var smaller = schedule
                    smaller[keyPath: path][index] = list[index] / 2
                    result.append(smaller)
                }
            }
        }
        return result
    }

    private static func simpler(_ operation: ExploreOperation) -> [ExploreOperation] {
        var result: [ExploreOperation] = []
        switch operation {
        case let .callJavaScript(handler, data, true):
            result.append(.callJavaScript(handler: handler, data: data, callback: false))
        case let .callNative(handler, data, true):
            result.append(.callNative(handler: handler, data: data, callback: false))
        case let .settle(horizon) where horizon > 0: result.append(.settle(horizon: 0))
        case let .callJavaScriptReentrant(handler, data, _):
            result.append(.callJavaScript(handler: handler, data: data, callback: true))
        case let .answerJavaScript(data, true): result.append(.answerJavaScript(data: data, newest: false))
        case let .registerNative(handler, reply) where reply != .echo:
            result.append(.registerNative(handler: handler, reply: .echo))
        case let .registerJavaScript(handler, reply) where reply != .echo:
            result.append(.registerJavaScript(handler: handler, reply: .echo))
        default: break
        }
        if let data = operation.data {
            result.append(operation.replacingData(with: nil))
            result += smaller(data).map { operation.replacingData(with: $0) }
        }
        return result
    }

    /// For a value nested more than two levels deep, its innermost first scalar, then the value with half,
    /// a quarter, an eighth ... of its outer levels taken off, so that a chain hundreds of levels deep
    /// shrinks to the depth that still fails in a few dozen steps rather than one level a step.
    private static func shortcuts(_ value: JSONValue) -> [JSONValue] {
        var chain = [value]
        while let first = firstChild(of: chain[chain.count - 1]) { chain.append(first) }
        guard chain.count > 3 else { return [] }
        var result = [chain[chain.count - 1]]
        var levels = (chain.count - 1) / 2
        while levels >= 2 {
            result.append(chain[levels])
            levels /= 2
        }
        return result
    }

    private static func firstChild(of value: JSONValue) -> JSONValue? {
        switch value {
        case .array(let elements): elements.first
        case .object(let members): members.keys.min().flatMap { members[$0] }
        default: nil
        }
    }

    /// Values smaller than `value`: its parts, then it with one part less or simpler.
    package static func smaller(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .null: return []
        case .bool(let flag): return flag ? [.null, .bool(false)] : [.null]
        case .number(let number): return number == 0 && number.sign == .plus ? [.null] : [.null, .number(0)]
        case .string(let text):
            guard !text.isEmpty else { return [.null] }
            let characters = Array(text)
            var result: [JSONValue] = [.string("")]
            if characters.count > 1 {
                result.append(.string(String(characters.prefix(characters.count / 2))))
                result.append(.string(String(characters.suffix(characters.count - characters.count / 2))))
            }
            return result
        case .array(let elements):
            var result: [JSONValue] = shortcuts(value) + elements
            if !elements.isEmpty { result.append(.array([])) }
            for index in elements.indices where elements.count > 1 {
                var fewer = elements
                fewer.remove(at: index)
                result.append(.array(fewer))
            }
            for index in elements.indices {
                for part in smaller(elements[index]).prefix(2) {
                    var changed = elements
                    changed[index] = part
                    result.append(.array(changed))
                }
            }
            return result
        case .object(let members):
            let keys = members.keys.sorted()
            var result: [JSONValue] = shortcuts(value) + keys.map { members[$0]! }
            if !members.isEmpty { result.append(.object([:])) }
            for key in keys where members.count > 1 {
                var fewer = members
                fewer[key] = nil
                result.append(.object(fewer))
            }
            for key in keys {
                for part in smaller(members[key]!).prefix(2) {
                    var changed = members
                    changed[key] = part
                    result.append(.object(changed))
                }
            }
            return result
        }
    }
}

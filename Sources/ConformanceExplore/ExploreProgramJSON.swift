import ConformanceObligations
import StrictJSON

/// Programs as JSON, for case files: each step an object with `op` and its arguments; data as the JSON
/// it is, absent for none, so that `null` data and no data stay apart.
enum ExploreProgramJSON {
    /// What is wrong with a case file's JSON.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func json(of operation: ExploreOperation) -> JSONValue {
        var members: [String: JSONValue]
        switch operation {
        case let .registerNative(handler, reply):
            members = ["op": "registerNative", "handler": .string(handler), "reply": .string(reply.rawValue)]
        case let .removeNative(handler): members = ["op": "removeNative", "handler": .string(handler)]
        case let .callJavaScript(handler, _, callback):
            members = ["op": "callJavaScript", "handler": .string(handler), "callback": .bool(callback)]
        case let .callJavaScriptReentrant(handler, _, then):
            members = ["op": "callJavaScriptReentrant", "handler": .string(handler), "then": .string(then.rawValue)]
        case let .pageInput(input, handler):
            members = ["op": "pageInput", "input": .string(input.rawValue), "handler": .string(handler)]
        case let .callJavaScriptUnserializable(handler, number):
            members = [
                "op": "callJavaScriptUnserializable", "handler": .string(handler), "number": .string(number.rawValue),
            ]
        case let .answerNative(handler, _): members = ["op": "answerNative", "handler": .string(handler)]
        case .reset: members = ["op": "reset"]
        case .disableSafetyTimeout: members = ["op": "disableSafetyTimeout"]
        case let .registerJavaScript(handler, reply):
            members = ["op": "registerJavaScript", "handler": .string(handler), "reply": .string(reply.rawValue)]
        case let .callNative(handler, _, callback):
            members = ["op": "callNative", "handler": .string(handler), "callback": .bool(callback)]
        case let .answerJavaScript(_, newest): members = ["op": "answerJavaScript", "newest": .bool(newest)]
        case let .corruptFetch(fetch): members = ["op": "corruptFetch", "result": .string(fetch.result)]
        case let .openFrame(url): members = ["op": "openFrame", "url": .string(url)]
        case .reload: members = ["op": "reload"]
        case .navigate: members = ["op": "navigate"]
        case let .settle(horizon): members = ["op": "settle", "horizon": .number(Double(horizon))]
        }
        if let data = operation.data { members["data"] = data }
        return .object(members)
    }

    static func json(of schedule: ExploreSchedule) -> JSONValue {
        func list(_ delays: [Int]) -> JSONValue { .array(delays.map { .number(Double($0)) }) }
        return [
            "evaluations": list(schedule.evaluations), "completions": list(schedule.completions),
            "navigations": list(schedule.navigations),
            "mainQueueHops": list(schedule.mainQueueHops),
        ]
    }

    /// The members a case file may have (`Fixtures/schemas/case-file.schema.json`).
    static let fileMembers: Set<String> = ["format", "id", "summary", "clauses", "foundWith", "schedule", "operations"]

    /// The members each kind of step may have besides `op`.
    static let stepMembers: [String: Set<String>] = [
        "registerNative": ["handler", "reply"], "removeNative": ["handler"],
        "callJavaScript": ["handler", "data", "callback"], "callJavaScriptReentrant": ["handler", "data", "then"],
        "pageInput": ["handler", "input"], "callJavaScriptUnserializable": ["handler", "number"],
        "answerNative": ["handler", "data"], "reset": [], "disableSafetyTimeout": [],
        "registerJavaScript": ["handler", "reply"], "callNative": ["handler", "data", "callback"],
        "answerJavaScript": ["data", "newest"], "corruptFetch": ["result"], "openFrame": ["url"], "reload": [],
        "navigate": [], "settle": ["horizon"],
    ]

    static func caseFile(from json: JSONValue) throws(Problem) -> ExploreCaseFile {
        let members = try object(json, "the file")
        try expectOnly(fileMembers, in: members, place: "the file")
        let format = try string(members, "format", in: "the file")
        guard format == ExploreCaseFile.format else {
            throw Problem(
                description:
                    "format is \(CanonicalJSON.quote(format)); this kit reads \(CanonicalJSON.quote(ExploreCaseFile.format))"
            )
        }
        let id = try string(members, "id", in: "the file")
        guard ExploreCaseFile.isValidID(id) else {
            throw Problem(description: "id \(CanonicalJSON.quote(id)) is not a case-file id: \(ExploreCaseFile.idRule)")
        }
        guard case .array(let clauseValues)? = members["clauses"] else {
            throw Problem(description: "\"clauses\" must be an array of clause ids")
        }
        let clauses = try clauseValues.map { (value: JSONValue) throws(Problem) -> String in
            guard case .string(let clause) = value, isCitation(clause) else {
                throw Problem(
                    description:
                        "\"clauses\" must hold clause or obligation ids such as \"CB-2\" or \"CB-2.a\" (found \(value.displayText.prefix(80)))"
                )
            }
            let known = clause.contains(".") ? Obligation(id: clause) != nil : Clause(id: clause) != nil
            guard known else {
                let form = clause.contains(".") ? Obligation.expectedForm : Clause.expectedForm
                throw Problem(description: "\"clauses\": \(CanonicalJSON.quote(clause)) is not \(form)")
            }
            return clause
        }
        guard !clauses.isEmpty else {
            throw Problem(
                description:
                    "\"clauses\" is empty: name the clauses of spec/protocol.md the program checks (such as \"ORD-1\")")
        }
        let scheduleMembers = try object(members["schedule"] ?? .object([:]), "\"schedule\"")
        try expectOnly(
            ["evaluations", "completions", "navigations", "mainQueueHops"], in: scheduleMembers, place: "\"schedule\"")
        let schedule = ExploreSchedule(
            evaluations: try delays(scheduleMembers, "evaluations"),
            completions: try delays(scheduleMembers, "completions"),
            navigations: try delays(scheduleMembers, "navigations"),
            mainQueueHops: try delays(scheduleMembers, "mainQueueHops"))
        guard case .array(let steps)? = members["operations"] else {
            throw Problem(description: "\"operations\" must be an array of steps")
        }
        guard steps.count <= ExploreLimits.maximumOperations else {
            throw Problem(
                description:
                    "\"operations\" has \(steps.count) steps; a program has at most \(ExploreLimits.maximumOperations), as explore's --max-ops"
            )
        }
        var operations: [ExploreOperation] = []
        for (index, step) in steps.enumerated() {
            operations.append(try operation(step, at: index))
        }
        return ExploreCaseFile(
            id: id, summary: try optionalString(members, "summary") ?? "a program found by conformance explore",
            clauses: clauses, foundWith: try optionalString(members, "foundWith") ?? "",
            program: ExploreProgram(operations: operations, schedule: schedule))
    }

    private static func operation(_ json: JSONValue, at index: Int) throws(Problem) -> ExploreOperation {
        let place = "operation \(index)"
        let members = try object(json, place)
        let data = members["data"]
        if let data, let problem = ExploreLimits.problem(with: data) {
            throw Problem(description: "\(place): \"data\" \(problem)")
        }
        let name = try string(members, "op", in: place)
        if let allowed = stepMembers[name] {
            try expectOnly(allowed.union(["op"]), in: members, place: "\(place) (\(name))")
        }
        func handler() throws(Problem) -> String { try string(members, "handler", in: place) }
        func callback() throws(Problem) -> Bool {
            guard case .bool(let flag)? = members["callback"] else {
                throw Problem(description: "\(place): \"callback\" must be true or false")
            }
            return flag
        }
        func reply<Reply: RawRepresentable & CaseIterable>(_: Reply.Type, key: String = "reply") throws(Problem)
            -> Reply
        where Reply.RawValue == String {
            let text = try string(members, key, in: place)
            guard let reply = Reply(rawValue: text) else {
                throw Problem(
                    description:
                        "\(place): \(key) \(CanonicalJSON.quote(text)) is not one of \(Reply.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return reply
        }
        switch name {
        case "registerNative":
            return .registerNative(handler: try handler(), reply: try reply(ExploreOperation.NativeReply.self))
        case "removeNative": return .removeNative(handler: try handler())
        case "callJavaScript": return .callJavaScript(handler: try handler(), data: data, callback: try callback())
        case "callJavaScriptReentrant":
            return .callJavaScriptReentrant(
                handler: try handler(), data: data, then: try reply(ExploreOperation.CallbackReentry.self, key: "then"))
        case "pageInput":
            return .pageInput(try reply(ExploreOperation.PageInput.self, key: "input"), handler: try handler())
        case "callJavaScriptUnserializable":
            let text = try string(members, "number", in: place)
            guard let number = ExploreOperation.SpecialNumber(rawValue: text) else {
                throw Problem(
                    description: "\(place): number \(CanonicalJSON.quote(text)) is not one of NaN, Infinity, -Infinity")
            }
            return .callJavaScriptUnserializable(handler: try handler(), number: number)
        case "answerNative": return .answerNative(handler: try handler(), data: data)
        case "reset": return .reset
        case "disableSafetyTimeout": return .disableSafetyTimeout
        case "registerJavaScript":
            return .registerJavaScript(handler: try handler(), reply: try reply(ExploreOperation.JavaScriptReply.self))
        case "callNative": return .callNative(handler: try handler(), data: data, callback: try callback())
        case "answerJavaScript":
            guard case .bool(let newest)? = members["newest"] ?? .bool(false) else {
                throw Problem(description: "\(place): \"newest\" must be true or false")
            }
            return .answerJavaScript(data: data, newest: newest)
        case "corruptFetch": return .corruptFetch(ExploreCorruptFetch(result: try string(members, "result", in: place)))
        case "openFrame": return .openFrame(url: try string(members, "url", in: place))
        case "reload": return .reload
        case "navigate": return .navigate
        case "settle":
            guard case .number(let horizon)? = members["horizon"], horizon >= 0, horizon <= 3_600_000,
                horizon == horizon.rounded()
            else {
                throw Problem(
                    description: "\(place): \"horizon\" must be a whole number of milliseconds from 0 to 3600000")
            }
            return .settle(horizon: Int(horizon))
        default:
            throw Problem(
                description:
                    "\(place): unknown op \(CanonicalJSON.quote(name)) (known: registerNative, removeNative, callJavaScript, answerNative, reset, disableSafetyTimeout, registerJavaScript, callNative, answerJavaScript, corruptFetch, openFrame, callJavaScriptUnserializable, callJavaScriptReentrant, pageInput, reload, navigate, settle)"
            )
        }
    }

    /// Refuses a member the format does not have: a misspelt one would otherwise be ignored.
    private static func expectOnly(_ allowed: Set<String>, in members: [String: JSONValue], place: String)
        throws(Problem)
    {
        guard let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) else { return }
        throw Problem(
            description:
                "\(place): unknown member \(CanonicalJSON.quote(unknown)) (it may have \(allowed.sorted().joined(separator: ", ")))"
        )
    }

    private static func object(_ json: JSONValue, _ place: String) throws(Problem) -> [String: JSONValue] {
        guard case .object(let members) = json else { throw Problem(description: "\(place) must be a JSON object") }
        return members
    }

    private static func string(_ members: [String: JSONValue], _ key: String, in place: String) throws(Problem)
        -> String
    {
        guard case .string(let text)? = members[key] else {
            throw Problem(description: "\(place): \"\(key)\" must be a string")
        }
        guard text.utf16.count <= ExploreLimits.maximumTextLength else {
            throw Problem(
                description:
                    "\(place): \"\(key)\" has \(text.utf16.count) characters; at most \(ExploreLimits.maximumTextLength)"
            )
        }
        return text
    }

    /// A member that may be absent, and is a string of bounded length when present.
    private static func optionalString(_ members: [String: JSONValue], _ key: String) throws(Problem) -> String? {
        members[key] == nil ? nil : try string(members, key, in: "the file")
    }

    /// Whether `text` is a clause id (`CB-2`) or an obligation id (`CB-2.a`), as the spec writes them.
    private static func isCitation(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count <= 16 else { return false }
        let clause = parts[0].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard clause.count == 2, !clause[0].isEmpty, !clause[1].isEmpty,
            clause[0].allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
            clause[1].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return false }
        return parts.count == 1
            || (parts[1].count == 1 && parts[1].allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
    }

    private static func delays(_ members: [String: JSONValue], _ key: String) throws(Problem) -> [Int] {
        guard let value = members[key] else { return [] }
        guard case .array(let elements) = value else {
            throw Problem(description: "\"schedule\": \"\(key)\" must be an array of milliseconds")
        }
        guard elements.count <= ExploreLimits.maximumScheduleLength else {
            throw Problem(
                description:
                    "\"schedule\": \"\(key)\" has \(elements.count) delays; at most \(ExploreLimits.maximumScheduleLength)"
            )
        }
        return try elements.map { (element: JSONValue) throws(Problem) -> Int in
            guard case .number(let delay) = element, delay >= 0, delay <= 60_000, delay == delay.rounded() else {
                throw Problem(description: "\"schedule\": \"\(key)\" must hold whole milliseconds from 0 to 60000")
            }
            return Int(delay)
        }
    }
}

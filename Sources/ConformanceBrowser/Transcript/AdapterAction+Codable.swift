import StrictJSON

// Adapter actions as JSON, losslessly, inside a transcript event's (`TranscriptEvent+Codable`): the action's kind
// and its arguments, an optional JSON value in a one-element array so that `null` stays apart from none.

extension AdapterAction: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, name, names, data, answer, answers, callback, enabled, calls
    }

    /// Reads an action as `encode(to:)` writes it.
    /// - Throws: `DecodingError` for an unknown kind or a missing argument.
    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let kindName = try values.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: kindName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: values, debugDescription: "unknown adapter action \(kindName)")
        }
        func name() throws -> String { try values.decode(String.self, forKey: .name) }
        func json(_ key: CodingKeys) throws -> JSONValue? {
            try values.decodeIfPresent([JSONValue].self, forKey: key)?.first
        }
        switch kind {
        case .attach: self = .attach
        case .registerHandler: self = .registerHandler(name: try name())
        case .registerThrowingHandler: self = .registerThrowingHandler(name: try name())
        case .answerHeld: self = .answerHeld(name: try name(), answer: try json(.answer))
        case .removeHandler: self = .removeHandler(name: try name())
        case .callHandler:
            self = .callHandler(
                name: try name(), data: try json(.data),
                callback: try values.decodeIfPresent(String.self, forKey: .callback))
        case .reset: self = .reset
        case .setTrafficLogging: self = .setTrafficLogging(enabled: try values.decode(Bool.self, forKey: .enabled))
        case .disableSafetyTimeout: self = .disableSafetyTimeout
        case .callHandlerFromBackgroundThread:
            self = .callHandlerFromBackgroundThread(
                name: try name(), calls: try values.decode(Int.self, forKey: .calls))
        case .answerHeldFromBackgroundThread:
            self = .answerHeldFromBackgroundThread(
                names: try values.decode([String].self, forKey: .names),
                answers: try values.decode([[JSONValue]].self, forKey: .answers).map(\.first))
        case .sendEvent:
            self = .sendEvent(
                id: try name(), data: try json(.data),
                completion: try values.decodeIfPresent(String.self, forKey: .callback))
        }
    }

    /// Writes the action's kind and its arguments.
    package func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(kind.rawValue, forKey: .kind)
        switch self {
        case .attach, .reset, .disableSafetyTimeout: break
        case .registerHandler(let name), .registerThrowingHandler(let name), .removeHandler(let name):
            try values.encode(name, forKey: .name)
        case let .answerHeld(name, answer):
            try values.encode(name, forKey: .name)
            try values.encodeIfPresent(answer.map { [$0] }, forKey: .answer)
        case let .callHandler(name, data, callback):
            try values.encode(name, forKey: .name)
            try values.encodeIfPresent(data.map { [$0] }, forKey: .data)
            try values.encodeIfPresent(callback, forKey: .callback)
        case .setTrafficLogging(let enabled): try values.encode(enabled, forKey: .enabled)
        case let .callHandlerFromBackgroundThread(name, calls):
            try values.encode(name, forKey: .name)
            try values.encode(calls, forKey: .calls)
        case let .answerHeldFromBackgroundThread(names, answers):
            try values.encode(names, forKey: .names)
            try values.encode(answers.map { $0.map { [$0] } ?? [] }, forKey: .answers)
        case let .sendEvent(id, data, completion):
            try values.encode(id, forKey: .name)
            try values.encodeIfPresent(data.map { [$0] }, forKey: .data)
            try values.encodeIfPresent(completion, forKey: .callback)
        }
    }
}

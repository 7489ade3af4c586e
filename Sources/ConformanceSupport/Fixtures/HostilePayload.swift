import StrictJSON

/// One hostile payload: what the native side sends, and the JavaScript that makes the same value.
package struct HostilePayload: Sendable, Identifiable {
    /// How a payload must be treated.
    package enum Class: String, Sendable, CaseIterable {
        /// Must arrive unchanged (as parsed JSON) in both directions.
        case roundTrip = "round-trip"
        /// Not JSON: must be refused or coerced without a crash, a malformed command, or a stuck queue.
        case rejected
        /// May arrive altered or not at all, but never crash, inject code, or desynchronize the queue.
        case implementationDefined = "implementation-defined"
    }

    /// A stable id, used in reports instead of the (unprintable) payload.
    package let id: String
    /// How it must be treated.
    package let payloadClass: Class
    /// What it is, in words.
    package let description: String
    /// The value as the native side sends it (lone surrogates become U+FFFD, as Swift strings require).
    package let nativeValue: JSONValue
    /// A JavaScript expression that makes the value in the page, lone surrogates included.
    package let javaScriptExpression: String
    /// What the native side must receive when JS sends it (differs for JSON.stringify coercions).
    package let expectedAtNative: JSONValue
}

extension HostilePayload: Decodable {
    /// The fields of a payload; exactly one of `value`, `valueJSON`, `special` and `generate` gives its value.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, payloadClass = "class", description, value, valueJSON, special, generate, expectedAtNative
    }

    /// The non-finite numbers `special` names, with the values they stand for.
    private static let specials: [(name: String, value: Double)] = [
        ("NaN", .nan), ("Infinity", .infinity), ("-Infinity", -.infinity),
    ]

    /// A JavaScript expression that makes a value from its JSON text with the page's own `JSON.parse`. Not
    /// the text as an object literal: there `"__proto__"` would set the prototype instead of a member.
    private static func parsing(_ json: String) -> String {
        "JSON.parse(" + CanonicalJSON.quote(json) + ")"
    }

    /// Decodes one payload, checking each field as the schema does.
    package init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        id = try fields.decodeDottedID(allowing: "-", kind: "a payload id", forKey: .id)
        let className = try fields.decodeName(
            among: Class.allCases.map(\.rawValue), kind: "a payload class", forKey: .payloadClass)
        payloadClass = Class(rawValue: className)!
        description = try fields.decodeNonBlankString(forKey: .description)
        let forms: [CodingKeys] = [.value, .valueJSON, .special, .generate]
        let given = forms.filter(fields.contains)
        let formNames = forms.map(\.stringValue).joined(separator: ", ")
        guard given.count == 1 else {
            if given.isEmpty {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: fields.codingPath,
                        debugDescription: "has no value: give exactly one of \(formNames)"))
            }
            throw DecodingError.dataCorruptedError(
                forKey: given[1], in: fields,
                debugDescription:
                    "a payload has exactly one of \(formNames), and this one also has \(given[0].stringValue)")
        }
        switch given[0] {
        case .value:
            nativeValue = try fields.decode(JSONValue.self, forKey: .value)
            javaScriptExpression = Self.parsing(nativeValue.canonicalText)
        case .valueJSON:
            let json = try fields.decode(String.self, forKey: .valueJSON)
            do {
                nativeValue = try JSONParser.parse(json)
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .valueJSON, in: fields, debugDescription: "is not JSON text (\(error))")
            }
            javaScriptExpression = Self.parsing(json)
        case .special:
            let name = try fields.decodeName(
                among: Self.specials.map(\.name), kind: "a special number", forKey: .special)
            nativeValue = .number(Self.specials.first { $0.name == name }!.value)
            javaScriptExpression = "(" + name + ")"
        default:
            (nativeValue, javaScriptExpression) = try fields.decode(Generator.self, forKey: .generate).made
        }
        expectedAtNative =
            fields.contains(.expectedAtNative)
            ? try fields.decode(JSONValue.self, forKey: .expectedAtNative) : nativeValue
    }
}

/// A payload too large or too deep to write out: a string repeated, or a value nested in arrays.
private enum Generator: Decodable {
    case repeating(unit: String, count: Int)
    case nesting(depth: Int, leaf: JSONValue)

    private enum CodingKeys: String, CodingKey, CaseIterable { case `repeat`, nest }
    private enum RepeatKeys: String, CodingKey, CaseIterable { case unit, count }
    private enum NestKeys: String, CodingKey, CaseIterable { case depth, leaf }

    /// Decodes `{"repeat": {"unit", "count"}}` or `{"nest": {"depth", "leaf"}}`.
    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        switch (fields.contains(.repeat), fields.contains(.nest)) {
        case (true, false):
            let rule = try fields.nestedContainer(keyedBy: RepeatKeys.self, forKey: .repeat)
            let unit = try rule.decode(String.self, forKey: .unit)
            guard !unit.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .unit, in: rule, debugDescription: "must not be empty")
            }
            self = .repeating(unit: unit, count: try Self.positive(.count, in: rule))
        case (false, true):
            let rule = try fields.nestedContainer(keyedBy: NestKeys.self, forKey: .nest)
            self = .nesting(
                depth: try Self.positive(.depth, in: rule), leaf: try rule.decode(JSONValue.self, forKey: .leaf))
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: fields.codingPath, debugDescription: "must have exactly one of repeat, nest"))
        }
    }

    private static func positive<Key: CodingKey>(_ key: Key, in fields: KeyedDecodingContainer<Key>) throws -> Int {
        let number = try fields.decode(Int.self, forKey: key)
        guard number >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: fields, debugDescription: "must be at least 1, found \(number)")
        }
        return number
    }

    /// The value the native side sends, and a JavaScript expression that makes it without writing it out.
    var made: (JSONValue, String) {
        switch self {
        case .repeating(let unit, let count):
            return (
                .string(String(repeating: unit, count: count)),
                "new Array(\(count) + 1).join(\(CanonicalJSON.quote(unit)))"
            )
        case .nesting(let depth, let leaf):
            let value = (0..<depth).reduce(leaf) { nested, _ in .array([nested]) }
            return (
                value,
                "(function () { var v = \(leaf.canonicalText); for (var i = 0; i < \(depth); i++) { v = [v]; } return v; })()"
            )
        }
    }
}

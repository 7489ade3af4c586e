import ConformanceFixtures
import Foundation

/// The hostile payload corpus (`Fixtures/payloads/hostile-payloads.json`), validated against its schema.
public struct PayloadCorpus: Sendable {
    /// The payloads, in file order.
    public let payloads: [HostilePayload]

    /// The corpus the kit ships.
    /// - Throws: `HarnessError` naming the file and the broken rule when it is missing or malformed.
    public static func bundled() throws(HarnessError) -> PayloadCorpus {
        try load(
            from: ConformanceFixtures.url("payloads/hostile-payloads.json"),
            schema: ConformanceFixtures.url("schemas/payload-corpus.schema.json"))
    }

    /// Loads a corpus file and checks it against a schema.
    /// - Parameters:
    ///   - url: The corpus file.
    ///   - schemaURL: Its JSON Schema.
    /// - Throws: `HarnessError` (`missingResource` or `invalidInput`) saying what is wrong and where.
    public static func load(from url: URL, schema schemaURL: URL) throws(HarnessError) -> PayloadCorpus {
        let document = try parse(url)
        let violations = JSONSchemaValidator(schema: try parse(schemaURL)).violations(of: document)
        guard violations.isEmpty else {
            throw HarnessError(code: .invalidInput, message: "\(url.path) breaks its schema: "
                + violations.prefix(5).map(\.description).joined(separator: "; ") + ". Fix the file (see spec/protocol.md, appendix B).")
        }
        guard case .object(let members) = document, case .array(let entries)? = members["payloads"] else {
            throw HarnessError(code: .invalidInput, message: "\(url.path) has no payloads array")
        }
        let payloads = entries.compactMap(HostilePayload.init(entry:))
        let ids = payloads.map(\.id)
        if let duplicate = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            throw HarnessError(code: .invalidInput, message: "\(url.path) has two payloads with id \(duplicate)")
        }
        return PayloadCorpus(payloads: payloads)
    }

    /// The payloads of one class.
    public func payloads(of payloadClass: HostilePayload.Class) -> [HostilePayload] {
        payloads.filter { $0.payloadClass == payloadClass }
    }

    private static func parse(_ url: URL) throws(HarnessError) -> JSONValue {
        let text = try HarnessEnvironment.read(url)
        do {
            return try JSONParser.parse(text)
        } catch {
            throw HarnessError(code: .invalidInput, message: "\(url.path) is not valid JSON: \(error)")
        }
    }
}

/// One hostile payload: what the native side sends, and the JavaScript that makes the same value.
public struct HostilePayload: Sendable, Identifiable {
    /// How a payload must be treated.
    public enum Class: String, Sendable, CaseIterable {
        /// Must arrive unchanged (as parsed JSON) in both directions.
        case roundTrip = "round-trip"
        /// Not JSON: must be refused or coerced without a crash, a malformed command, or a stuck queue.
        case rejected
        /// May arrive altered or not at all, but never crash, inject code, or desynchronize the queue.
        case implementationDefined = "implementation-defined"
    }

    /// A stable id, used in reports instead of the (unprintable) payload.
    public let id: String
    /// How it must be treated.
    public let payloadClass: Class
    /// What it is, in words.
    public let description: String
    /// The value as the native side sends it (lone surrogates become U+FFFD, as Swift strings require).
    public let nativeValue: JSONValue
    /// A JavaScript expression that makes the value in the page, lone surrogates included.
    public let javaScriptExpression: String
    /// What the native side must receive when JS sends it (differs for JSON.stringify coercions).
    public let expectedAtNative: JSONValue

    init?(entry: JSONValue) {
        guard case .object(let members) = entry, case .string(let id)? = members["id"],
              case .string(let classText)? = members["class"], let payloadClass = Class(rawValue: classText),
              case .string(let description)? = members["description"] else { return nil }
        self.id = id
        self.payloadClass = payloadClass
        self.description = description
        if let value = members["value"] {
            nativeValue = value
            javaScriptExpression = value.canonicalText
        } else if case .string(let json)? = members["valueJSON"] {
            nativeValue = (try? JSONParser.parse(json)) ?? .null
            javaScriptExpression = "(" + json + ")"
        } else if case .string(let special)? = members["special"] {
            nativeValue = .number(special == "NaN" ? .nan : special == "Infinity" ? .infinity : -.infinity)
            javaScriptExpression = "(" + special + ")"
        } else if case .object(let generator)? = members["generate"] {
            (nativeValue, javaScriptExpression) = Self.generate(generator)
        } else {
            return nil
        }
        expectedAtNative = members["expectedAtNative"] ?? nativeValue
    }

    private static func generate(_ generator: [String: JSONValue]) -> (JSONValue, String) {
        if case .object(let rule)? = generator["repeat"], case .string(let unit)? = rule["unit"], case .number(let count)? = rule["count"] {
            let value = String(repeating: unit, count: Int(count))
            return (.string(value), "new Array(\(Int(count)) + 1).join(\(CanonicalJSON.quote(unit)))")
        }
        if case .object(let rule)? = generator["nest"], case .number(let depth)? = rule["depth"] {
            let leaf = rule["leaf"] ?? .null
            let value = (0..<Int(depth)).reduce(leaf) { nested, _ in .array([nested]) }
            return (value, "(function () { var v = \(leaf.canonicalText); for (var i = 0; i < \(Int(depth)); i++) { v = [v]; } return v; })()")
        }
        return (.null, "null")
    }
}

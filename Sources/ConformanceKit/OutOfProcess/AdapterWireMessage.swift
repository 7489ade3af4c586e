/// One message of the out-of-process adapter protocol (`spec/adapter-protocol.md`): a JSON object on
/// one line, read through typed accessors that name the field when it is missing or mistyped.
struct AdapterWireMessage: Sendable {
    /// The protocol version this kit speaks (ADP-6).
    static let protocolVersion = 1

    /// The message's fields.
    private(set) var fields: [String: JSONValue]

    /// A message of `type` with `fields`.
    init(_ type: String, _ fields: [String: JSONValue] = [:]) {
        self.fields = fields
        self.fields["type"] = .string(type)
    }

    /// Parses one line (ADP-2).
    /// - Throws: `AdapterProcessError` (protocol violation) when the line is not a JSON object with a
    ///   string `type`.
    init(line: String) throws(AdapterProcessError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw .protocolViolation("a line that is not JSON (\(error)): \(TranscriptRenderer.abbreviate(line, limit: 120))")
        }
        guard case .object(let object) = value, case .string? = object["type"] else {
            throw .protocolViolation("a JSON value that is not an object with a string \"type\": \(TranscriptRenderer.abbreviate(line, limit: 120))")
        }
        fields = object
    }

    /// The message's `type`.
    var type: String {
        if case .string(let type)? = fields["type"] { return type }
        return ""
    }

    /// The message as one line, without the line feed: canonical JSON, so printable ASCII.
    var line: String { CanonicalJSON.encode(.object(fields)) }

    /// Sets or removes (nil) a field.
    subscript(field: String) -> JSONValue? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    /// The string field `field`.
    /// - Throws: A protocol violation when it is missing or not a string.
    func string(_ field: String) throws(AdapterProcessError) -> String {
        guard case .string(let value)? = fields[field] else { throw mistyped(field, "a string") }
        return value
    }

    /// The integer field `field` (a JSON number without a fraction, at least 0).
    /// - Throws: A protocol violation when it is missing or not such a number.
    func integer(_ field: String) throws(AdapterProcessError) -> Int {
        guard case .number(let value)? = fields[field], value >= 0, value.rounded() == value, value < 9e15 else {
            throw mistyped(field, "a non-negative integer")
        }
        return Int(value)
    }

    /// The boolean field `field`.
    /// - Throws: A protocol violation when it is missing or not a boolean.
    func bool(_ field: String) throws(AdapterProcessError) -> Bool {
        guard case .bool(let value)? = fields[field] else { throw mistyped(field, "a boolean") }
        return value
    }

    /// The optional integer field `field`: nil when absent.
    /// - Throws: A protocol violation when present and not a non-negative integer.
    func optionalInteger(_ field: String) throws(AdapterProcessError) -> Int? {
        fields[field] == nil ? nil : try integer(field)
    }

    /// The optional string field `field`: nil when absent.
    /// - Throws: A protocol violation when present and not a string.
    func optionalString(_ field: String) throws(AdapterProcessError) -> String? {
        fields[field] == nil ? nil : try string(field)
    }

    /// The data field `field` as Foundation passes it to handlers: absent is nil, `null` is `NSNull`
    /// (ADP-4), non-finite number markers are `Double`s again.
    func foundationData(_ field: String) -> Any? {
        fields[field]?.decodedFromWire.foundationValue
    }

    private func mistyped(_ field: String, _ expected: String) -> AdapterProcessError {
        .protocolViolation("`\(type)` message whose \"\(field)\" is not \(expected): \(TranscriptRenderer.abbreviate(line, limit: 160))")
    }
}

extension JSONValue {
    /// The key of the object that stands for a non-finite number, which JSON cannot carry (ADP-4).
    static let nonFiniteMarker = "$nonFinite"

    /// Converts what an implementation handed over (a Foundation JSON value or nil) for the wire; nil
    /// stays nil so the field is left out, non-finite numbers become markers (ADP-4).
    /// - Throws: `JSONValue.ConversionError` when the value is not JSON.
    init?(wireData value: Any?) throws {
        guard let value else { return nil }
        self = try JSONValue(foundation: value).encodedForWire
    }

    /// This value with every non-finite number replaced by `{"$nonFinite":"NaN"}` (or `Infinity`,
    /// `-Infinity`).
    var encodedForWire: JSONValue {
        switch self {
        case .number(let number) where !number.isFinite:
            let name = number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity"
            return .object([Self.nonFiniteMarker: .string(name)])
        case .array(let elements): return .array(elements.map(\.encodedForWire))
        case .object(let members): return .object(members.mapValues(\.encodedForWire))
        default: return self
        }
    }

    /// This value with non-finite number markers turned back into numbers.
    var decodedFromWire: JSONValue {
        switch self {
        case .object(let members):
            if members.count == 1, case .string(let name)? = members[Self.nonFiniteMarker] {
                switch name {
                case "NaN": return .number(.nan)
                case "Infinity": return .number(.infinity)
                case "-Infinity": return .number(-.infinity)
                default: break
                }
            }
            return .object(members.mapValues(\.decodedFromWire))
        case .array(let elements): return .array(elements.map(\.decodedFromWire))
        default: return self
        }
    }
}

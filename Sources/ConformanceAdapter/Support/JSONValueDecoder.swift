import StrictJSON

/// Decodes `Decodable` types from a value `JSONParser` already parsed, strictly: no coercion between
/// JSON types, integers must be whole, in range and at most 2^53 - 1 in magnitude (`largestExactInteger`), and
/// (for fixtures) an object with a field its type's coding keys do not name is refused, so a misspelt field never
/// passes silently. `JSONValue` fields take the value as it is, `null` included, in one step however deep it is.
///
/// Errors are `DecodingError`s whose coding path locates the value and whose debug description is a
/// finished sentence (`FixtureFile` turns them into `entries[3].verdict: ...`). Foundation's
/// `JSONDecoder` is not used: it would parse the text a second time, with rules that differ by platform,
/// and it decodes a `JSONValue` by trial and error, which costs time quadratic in its depth.
package enum JSONValueDecoder {
    /// What an object's fields that its type's coding keys do not name do.
    package enum UnknownFields: Sendable {
        /// They are an error (fixtures and baselines, written by hand).
        case refused
        /// They are skipped (adapter protocol messages, which a later version may extend).
        case ignored
    }

    /// Decodes `type` from `value`.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - value: A parsed JSON value.
    ///   - unknownFields: Whether fields no coding key names are refused (the default) or ignored.
    /// - Throws: `DecodingError` locating the first value that does not fit, or whatever the type's
    ///   `init(from:)` throws.
    package static func decode<Value: Decodable>(
        _ type: Value.Type, from value: JSONValue, unknownFields: UnknownFields = .refused
    ) throws -> Value {
        try Node(value: value, codingPath: [], unknownFields: unknownFields).decodeValue(Value.self)
    }

    /// The largest magnitude an integer field may have: 2^53 - 1, past which JSON numbers (doubles, in
    /// every language that reads them as JavaScript does) no longer hold every integer exactly.
    package static let largestExactInteger: Double = 9_007_199_254_740_991

    /// `text` as a JSON string literal, shortened and printable, for error messages.
    package static func quoted(_ text: String) -> String {
        PrintableText.abbreviate(JSONValue.string(text), limit: 60)
    }

    /// What `value` is, for error messages: `the string "flaky"`, `the number 3`, `an object`.
    package static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number: "the number \(value.displayText)"
        case .string(let text): "the string \(quoted(text))"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A coding key for array indexes and for fields no key type names (decoding and encoding).
struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// One value being decoded: the decoder and its single-value container.
private struct Node: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let unknownFields: JSONValueDecoder.UnknownFields
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = value as? T { return value }  // a JSONValue field takes the value as it is
        return try T(from: self)
    }

    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if value == .null {
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath,
                debugDescription: "expected \(expected), found \(JSONValueDecoder.describe(value))"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, expected: "an object") }
        if unknownFields == .refused, let unknown = members.keys.sorted().first(where: { Key(stringValue: $0) == nil })
        {
            let known = (Key.self as? any (CodingKey & CaseIterable).Type).map { Self.names(of: $0) }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [PathKey(stringValue: unknown)],
                    debugDescription: "unknown field"
                        + (known.map { " (the fields are " + $0.joined(separator: ", ") + ")" } ?? "")))
        }
        return KeyedDecodingContainer(
            KeyedContainer<Key>(members: members, codingPath: codingPath, unknownFields: unknownFields))
    }

    private static func names<Key: CodingKey & CaseIterable>(of type: Key.Type) -> [String] {
        Key.allCases.map(\.stringValue)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, expected: "an array") }
        return UnkeyedContainer(elements: elements, codingPath: codingPath, unknownFields: unknownFields)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, expected: "true or false") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type, expected: "a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type, expected: "a number") }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let range = Integer.bitWidth >= 64 ? "" : " from \(Integer.min) to \(Integer.max)"
        let expected = (Integer.isSigned || !range.isEmpty ? "an integer" : "a non-negative integer") + range
        guard case .number(let number) = value, number.isFinite, number.rounded(.towardZero) == number else {
            throw mismatch(type, expected: expected)
        }
        // Past 2^53 - 1 a JSON number (a double) no longer holds every integer: what was read may not be
        // what was written (9223372036854775807 reads as 9223372036854775808), so no such integer is taken.
        guard number.magnitude <= JSONValueDecoder.largestExactInteger else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription:
                        "\(JSONValueDecoder.describe(value)) is beyond \(Int64(JSONValueDecoder.largestExactInteger)) (2^53 - 1), "
                        + "the largest integer a JSON number carries exactly"))
        }
        guard let integer = Integer(exactly: number) else { throw mismatch(type, expected: expected) }
        return integer
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

/// The fields of an object (unknown fields were refused or are ignored).
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    let unknownFields: JSONValueDecoder.UnknownFields

    var allKeys: [Key] { members.keys.sorted().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func child(_ key: Key) throws -> Node {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "required field missing"))
        }
        return Node(value: value, codingPath: codingPath + [key], unknownFields: unknownFields)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        Node(
            value: members["super"] ?? .null, codingPath: codingPath + [PathKey(stringValue: "super")],
            unknownFields: unknownFields)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

/// The elements of an array, in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let unknownFields: JSONValueDecoder.UnknownFields
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], unknownFields: JSONValueDecoder.UnknownFields) {
        self.elements = elements
        self.codingPath = codingPath
        self.unknownFields = unknownFields
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next() throws -> Node {
        let path = codingPath + [PathKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: path, debugDescription: "the array has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return Node(value: elements[currentIndex], codingPath: path, unknownFields: unknownFields)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

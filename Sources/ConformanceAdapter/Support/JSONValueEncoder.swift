import StrictJSON

/// Encodes `Encodable` values into a `JSONValue`, the counterpart of `JSONValueDecoder`.
///
/// `CanonicalJSON` then writes the text. Foundation's `JSONEncoder` is not used: it refuses values nested
/// deeper than 512 levels, which an implementation may legitimately hand over, and it would write the
/// same value differently by platform. A `JSONValue` inside the value is taken as it is, in one step.
/// Integers become JSON numbers (doubles): exact up to 2^53, which covers every number the kit encodes.
package enum JSONValueEncoder {
    /// Encodes `value`.
    /// - Parameter value: The value; its `encode(to:)` must produce exactly one top-level value.
    /// - Returns: The value as JSON; `null` when `encode(to:)` wrote nothing.
    /// - Throws: Whatever the value's `encode(to:)` throws.
    package static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Slot()
        try root.store(value, codingPath: [])
        return root.value
    }
}

/// Where one value goes while it is encoded: a finished value, or an object or array still being filled.
private final class Slot {
    private enum Content {
        case value(JSONValue)
        case object([(key: String, slot: Slot)])
        case array([Slot])
    }

    private var content: Content = .value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .object(let fields):
            // A later field of the same name replaces an earlier one, as a keyed container's does.
            .object(Dictionary(fields.map { ($0.key, $0.slot.value) }, uniquingKeysWith: { _, last in last }))
        case .array(let slots): .array(slots.map(\.value))
        }
    }

    func set(_ value: JSONValue) { content = .value(value) }

    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let json = value as? JSONValue {
            set(json)
        } else {
            try value.encode(to: SlotEncoder(slot: self, codingPath: codingPath))
        }
    }

    /// A new field of the object this slot holds.
    func addField(_ key: String) -> Slot {
        let slot = Slot()
        if case .object(var fields) = content {
            fields.append((key, slot))
            content = .object(fields)
        } else {
            content = .object([(key, slot)])
        }
        return slot
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func appendElement() -> Slot {
        let slot = Slot()
        if case .array(var slots) = content {
            slots.append(slot)
            content = .array(slots)
        } else {
            content = .array([slot])
        }
        return slot
    }

    var elementCount: Int {
        if case .array(let slots) = content { return slots.count }
        return 0
    }
}

/// The encoder handed to one value's `encode(to:)`.
private struct SlotEncoder: Encoder, SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(SlotKeyedContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return SlotUnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() { slot.set(.null) }
    func encode(_ value: Bool) { slot.set(.bool(value)) }
    func encode(_ value: String) { slot.set(.string(value)) }
    func encode(_ value: Double) { slot.set(.number(value)) }
    func encode(_ value: Float) { slot.set(.number(Double(value))) }
    func encode(_ value: Int) { slot.set(.number(Double(value))) }
    func encode(_ value: Int8) { slot.set(.number(Double(value))) }
    func encode(_ value: Int16) { slot.set(.number(Double(value))) }
    func encode(_ value: Int32) { slot.set(.number(Double(value))) }
    func encode(_ value: Int64) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt8) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt16) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt32) { slot.set(.number(Double(value))) }
    func encode(_ value: UInt64) { slot.set(.number(Double(value))) }
    func encode<T: Encodable>(_ value: T) throws { try slot.store(value, codingPath: codingPath) }
}

/// The fields of an object being encoded.
private struct SlotKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    func field(_ key: Key) -> SlotEncoder {
        SlotEncoder(slot: slot.addField(key.stringValue), codingPath: codingPath + [key])
    }

    func encodeNil(forKey key: Key) { field(key).encodeNil() }
    func encode(_ value: Bool, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: String, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: Double, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: Float, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: Int, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: Int8, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: Int16, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: Int32, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: Int64, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: UInt, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: UInt8, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: UInt16, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: UInt32, forKey key: Key) { field(key).encode(value) }
    func encode(_ value: UInt64, forKey key: Key) { field(key).encode(value) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try field(key).encode(value) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        field(key).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { field(key).unkeyedContainer() }

    func superEncoder() -> any Encoder {
        SlotEncoder(slot: slot.addField("super"), codingPath: codingPath + [PathKey(stringValue: "super")])
    }

    func superEncoder(forKey key: Key) -> any Encoder { field(key) }
}

/// The elements of an array being encoded.
private struct SlotUnkeyedContainer: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int { slot.elementCount }

    func element() -> SlotEncoder {
        let path = codingPath + [PathKey(intValue: count)]
        return SlotEncoder(slot: slot.appendElement(), codingPath: path)
    }

    mutating func encodeNil() { element().encodeNil() }
    mutating func encode(_ value: Bool) { element().encode(value) }
    mutating func encode(_ value: String) { element().encode(value) }
    mutating func encode(_ value: Double) { element().encode(value) }
    mutating func encode(_ value: Float) { element().encode(value) }
    mutating func encode(_ value: Int) { element().encode(value) }
    mutating func encode(_ value: Int8) { element().encode(value) }
    mutating func encode(_ value: Int16) { element().encode(value) }
    mutating func encode(_ value: Int32) { element().encode(value) }
    mutating func encode(_ value: Int64) { element().encode(value) }
    mutating func encode(_ value: UInt) { element().encode(value) }
    mutating func encode(_ value: UInt8) { element().encode(value) }
    mutating func encode(_ value: UInt16) { element().encode(value) }
    mutating func encode(_ value: UInt32) { element().encode(value) }
    mutating func encode(_ value: UInt64) { element().encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try element().encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        element().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { element() }
}

import Foundation

/// A JSON value, as messages and handler data are compared: parsed, never as raw text.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    /// Converts a Foundation JSON value (what ports hand their handlers) into a `JSONValue`.
    ///
    /// Accepts `NSNull`, `NSNumber`/`Bool`/integers/floating point, `String`, arrays and string-keyed
    /// dictionaries, nested. `nil` is not a JSON value: callers decide what absent means.
    /// - Parameter foundationValue: The value to convert.
    /// - Throws: `JSONValue.ConversionError` naming the first value that is not JSON.
    package init(foundation foundationValue: Any) throws {
        // Swift's own types first: testing a Swift array or string against a class (`NSNull`,
        // `NSNumber`) bridges it to an Objective-C object first (the whole nested value, at every level),
        // which made deep payloads quadratic.
        switch foundationValue {
        case let flag as Bool where type(of: foundationValue) == Bool.self:
            self = .bool(flag)
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = .array(try array.map { try JSONValue(foundation: $0) })
        case let dictionary as [String: Any]:
            self = .object(try dictionary.mapValues { try JSONValue(foundation: $0) })
        case let integer as Int where type(of: foundationValue) == Int.self:
            self = .number(Double(integer))
        case let double as Double where type(of: foundationValue) == Double.self:
            self = .number(double)
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // Foundation's booleans are NSNumbers whose ObjC type is "c" (char).
            let isBoolean = String(cString: number.objCType) == "c"
            self = isBoolean ? .bool(number.boolValue) : .number(number.doubleValue)
        default:
            // An Optional boxed in `Any` (say `[String: Any?]` cast to `[String: Any]`): unwrap it.
            let mirror = Mirror(reflecting: foundationValue)
            guard mirror.displayStyle == .optional else {
                throw ConversionError(valueDescription: "\(type(of: foundationValue))")
            }
            guard let wrapped = mirror.children.first?.value else { self = .null; return }
            self = try JSONValue(foundation: wrapped)
        }
    }

    /// The Foundation form of this value, as `JSONSerialization` and WebKit hand it to native code: `NSNull`,
    /// `NSNumber` for numbers and booleans alike (a boolean one has the type of a C `char`), `String`, `[Any]`,
    /// `[String: Any]`. The `NSNumber`s matter: `as? Bool` accepts an `NSNumber` 0 or 1 and `as? Int` a boolean
    /// one, which Swift's own `Int` and `Bool` never allow, and real ports trip over exactly that.
    package var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return NSNumber(value: flag)
        case .number(let number):
            if number.rounded() == number, abs(number) < 9.007_199_254_740_992e15 {
                return NSNumber(value: Int(number))
            }
            return NSNumber(value: number)
        case .string(let string): return string
        case .array(let array): return array.map(\.foundationValue)
        case .object(let object): return object.mapValues(\.foundationValue)
        }
    }

    /// Whether a NaN or an infinity is in the value, at any depth: numbers JSON has no text for.
    package var containsNonFiniteNumber: Bool {
        switch self {
        case .null, .bool, .string: false
        case .number(let number): !number.isFinite
        case .array(let elements): elements.contains { $0.containsNonFiniteNumber }
        case .object(let members): members.values.contains { $0.containsNonFiniteNumber }
        }
    }

    /// The value as JSON text carries it: each NaN or infinity, at any depth, as `null` (as `canonicalText` and
    /// `JSON.stringify` write it), so that the value equals itself and reads back as it was written.
    package var withNonFiniteNumbersAsNull: JSONValue {
        switch self {
        case .null, .bool, .string: self
        case .number(let number): number.isFinite ? self : .null
        case .array(let elements): .array(elements.map(\.withNonFiniteNumbersAsNull))
        case .object(let members): .object(members.mapValues(\.withNonFiniteNumbersAsNull))
        }
    }

    /// The value's canonical JSON text (see `CanonicalJSON`).
    package var canonicalText: String { CanonicalJSON.encode(self) }

    /// The value as people read it (`CanonicalJSON.display`): canonical, but NaN and the infinities by
    /// name, never as `null`.
    package var displayText: String { CanonicalJSON.display(self) }

    /// A Foundation value that has no JSON form.
    package struct ConversionError: Error, CustomStringConvertible, Sendable {
        /// The type of the offending value.
        package var valueDescription: String
        /// A readable, one-line description.
        package var description: String {
            "a value of type \(valueDescription) is not a JSON value (use NSNull, NSNumber, String, arrays and [String: Any])"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The canonical JSON text.
    package var description: String { canonicalText }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    /// A string value.
    package init(stringLiteral value: String) { self = .string(value) }
    /// A number value.
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number value.
    package init(floatLiteral value: Double) { self = .number(value) }
    /// A boolean value.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object value; a repeated key keeps its last value.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    /// `null`.
    package init(nilLiteral: ()) { self = .null }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as itself (a non-finite number cannot be encoded as JSON and throws).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}

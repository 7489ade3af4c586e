import StrictJSON

/// Message data as the adapter protocol carries it (ADP-4): a JSON value in which non-finite numbers,
/// which JSON cannot hold, travel as `{"$nonFinite":"NaN"}`, `{"$nonFinite":"Infinity"}` or
/// `{"$nonFinite":"-Infinity"}`. An absent field stands for nil; `null` stands for `NSNull`.
package struct WireData: Codable, Equatable, Sendable {
    /// The key of the object that stands for a non-finite number.
    static let nonFiniteMarker = "$nonFinite"

    /// The value, non-finite numbers included.
    package var value: JSONValue

    /// Wraps a value.
    package init(_ value: JSONValue) { self.value = value }

    /// Converts what an implementation handed over (a Foundation JSON value); nil stays nil, so that
    /// the field is left out.
    /// - Throws: `JSONValue.ConversionError` when the value is not JSON.
    package init?(foundation value: Any?) throws {
        guard let value else { return nil }
        self.value = try JSONValue(foundation: value)
    }

    /// The value as Foundation hands it to handlers: `NSNull` for null, numbers and booleans as `NSNumber`.
    package var foundationValue: Any { value.foundationValue }

    package init(from decoder: any Decoder) throws {
        // `JSONValueDecoder` hands a `JSONValue` over in one step, whatever its depth.
        value = Self.decodingMarkers(try decoder.singleValueContainer().decode(JSONValue.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.encodingMarkers(value))
    }

    private static func encodingMarkers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number) where !number.isFinite:
            let name = number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity"
            return .object([nonFiniteMarker: .string(name)])
        case .array(let elements): return .array(elements.map(encodingMarkers))
        case .object(let members): return .object(members.mapValues(encodingMarkers))
        default: return value
        }
    }

    private static func decodingMarkers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            if members.count == 1, case .string(let name)? = members[nonFiniteMarker] {
                switch name {
                case "NaN": return .number(.nan)
                case "Infinity": return .number(.infinity)
                case "-Infinity": return .number(-.infinity)
                default: break
                }
            }
            return .object(members.mapValues(decodingMarkers))
        case .array(let elements): return .array(elements.map(decodingMarkers))
        default: return value
        }
    }
}

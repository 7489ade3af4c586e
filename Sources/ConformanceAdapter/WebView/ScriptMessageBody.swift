import Foundation
import StrictJSON

/// A script message's body in its clone form: what the page shim makes of a posted value and what the
/// adapter protocol carries, since JSON alone cannot tell a date or a boolean `NSNumber` from others.
///
/// Each value is a tagged array: `["null"]`, `["b", true]`, `["n", 1.5]` (or `["n", "NaN"]`),
/// `["s", "text"]`, `["d", <milliseconds since 1970>]`, `["a", [<clone>, ...]]`,
/// `["o", [["key", <clone>], ...]]`.
package enum ScriptMessageBody {
    /// The body as WebKit hands it to native code: numbers and booleans as `NSNumber`, `NSNull`, strings,
    /// arrays, dictionaries, dates as `Date`. A malformed clone reads as `NSNull`.
    package static func foundationValue(of clone: JSONValue) -> Any {
        guard case .array(let parts) = clone, case .string(let tag)? = parts.first else { return NSNull() }
        let value = parts.count > 1 ? parts[1] : JSONValue.null
        switch (tag, value) {
        case ("b", .bool(let flag)): return NSNumber(value: flag)
        case ("n", .number(let number)): return NSNumber(value: number)
        case ("n", .string(let special)): return NSNumber(value: Double(special) ?? .nan)
        case ("s", .string(let string)): return string
        case ("d", .number(let milliseconds)): return Date(timeIntervalSince1970: milliseconds / 1000)
        case ("a", .array(let elements)): return elements.map(foundationValue)
        case ("o", .array(let entries)):
            var dictionary: [String: Any] = [:]
            for case .array(let entry) in entries where entry.count == 2 {
                if case .string(let key) = entry[0] { dictionary[key] = foundationValue(of: entry[1]) }
            }
            return dictionary
        default: return NSNull()
        }
    }

    /// The clone of a body `foundationValue(of:)` made (for the adapter protocol); other values read as
    /// `["null"]`.
    package static func clone(of value: Any) -> JSONValue {
        switch value {
        case let date as Date: return .array([.string("d"), .number(date.timeIntervalSince1970 * 1000)])
        case let string as String: return .array([.string("s"), .string(string)])
        case let number as NSNumber:
            // A boolean NSNumber has the type of a C `char` (`c`), on Linux as on Apple platforms.
            if number.objCType.pointee == CChar(UInt8(ascii: "c")) {
                return .array([.string("b"), .bool(number.boolValue)])
            }
            let double = number.doubleValue
            return .array([.string("n"), double.isFinite ? .number(double) : .string("\(double)")])
        case let array as [Any]: return .array([.string("a"), .array(array.map(clone))])
        case let dictionary as [String: Any]:
            let entries = dictionary.keys.sorted().map { JSONValue.array([.string($0), clone(of: dictionary[$0]!)]) }
            return .array([.string("o"), .array(entries)])
        default: return .array([.string("null")])
        }
    }
}

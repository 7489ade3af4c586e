import Foundation
import StrictJSON

/// A script message's body in its clone form: what the page shim makes of a posted value and what the
/// adapter protocol carries, since JSON alone cannot tell a date or a boolean `NSNumber` from others.
///
/// Each value is a tagged array: `["null"]`, `["b", true]`, `["n", 1.5]` (or `["n", "NaN"]`,
/// `["n", "Infinity"]`, `["n", "-Infinity"]`), `["s", "text"]`, `["d", <milliseconds since 1970>]`,
/// `["a", [<clone>, ...]]`, `["o", [["key", <clone>], ...]]`.
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
            return .array([.string("n"), double.isFinite ? .number(double) : .string(nonFiniteName(of: double))])
        case let array as [Any]: return .array([.string("a"), .array(array.map(clone))])
        case let dictionary as [String: Any]:
            let entries = dictionary.keys.sorted().map { JSONValue.array([.string($0), clone(of: dictionary[$0]!)]) }
            return .array([.string("o"), .array(entries)])
        default: return .array([.string("null")])
        }
    }

    /// What JavaScript's `String(number)` makes of a non-finite number, as the page shim writes it.
    private static func nonFiniteName(of number: Double) -> String {
        number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity"
    }

    /// What makes `clone` no clone, or nil when it is one: the adapter protocol reads a body strictly
    /// (ADP-22), where `foundationValue(of:)` reads a malformed part as `NSNull`.
    /// - Parameter clone: The body in its clone form.
    /// - Returns: The first problem, located by its path in the clone (`[1][0]`), or nil.
    package static func problem(in clone: JSONValue) -> String? {
        problem(in: clone, at: "")
    }

    private static func problem(in clone: JSONValue, at path: String) -> String? {
        let place = "the body\(path)"
        guard case .array(let parts) = clone, case .string(let tag)? = parts.first else {
            return "\(place) is not a tagged array such as [\"s\",\"text\"]"
        }
        guard ["null", "b", "n", "s", "d", "a", "o"].contains(tag) else {
            return "\(place) has the tag \(JSONValueDecoder.quoted(tag)); the tags are null, b, n, s, d, a and o"
        }
        guard parts.count == (tag == "null" ? 1 : 2) else {
            return "\(place) has \(parts.count) elements; "
                + (tag == "null" ? "[\"null\"] has 1" : "[\"\(tag)\", <value>] has 2")
        }
        guard tag != "null" else { return nil }
        switch (tag, parts[1]) {
        case ("b", .bool), ("n", .number), ("s", .string), ("d", .number): return nil
        case ("n", .string(let name)) where ["NaN", "Infinity", "-Infinity"].contains(name): return nil
        case ("a", .array(let elements)):
            for (index, element) in elements.enumerated() {
                if let problem = problem(in: element, at: "\(path)[1][\(index)]") { return problem }
            }
            return nil
        case ("o", .array(let entries)):
            for (index, entry) in entries.enumerated() {
                guard case .array(let pair) = entry, pair.count == 2, case .string = pair[0] else {
                    return "\(place)[1][\(index)] is not a [\"key\", <clone>] pair"
                }
                if let problem = problem(in: pair[1], at: "\(path)[1][\(index)][1]") { return problem }
            }
            return nil
        default:
            let expected =
                switch tag {
                case "b": "a boolean"
                case "n": "a number, or \"NaN\", \"Infinity\" or \"-Infinity\""
                case "s": "a string"
                case "d": "a number (milliseconds since 1970)"
                default: "an array"
                }
            return "\(place)[1] is \(JSONValueDecoder.describe(parts[1])); a [\"\(tag)\", ...] holds \(expected)"
        }
    }
}

import StrictJSON

extension JSONValue {
    /// Whether this value has the shape and every string of `other` (object keys included), so that the two can
    /// differ only in numbers, booleans and nulls: a difference no escaping of a string literal can make.
    func hasTheStrings(of other: JSONValue) -> Bool {
        switch (self, other) {
        case (.string(let mine), .string(let theirs)):
            return mine == theirs
        case (.array(let mine), .array(let theirs)):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.hasTheStrings(of: $1) }
        case (.object(let mine), .object(let theirs)):
            return Set(mine.keys) == Set(theirs.keys)
                && mine.allSatisfy { key, value in theirs[key].map(value.hasTheStrings(of:)) ?? false }
        case (.string, _), (_, .string), (.array, _), (_, .array), (.object, _), (_, .object):
            return false
        default:
            return true
        }
    }
}

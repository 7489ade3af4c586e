import ConformanceAdapter
import StrictJSON

/// The field rules the kit's fixture files share (their JSON Schemas say the same), as decoding steps
/// whose errors are finished sentences for `FixtureFile`.
extension KeyedDecodingContainer {
    /// Checks that a field holds exactly `expected` (a file's `format` and `version`).
    /// - Throws: `DecodingError` when the field is missing or holds anything else.
    package func expectConstant(_ expected: JSONValue, forKey key: Key) throws {
        let found = try decode(JSONValue.self, forKey: key)
        guard found == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "expected \(expected.canonicalText), found \(JSONValueDecoder.describe(found))")
        }
    }

    /// A string with something in it besides white space (a reason, a description).
    /// - Throws: `DecodingError` when the field is missing, not a string, or blank.
    package func decodeNonBlankString(forKey key: Key) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must not be empty")
        }
        return text
    }

    /// A string that must be one of `names`.
    /// - Parameters:
    ///   - names: The accepted names, listed in the error.
    ///   - kind: What the names are (`a payload class`), for the error.
    ///   - key: The field.
    /// - Throws: `DecodingError` when the field is missing, not a string, or not one of `names`.
    func decodeName(among names: [String], kind: String, forKey key: Key) throws -> String {
        let name = try decode(String.self, forKey: key)
        guard names.contains(name) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\(JSONValueDecoder.quoted(name)) is not \(kind) (\(names.joined(separator: ", ")))")
        }
        return name
    }

    /// A string that must be a dot-separated id whose segments use `characters` (`a-z`, `0-9`, `-`,
    /// and `*` for globs), as the schemas' `pattern`s say.
    /// - Throws: `DecodingError` when the field is missing, not a string, or not such an id.
    package func decodeDottedID(allowing characters: String, kind: String, forKey key: Key) throws -> String {
        let id = try decode(String.self, forKey: key)
        let segments = id.split(separator: ".", omittingEmptySubsequences: false)
        let valid = segments.allSatisfy { segment in
            !segment.isEmpty
                && segment.allSatisfy { character in
                    guard let byte = character.asciiValue else { return false }
                    return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || characters.contains(character)
                }
        }
        guard valid else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "\(JSONValueDecoder.quoted(id)) is not \(kind) (dot-separated segments of a-z, 0-9 and \(characters.map(String.init).joined(separator: " ")))"
            )
        }
        return id
    }
}

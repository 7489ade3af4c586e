import ConformanceAdapter
import Foundation
import StrictJSON

/// A file the kit reads (its own fixtures, or a file the user names such as a baseline), loaded loudly:
/// a missing or unreadable file, text that is not JSON, and JSON that does not fit the expected type
/// are each an error naming the file and the place.
///
/// JSON is checked with the strict `JSONParser` first (its errors give the byte offset; a key an object holds
/// twice is refused, naming it, rather than one value silently replacing the other), then decoded
/// with `JSONValueDecoder`, which refuses wrong types and unknown fields; decoding errors name the
/// entry (`payloads[3] (id "quote.single").valueJSON: ...`).
package struct FixtureFile: Sendable {
    /// Why a file could not be used: the error code, the file, and what is wrong.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// `missingResource` for a kit file that cannot be read, `invalidInput` otherwise.
        package var code: HarnessError.Code
        /// The file's path.
        package var path: String
        /// What is wrong, without the path (`not valid JSON at byte 12 (line 2, column 3): ...`).
        package var problem: String
        /// `path: problem`.
        package var description: String { "\(path): \(problem)" }
        /// The same failure as the kit's error type.
        package var harnessError: HarnessError { HarnessError(code: code, message: description) }
    }

    /// The file.
    package var url: URL
    /// What to do when the file cannot be read (empty when the caller says it).
    package var remedy: String
    /// The code of the error when it cannot be read.
    package var unreadableCode: HarnessError.Code
    /// The most bytes the file may hold (`TextFileReader`).
    package var maximumBytes = FixtureFile.defaultMaximumBytes
    /// The most bytes a file the kit reads may hold unless its caller says otherwise: 64 MiB.
    package static let defaultMaximumBytes = 64 << 20
    /// The file's text when a caller supplies it instead of the file (a test checking what the kit does
    /// with a damaged copy); nil reads `url`.
    package var suppliedText: String?

    /// A file the kit ships in its resource bundle; when it cannot be read the package must be rebuilt.
    /// - Parameter url: The file, usually `ConformanceFixtures.url(_:)`.
    package init(kitFile url: URL) {
        self.url = url
        remedy = "The kit's fixtures ship in its resource bundle; rebuild the package, or pass the file explicitly."
        unreadableCode = .missingResource
    }

    /// A kit file whose text the caller supplies: errors name `url`, nothing is read.
    /// - Parameters:
    ///   - url: The file the text stands for.
    ///   - text: Its text.
    package init(kitFile url: URL, text: String) {
        self.init(kitFile: url)
        suppliedText = text
    }

    /// A file the user named.
    /// - Parameters:
    ///   - url: The file.
    ///   - remedy: What to do when it does not exist or cannot be read.
    ///   - maximumBytes: The most bytes it may hold.
    package init(userFile url: URL, remedy: String, maximumBytes: Int = FixtureFile.defaultMaximumBytes) {
        self.url = url
        self.remedy = remedy
        self.maximumBytes = maximumBytes
        unreadableCode = .invalidInput
    }

    /// The file's text.
    /// - Throws: `Failure` saying what is wrong (`TextFileReader.Problem`: missing, a folder, a device,
    ///   unreadable, too large, not UTF-8) and, when the file is missing or unreadable, what to do.
    package func text() throws(Failure) -> String {
        if let suppliedText { return suppliedText }
        do throws(TextFileReader.Problem) {
            return try TextFileReader.text(atPath: url.path, maximumBytes: maximumBytes)
        } catch {
            var problem = error.description
            switch error {
            case .missing, .unreadable: if !remedy.isEmpty { problem += ". " + remedy }
            default: break
            }
            throw Failure(
                code: error == .missing || error.isUnreadable ? unreadableCode : .invalidInput, path: url.path,
                problem: problem)
        }
    }

    /// The file's JSON, checked by the strict parser.
    /// - Throws: `Failure` when the file cannot be read, or is not JSON or holds a key twice in one object
    ///   (naming the byte offset, line and column).
    package func json() throws(Failure) -> JSONValue {
        let text = try text()
        do {
            return try JSONParser.parse(text, duplicateKeys: .reject)
        } catch {
            throw Failure(code: .invalidInput, path: url.path, problem: Self.describe(error, in: text))
        }
    }

    /// The file decoded as `type`.
    /// - Parameters:
    ///   - type: What the file holds.
    ///   - labelKey: The field that names an array element (`id`), shown with its index in errors.
    /// - Throws: `Failure` when the file cannot be read, is not JSON, or does not fit `type`; the
    ///   problem names the entry and the field (`entries[3] (case "a.b").verdict: ...`).
    package func decode<Value: Decodable>(_ type: Value.Type, labelKey: String = "id") throws(Failure) -> Value {
        let document = try json()
        do {
            return try JSONValueDecoder.decode(type, from: document)
        } catch let error as DecodingError {
            throw Failure(
                code: .invalidInput, path: url.path, problem: Self.describe(error, in: document, labelKey: labelKey))
        } catch {
            throw Failure(code: .invalidInput, path: url.path, problem: "\(error)")
        }
    }

    /// `not valid JSON at byte 12 (line 2, column 3): expected ':'`.
    private static func describe(_ error: JSONParser.ParseError, in text: String) -> String {
        var line = 1, lineStart = 0
        for (offset, byte) in text.utf8.prefix(error.offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        let column = error.offset - lineStart + 1
        return "not valid JSON at byte \(error.offset) (line \(line), column \(column)): \(error.reason)"
    }

    /// `entries[3] (case "a.b").verdict: <what is wrong>`.
    private static func describe(_ error: DecodingError, in document: JSONValue, labelKey: String) -> String {
        let path: [any CodingKey], problem: String
        switch error {
        case .keyNotFound(let key, let context):
            (path, problem) = (context.codingPath + [key], context.debugDescription)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (path, problem) = (context.codingPath, context.debugDescription)
        @unknown default:
            return "\(error)"
        }
        let location = self.location(of: path, in: document, labelKey: labelKey)
        return location.isEmpty ? problem : "\(location): \(problem)"
    }

    /// The coding path as `payloads[3] (id "x").value`: indexes in brackets, labelled when the element
    /// is an object with a string `labelKey`.
    private static func location(of path: [any CodingKey], in document: JSONValue, labelKey: String) -> String {
        var text = ""
        var node: JSONValue? = document
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
                if case .array(let elements)? = node, elements.indices.contains(index) {
                    node = elements[index]
                } else {
                    node = nil
                }
                if case .object(let members)? = node, case .string(let label)? = members[labelKey] {
                    text += " (\(labelKey) \(JSONValueDecoder.quoted(label)))"
                }
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
                if case .object(let members)? = node { node = members[key.stringValue] } else { node = nil }
            }
        }
        return text
    }
}

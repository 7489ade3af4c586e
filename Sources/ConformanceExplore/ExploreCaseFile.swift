import ConformanceObligations
import ConformanceSupport
import Foundation
import StrictJSON

/// A shrunk counterexample saved as a regression case (`conformance explore --write-case`), which
/// `conformance run --case-file` runs beside the catalogue: the program runs on the implementation and on
/// the reference bridge, and every difference fails the case under the clause it breaks.
///
/// The file is JSON, one member per line and one step per line, so that it reads and diffs well:
/// `format`, `id`, `summary`, `clauses`, `foundWith` (the command that found it), `schedule`, `operations`.
package struct ExploreCaseFile: Equatable, Sendable {
    /// The format tag this version reads and writes.
    package static let format = "wvjb-explore-case/1"

    /// The case id (`explore.<name>`).
    package var id: String
    /// One line saying what the case checks.
    package var summary: String
    /// The clauses the differences broke when the case was found (ORD-1, the run's order, when none named
    /// one): never empty, as a loaded file's are not.
    package var clauses: [String]
    /// The command that found it, for the record.
    package var foundWith: String
    /// The program.
    package var program: ExploreProgram

    /// Creates a case file.
    package init(id: String, summary: String, clauses: [String], foundWith: String, program: ExploreProgram) {
        self.id = id
        self.summary = summary
        self.clauses = clauses.isEmpty ? [Clause.ord1.id] : clauses
        self.foundWith = foundWith
        self.program = program
    }

    /// The most bytes a case file may hold: 16 MiB.
    package static let maximumFileBytes = 16 << 20

    /// The longest id a case file may have, in characters.
    package static let maximumIDLength = 128

    /// The rule a case file's id follows, as errors and the README state it.
    package static let idRule =
        "\"explore.\" and dot-separated segments of a-z, 0-9 and -, at most \(maximumIDLength) characters "
        + "(explore.program-42): as catalogue ids, so that it never clashes with one and is safe in any shell, terminal or report"

    /// Whether `id` follows `idRule`: `explore` and one or more segments of `a-z`, `0-9` and `-`, joined by
    /// dots, at most `maximumIDLength` characters. Ids are printed in commands and on the console, so
    /// nothing a shell or a terminal acts on may be in one.
    package static func isValidID(_ id: String) -> Bool {
        guard id.utf8.count <= maximumIDLength, id.hasPrefix("explore.") else { return false }
        return id.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty
                && segment.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                }
        }
    }

    /// Why a case file could not be read.
    package struct Failure: Error, CustomStringConvertible {
        /// The file.
        package var path: String
        /// What is wrong.
        package var reason: String
        /// `case file PATH: REASON`.
        package var description: String { "case file \(path): \(reason)" }
    }

    /// The file's text.
    package var text: String {
        let operations = program.operations.map { "    " + ExploreProgramJSON.json(of: $0).canonicalText }
        return """
            {
              "format": \(CanonicalJSON.quote(Self.format)),
              "id": \(CanonicalJSON.quote(id)),
              "summary": \(CanonicalJSON.quote(summary)),
              "clauses": \(JSONValue.array(clauses.map(JSONValue.string)).canonicalText),
              "foundWith": \(CanonicalJSON.quote(foundWith)),
              "schedule": \(ExploreProgramJSON.json(of: program.schedule).canonicalText),
              "operations": [
            \(operations.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// Reads a case file.
    /// - Throws: `Failure` naming the file and what is wrong with it (unreadable, not JSON, a missing or
    ///   unknown member, an operation that is not one of the explorer's).
    package static func load(from path: String) throws(Failure) -> ExploreCaseFile {
        let text: String
        do throws(TextFileReader.Problem) {
            text = try TextFileReader.text(atPath: path, maximumBytes: maximumFileBytes)
        } catch {
            throw Failure(path: path, reason: error.description)
        }
        do {
            let json = try JSONParser.parse(text, loneSurrogates: .reject, duplicateKeys: .reject)
            return try ExploreProgramJSON.caseFile(from: json)
        } catch let error as JSONParser.ParseError {
            throw Failure(path: path, reason: "is not JSON: \(error)")
        } catch let error as ExploreProgramJSON.Problem {
            throw Failure(path: path, reason: error.description)
        } catch {
            throw Failure(path: path, reason: "\(error)")
        }
    }
}

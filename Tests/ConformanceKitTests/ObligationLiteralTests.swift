import ConformanceObligations
import Foundation
import Testing

/// The kit's sources cite clauses and obligations by the members of `ConformanceObligations` (`Obligation.esc2c`),
/// which `ObligationTableTests` holds to the spec, never by their text: a typo in text is found by nothing, a
/// member the spec lost fails the build. Tests may write the text (they state expectations), and files of cases and
/// dialects are read as text and converted (`Obligation(id:)`).
@Suite struct ObligationLiteralTests {
    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized

    /// The folders of `Sources` the rule covers: the harness's modules, the mutants, the CLI and the benchmarks.
    static func covered(_ folder: String) -> Bool {
        folder.hasPrefix("Conformance") || ["BridgeMutants", "conformance", "conformance-benchmarks"].contains(folder)
    }

    /// The one file that writes the spec's ids: generated from the spec.
    static let generatedFile = "ConformanceObligations/SpecObligations.generated.swift"

    /// Each string literal in `text`'s code (whole-line comments left out) that is a clause or obligation id of the
    /// spec, or such an id's prefix (`"ORD-2."`), with its line number.
    static func literals(in text: String) -> [(line: Int, literal: String)] {
        let ids = Set(Clause.all.map(\.id) + Obligation.all.map(\.id))
        var found: [(line: Int, literal: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            for (clause, rest) in idShapedLiterals(in: Array(line.utf8)) {
                if ids.contains(clause + rest) || ids.contains(clause) { found.append((index + 1, clause + rest)) }
            }
        }
        return found
    }

    /// The string literals of `line` shaped like `"ABC-12"`, `"ABC-12."` or `"ABC-12.a"`: the clause part and the
    /// rest. A scan by hand rather than a `Regex`, which took 7 s over the sources in a debug build.
    static func idShapedLiterals(in line: [UInt8]) -> [(clause: String, rest: String)] {
        let quote = UInt8(ascii: "\"")
        var found: [(clause: String, rest: String)] = []
        var index = 0
        while index < line.count {
            defer { index += 1 }
            guard line[index] == quote else { continue }
            var end = index + 1
            while end < line.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(line[end]) { end += 1 }
            guard (2...6).contains(end - index - 1), end < line.count, line[end] == UInt8(ascii: "-") else { continue }
            let digitsStart = end + 1
            end = digitsStart
            while end < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[end]) { end += 1 }
            guard end > digitsStart else { continue }
            let clauseEnd = end
            if end < line.count, line[end] == UInt8(ascii: ".") {
                end += 1
                if end < line.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(line[end]) { end += 1 }
            }
            guard end < line.count, line[end] == quote else { continue }
            found.append(
                (
                    String(decoding: line[(index + 1)..<clauseEnd], as: UTF8.self),
                    String(decoding: line[clauseEnd..<end], as: UTF8.self)
                ))
            index = end
        }
        return found
    }

    @Test("no source of the kit writes a clause or obligation id as a string literal", .fullTier)
    func noClauseLiterals() throws {
        var found: [String] = [], scanned = 0
        let enumerator = FileManager.default.enumerator(at: Self.sourcesRoot, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.standardized.path.dropFirst(Self.sourcesRoot.path.count + 1))
            guard Self.covered(String(path.prefix { $0 != "/" })), path != Self.generatedFile else { continue }
            scanned += 1
            for literal in Self.literals(in: try String(contentsOf: url, encoding: .utf8)) {
                found.append("\(path):\(literal.line): \"\(literal.literal)\"")
            }
        }
        #expect(scanned > 200, "the kit's sources were found (\(scanned) files)")
        #expect(
            found.isEmpty,
            """
            \(found.count) clause or obligation ids written as text; cite them by their members \
            (`Obligation.esc2c`, `Clause.esc2`, in ConformanceObligations):
            \(found.prefix(20).joined(separator: "\n"))
            """)
    }

    @Test("the scan finds literals where they are written, and only the spec's ids")
    func scanFindsLiterals() {
        let text = """
            check(clause: "ESC-2.c", "x")
            // a comment citing "ESC-2.c" is prose
            let prefix = ["ORD-2."], encoding = "UTF-8", custom = "APP-1"
            let clause = "BOOT-4"
            """
        #expect(Self.literals(in: text).map { "\($0.line) \($0.literal)" } == ["1 ESC-2.c", "3 ORD-2.", "4 BOOT-4"])
    }
}

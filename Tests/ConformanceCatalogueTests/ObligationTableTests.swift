import ConformanceKit
import ConformanceObligations
import Foundation
import Testing

/// `Sources/ConformanceObligations/SpecObligations.generated.swift`, the members code names clauses and obligations
/// by, is the spec's list of clauses and appendix C: these tests fail when a member is missing, extra, or of
/// another level or side than the spec says. After changing the spec, rewrite the file with
/// `CONFORMANCE_RECORD_OBLIGATIONS=1 swift test --filter ObligationTableTests` and review the diff.
@Suite struct ObligationTableTests {
    static let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ConformanceObligations/SpecObligations.generated.swift").standardized

    @Test("the generated file is what the spec's clauses and appendix C give")
    func generatedFileMatchesSpec() throws {
        let expected = Self.render(try ProtocolSpec.bundled())
        if ProcessInfo.processInfo.environment["CONFORMANCE_RECORD_OBLIGATIONS"] != nil {
            try expected.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
            Issue.record(
                """
                rewrote \(Self.generatedFile.path); review it with `git diff`, build, and run the tests again \
                without CONFORMANCE_RECORD_OBLIGATIONS
                """)
            return
        }
        let recorded = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        let want = Set(expected.split(separator: "\n")), got = Set(recorded.split(separator: "\n"))
        let differences =
            want.subtracting(got).sorted().map { "missing: " + $0 }
            + got.subtracting(want).sorted().map { "extra: " + $0 }
        let matches = recorded == expected
        #expect(
            matches,
            """
            SpecObligations.generated.swift differs from spec/protocol.md:
            \(differences.joined(separator: "\n"))
            Rewrite it with `CONFORMANCE_RECORD_OBLIGATIONS=1 swift test --filter ObligationTableTests`.
            """)
    }

    @Test("the compiled members are the spec's clauses and obligations, with their levels, sides and order")
    func compiledMembersMatchSpec() throws {
        let spec = try ProtocolSpec.bundled()
        #expect(Clause.all.map(\.id) == spec.clauses.map(\.id))
        #expect(Clause.all.map(\.level.rawValue) == spec.clauses.map(\.level.rawValue))
        let obligations = spec.clauses.flatMap(\.obligations)
        #expect(Obligation.all.map(\.id) == obligations.map(\.id))
        #expect(Obligation.all.map(\.side.rawValue) == obligations.map(\.side))
        #expect(Clause.all == Clause.all.sorted() && Obligation.all == Obligation.all.sorted())
    }

    @Test("a clause and an obligation print, encode and decode as the spec's text")
    func textForms() throws {
        #expect("\(Obligation.esc2c)" == "ESC-2.c" && "\(Clause.esc2)" == "ESC-2")
        #expect(
            Obligation.esc2c.clause == .esc2 && Obligation(id: "ESC-2.c") == .esc2c
                && Clause(citation: "ESC-2.c") == .esc2)
        let encoded = try JSONEncoder().encode([Obligation.boot1a, .esc2c])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["BOOT-1.a","ESC-2.c"]"#)
        #expect(try JSONDecoder().decode([Obligation].self, from: encoded) == [.boot1a, .esc2c])
        #expect(try JSONDecoder().decode([Clause].self, from: Data(#"["ESC-2"]"#.utf8)) == [.esc2])
    }

    @Test("text that names no obligation of the spec is a clear error naming it")
    func unknownObligationIsAClearError() {
        for text in [#"["ESC-2.b"]"#, #"["ESC-99.a"]"#, #"["esc-2.c"]"#] {
            #expect {
                try JSONDecoder().decode([Obligation].self, from: Data(text.utf8))
            } throws: { error in
                "\(error)".contains("is not an obligation of spec/protocol.md's appendix C")
            }
        }
        #expect(Obligation(id: "ESC-2.b") == nil && Clause(id: "ESC-2.c") == nil && Clause(id: "APP-1") == nil)
    }

    /// The generated file for `spec`: a member per clause and per obligation, named after its id
    /// (`ESC-2.c` is `esc2c`), with its level or side, and `all` of each in the spec's order.
    static func render(_ spec: ProtocolSpec) -> String {
        var lines = [
            "// Generated from spec/protocol.md (its clauses and appendix C) by ObligationTableTests; do not edit.",
            "// After changing the spec: `CONFORMANCE_RECORD_OBLIGATIONS=1 swift test --filter ObligationTableTests`.",
            "",
            "extension Clause {",
        ]
        let clauses = spec.clauses
        for (order, clause) in clauses.enumerated() {
            let level = Clause.Level(rawValue: clause.level.rawValue)!
            lines.append(
                "    /// \(clause.id), a \(level.rawValue) clause\(clause.obligations.isEmpty ? " without obligations" : "")."
            )
            lines.append(
                "    package static let \(member(clause.id)) = Clause(\"\(clause.id)\", .\(level), order: \(order))")
        }
        lines.append("")
        lines.append("    /// Every clause of the spec, in its order.")
        lines.append("    package static let all: [Clause] = [")
        lines += clauses.map { "        \(member($0.id))," }
        lines += ["    ]", "}", "", "extension Obligation {"]
        let obligations = spec.clauses.flatMap(\.obligations)
        for (order, obligation) in obligations.enumerated() {
            let side = Obligation.Side(rawValue: obligation.side)!
            lines += wrapped("\(obligation.id) (\(obligation.side)): \(obligation.text)", prefix: "    /// ")
            lines.append(
                "    package static let \(member(obligation.id)) = Obligation(.\(member(obligation.clause)), "
                    + "\"\(obligation.id.last!)\", .\(side), order: \(order))")
        }
        lines.append("")
        lines.append("    /// Every obligation of appendix C, in its order.")
        lines.append("    package static let all: [Obligation] = [")
        lines += obligations.map { "        \(member($0.id))," }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// The member's name for a spec id: `ESC-2.c` is `esc2c`, `DISP-12` is `disp12`.
    static func member(_ id: String) -> String {
        id.lowercased().filter { $0 != "-" && $0 != "." }
    }

    /// `text` in comment lines of at most 120 characters, each starting with `prefix`.
    static func wrapped(_ text: String, prefix: String) -> [String] {
        var lines: [String] = [], line = prefix
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 120 && line != prefix {
                lines.append(line)
                line = prefix
            }
            line += (line == prefix ? "" : " ") + word
        }
        return lines + [line]
    }
}

import ConformanceCatalogue
import ConformanceReports
import Foundation

/// `Expectations/fix-first.txt`: "Fix first" on every single mutant (`FixFirstExpectation`), sorted by mutant id
/// under a header that says what the file holds, how it is rewritten and what the full tier's comparison catches.
struct FixFirstExpectationFile: Equatable, Sendable {
    /// The file in the source tree.
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Expectations/fix-first.txt")

    /// The command that rewrites it.
    static let recordCommand = "CONFORMANCE_RECORD_FIX_FIRST=1 swift test --filter FixFirstExpectationTests"

    /// A line the file cannot hold or a reader cannot read.
    struct Problem: Error, CustomStringConvertible {
        /// Its 1-based line, or nil for the file as a whole.
        var line: Int?
        /// What is wrong.
        var message: String

        var description: String {
            "\(line.map { "line \($0) of " } ?? "")\(FixFirstExpectationFile.url.lastPathComponent): \(message). "
                + "Rewrite it with `\(FixFirstExpectationFile.recordCommand)` and review the diff."
        }
    }

    /// The mutants' expectations, by mutant id.
    var entries: [String: FixFirstExpectation]

    /// The expectations, one per mutant.
    init(_ expectations: [FixFirstExpectation]) {
        entries = Dictionary(expectations.map { ($0.mutant, $0) }) { first, _ in first }
    }

    /// The file's text: the header, then each mutant's two lines, by id.
    var text: String {
        let sorted = entries.values.sorted { $0.mutant < $1.mutant }
        let first = sorted.filter { $0.standing == .first }.count
        let shown = sorted.filter(\.standing.isShown).count
        let limit = FixFirstSummary.shownFindings
        let header = """
            # "Fix first" on every single mutant (MutantCatalogue.all): the whole catalogue run against each, its root
            # findings (RootCauses). Per mutant: its id, the obligation it breaks, where its own clause (a trapping
            # mutant's: its crash) stands among the root findings (first; shown #k, among the \(limit) a report shows;
            # not shown (#k); absent: folded or not found), how many there are, and the \(limit) shown; then the cases
            # that did not end clean (=verdict when not fail).
            #
            # Rewritten with \(Self.recordCommand): every mutant,
            # the whole catalogue; review the diff, where each mutant whose attribution moved is a changed line.
            # The full tier compares one mutant in \(FixFirstExpectationTests.stride), re-running only the cases listed
            # here: "Fix first" reads only the cases that did not end clean, so that catches any change of
            # attribution, folding or order and of those cases' verdicts, but not a case that starts failing outside
            # the list (a rewrite does).
            #
            # own clause first: \(first) of \(sorted.count); among the \(limit) shown: \(shown) of \(sorted.count)
            """
        return header + "\n\n" + sorted.flatMap(\.lines).map { $0 + "\n" }.joined()
    }

    /// The file in the source tree, read.
    /// - Throws: `Problem` when it is missing, not UTF-8 or damaged.
    static func load() throws(Problem) -> Self {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Problem(line: nil, message: "the file is missing (\(url.path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(line: nil, message: "the file is not UTF-8")
        }
        return try Self(parsing: text)
    }

    /// Reads `text`, the file's contents.
    /// - Throws: `Problem` naming the first line that is not one of the file's forms.
    init(parsing text: String) throws(Problem) {
        var expectations: [FixFirstExpectation] = []
        var pending: (line: Int, expectation: FixFirstExpectation)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("  fails: ") {
                guard var expectation = pending?.expectation else {
                    throw Problem(line: number, message: "a fails line without a mutant's line before it")
                }
                expectation.failingCases = try Self.failingCases(line.dropFirst("  fails: ".count), line: number)
                expectations.append(expectation)
                pending = nil
            } else {
                if let pending { throw Problem(line: pending.line, message: "a mutant's line without its fails line") }
                pending = (number, try Self.expectation(line, line: number))
            }
        }
        if let pending { throw Problem(line: pending.line, message: "a mutant's line without its fails line") }
        self.init(expectations)
        if entries.count != expectations.count { throw Problem(line: nil, message: "a mutant is listed twice") }
    }

    /// Reads a mutant's line: `<id> [<obligation>] <standing>, <n> finding(s): <shown>`, without its failing cases.
    private static func expectation(_ line: Substring, line number: Int) throws(Problem) -> FixFirstExpectation {
        let problem = Problem(line: number, message: "expected `<mutant> [<obligation>] <standing>, <n> findings: ...`")
        let words = line.split(separator: " ", maxSplits: 2)
        guard words.count == 3, words[1].hasPrefix("["), words[1].hasSuffix("]"),
            let comma = words[2].range(of: ", "), let colon = words[2].range(of: ": ")
        else { throw problem }
        let standingText = words[2][..<comma.lowerBound]
        let countWords = words[2][comma.upperBound..<colon.lowerBound].split(separator: " ")
        guard let standing = standing(standingText), countWords.count == 2, let count = Int(countWords[0]) else {
            throw problem
        }
        let shownText = words[2][colon.upperBound...]
        return FixFirstExpectation(
            mutant: String(words[0]), obligation: String(words[1].dropFirst().dropLast()), standing: standing,
            findingCount: count, shown: shownText == "-" ? [] : shownText.split(separator: " ").map(String.init),
            failingCases: [])
    }

    /// Reads a standing's words (`FixFirstExpectation.Standing.text`).
    private static func standing(_ text: Substring) -> FixFirstExpectation.Standing? {
        if text == "first" { return .first }
        if text == "absent" { return .absent }
        if text.hasPrefix("shown #"), let place = Int(text.dropFirst("shown #".count)) { return .shown(place) }
        if text.hasPrefix("not shown (#"), text.hasSuffix(")"),
            let place = Int(text.dropFirst("not shown (#".count).dropLast())
        {
            return .notShown(place)
        }
        return nil
    }

    /// Reads the cases of a fails line: ids, each with `=<verdict>` when not `fail`.
    private static func failingCases(_ text: Substring, line number: Int) throws(Problem)
        -> [FixFirstExpectation.FailingCase]
    {
        guard text != "-" else { return [] }
        var cases: [FixFirstExpectation.FailingCase] = []
        for word in text.split(separator: " ") {
            let parts = word.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count <= 2, !parts[0].isEmpty else {
                throw Problem(line: number, message: "`\(word)` is not a case id with an optional `=verdict`")
            }
            guard let verdict = parts.count == 2 ? Verdict(rawValue: String(parts[1])) : .fail,
                verdict.category != .clean
            else {
                throw Problem(line: number, message: "`\(word)` does not end with a verdict of a failing case")
            }
            cases.append(.init(id: String(parts[0]), verdict: verdict))
        }
        return cases
    }
}

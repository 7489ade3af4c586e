import ConformanceFixtures
import Foundation

/// A fork's exact set of expected failures: each entry names cases (an id or a glob), the verdict they
/// are expected to get, and why. Format: `Fixtures/schemas/baseline.schema.json`.
public struct Baseline: Sendable, Equatable {
    /// One expected failure.
    public struct Entry: Sendable, Equatable {
        /// A case id or glob (`*` within a segment, `**` across).
        public var caseGlob: String
        /// The verdict the matching cases are expected to get.
        public var verdict: Verdict
        /// Why the failure is accepted, for the humans reading the file.
        public var reason: String

        /// Creates an entry.
        public init(caseGlob: String, verdict: Verdict, reason: String) {
            self.caseGlob = caseGlob
            self.verdict = verdict
            self.reason = reason
        }
    }

    /// The entries, in file order.
    public var entries: [Entry]

    /// Creates a baseline.
    public init(entries: [Entry]) { self.entries = entries }

    /// Reads and validates a baseline file.
    /// - Throws: `HarnessError` (`invalidInput`) naming the file, the place and the broken rule.
    public static func load(from url: URL) throws(HarnessError) -> Baseline {
        let text = try HarnessEnvironment.read(url)
        let document: JSONValue
        do { document = try JSONParser.parse(text) } catch {
            throw HarnessError(code: .invalidInput, message: "the baseline \(url.path) is not valid JSON: \(error)")
        }
        let schemaText = try HarnessEnvironment.read(ConformanceFixtures.url("schemas/baseline.schema.json"))
        let violations = JSONSchemaValidator(schema: (try? JSONParser.parse(schemaText)) ?? .null).violations(of: document)
        guard violations.isEmpty, case .object(let members) = document, case .array(let items)? = members["entries"] else {
            throw HarnessError(code: .invalidInput, message: "the baseline \(url.path) breaks its schema: "
                + violations.prefix(5).map(\.description).joined(separator: "; "))
        }
        return Baseline(entries: items.compactMap { item in
            guard case .object(let fields) = item, case .string(let glob)? = fields["case"],
                  case .string(let verdict)? = fields["verdict"], case .string(let reason)? = fields["reason"] else { return nil }
            return Entry(caseGlob: glob, verdict: Verdict(rawValue: verdict), reason: reason)
        })
    }

    /// The file text: canonical JSON, one entry per line, so diffs stay readable.
    public var fileText: String {
        let lines = entries.map { entry -> String in
            let object: JSONValue = ["case": .string(entry.caseGlob), "verdict": .string(entry.verdict.rawValue), "reason": .string(entry.reason)]
            return "  " + object.canonicalText
        }
        return "{\"format\":\"wvjb-conformance-baseline\",\"version\":1,\"entries\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// The baseline that makes `results` pass exactly: one entry per failing case, by exact id, keeping
    /// the reason of an existing entry that matched it.
    /// - Parameters:
    ///   - results: A run's results.
    ///   - old: The baseline being replaced.
    public static func updated(from results: [CaseResult], keeping old: Baseline) -> Baseline {
        Baseline(entries: results.filter { $0.verdict != .pass && $0.verdict != .notApplicable }.map { result in
            let reason = old.entries.first { CaseSelector.matches($0.caseGlob, result.caseID) }?.reason
                ?? "recorded by --update-baseline: say why this failure is accepted"
            return Entry(caseGlob: result.caseID, verdict: result.verdict, reason: reason)
        })
    }

    /// Compares a run with this baseline.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - catalogueIDs: Every case id the kit has (an entry matching none of them is stale).
    public func gate(_ results: [CaseResult], catalogueIDs: [String]) -> BaselineGate {
        var gate = BaselineGate()
        for result in results {
            let matching = entries.filter { CaseSelector.matches($0.caseGlob, result.caseID) }
            let succeeded = result.verdict == .pass || result.verdict == .notApplicable
            if let entry = matching.first(where: { $0.verdict == result.verdict }) {
                gate.expected.append((result.caseID, entry))
            } else if let entry = matching.first {
                if succeeded { gate.unexpectedPasses.append((result.caseID, entry)) } else { gate.changed.append((result, entry)) }
            } else if !result.verdict.isSuccess {
                gate.newFailures.append(result)
            }
        }
        gate.stale = entries.filter { entry in !catalogueIDs.contains { CaseSelector.matches(entry.caseGlob, $0) } }
        return gate
    }
}

/// The outcome of comparing a run with a baseline.
public struct BaselineGate {
    /// Failures the baseline expects, with the entry that covers each.
    public var expected: [(caseID: String, entry: Baseline.Entry)] = []
    /// Failures no entry covers.
    public var newFailures: [CaseResult] = []
    /// Cases an entry expects to fail that now pass.
    public var unexpectedPasses: [(caseID: String, entry: Baseline.Entry)] = []
    /// Cases that fail with another verdict than their entry says.
    public var changed: [(result: CaseResult, entry: Baseline.Entry)] = []
    /// Entries that match no case of the catalogue (renamed or removed cases, typos).
    public var stale: [Baseline.Entry] = []

    /// Whether the run matches the baseline exactly.
    public var isSatisfied: Bool { newFailures.isEmpty && unexpectedPasses.isEmpty && changed.isEmpty && stale.isEmpty }

    /// The gate's report, ending with the command that updates the baseline when it is not satisfied.
    public func render(updateCommand: String) -> String {
        var lines = ["baseline: \(expected.count) expected failures, \(newFailures.count) new failures, "
            + "\(unexpectedPasses.count) unexpected passes, \(changed.count) changed, \(stale.count) stale entries"]
        for result in newFailures { lines.append("  NEW FAILURE \(result.caseID): \(result.verdict.rawValue)") }
        for (caseID, entry) in unexpectedPasses { lines.append("  UNEXPECTED PASS \(caseID): the baseline expects \(entry.verdict.rawValue) (\(entry.reason))") }
        for (result, entry) in changed { lines.append("  CHANGED \(result.caseID): expected \(entry.verdict.rawValue), got \(result.verdict.rawValue)") }
        for entry in stale { lines.append("  STALE ENTRY \(entry.caseGlob): matches no case") }
        if !isSatisfied { lines.append("  to accept this run as the new baseline: \(updateCommand)") }
        return lines.joined(separator: "\n")
    }
}

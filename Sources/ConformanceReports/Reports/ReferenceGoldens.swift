import ConformanceCatalogue
import ConformanceFixtures
import ConformanceSupport
import StrictJSON
import WireDialects

/// The reference's golden transcripts the HTML report compares cases with, one event per line (the golden
/// file's canonical form), read from the kit's fixtures (`Fixtures/golden/<profile>/<case id>.json`) once per
/// case and profile.
///
/// Only a shipped profile's goldens are read, and only for a case id of the form the kit's ids have
/// (dot-separated segments of `a-z`, `0-9` and `-`), so that no id can name a path outside the folder.
package struct ReferenceGoldens {
    /// The most events of a golden or a transcript compared line by line; longer ones are not compared.
    static let maximumEvents = 2_000

    private var loaded: [String: [String]?] = [:]

    /// The golden of `caseID` in `profile`, one event per line; nil when the kit ships none (or it does not
    /// parse, or is longer than `maximumEvents`).
    mutating func lines(of caseID: String, in profile: RunProfile) -> [String]? {
        guard profile.hasGoldens, Self.isPlainCaseID(caseID) else { return nil }
        let key = profile.name + "/" + caseID
        if let known = loaded[key] { return known }
        let file = FixtureFile(kitFile: ConformanceFixtures.url("golden/\(key).json"))
        var lines: [String]?
        if case .array(let events)? = try? file.json(), events.count <= Self.maximumEvents {
            lines = events.map(\.canonicalText)
        }
        loaded[key] = lines
        return lines
    }

    /// `result`'s transcript in the golden form, one event per line; nil when it has more than
    /// `maximumEvents` events.
    package static func lines(of result: CaseResult) -> [String]? {
        guard result.transcript.entries.count <= maximumEvents,
            case .array(let events) = GoldenTranscript.document(
                for: result.transcript, bridgeJavaScriptSource: result.bridgeJavaScriptSource)
        else { return nil }
        return events.map(\.canonicalText)
    }

    /// Whether `caseID` has the form of the kit's case ids: non-empty dot-separated segments of `a-z`, `0-9`
    /// and `-`.
    package static func isPlainCaseID(_ caseID: String) -> Bool {
        let segments = caseID.split(separator: ".", omittingEmptySubsequences: false)
        return segments.allSatisfy { segment in
            !segment.isEmpty
                && segment.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                }
        }
    }
}

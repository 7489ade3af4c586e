import ConformanceKit
import Foundation
import WireDialects

/// A case a port is known to fail: the verdict it gets, why, and the platforms it fails on (nil: every one).
struct KnownFailure: Sendable {
    let caseID: String
    let verdict: String
    let reason: String
    let platforms: [String]?

    init(_ caseID: String, verdict: String = "fail", _ reason: String, platforms: [String]? = nil) {
        self.caseID = caseID
        self.verdict = verdict
        self.reason = reason
        self.platforms = platforms
    }

    /// `failures` as the kit's baseline in `profile`: written as `conformance run --update-baseline` writes one, and
    /// loaded.
    static func baseline(_ failures: [KnownFailure], profile: WireDialect) throws -> Baseline {
        let entries = failures.map { failure in
            var entry: [String: Any] = ["case": failure.caseID, "verdict": failure.verdict, "reason": failure.reason]
            if let platforms = failure.platforms { entry["platforms"] = platforms }
            return entry
        }
        let file: [String: Any] = [
            "format": "wvjb-conformance-baseline", "version": 1, "profile": profile.name, "entries": entries,
        ]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "port-glue-\(UUID().uuidString).baseline.json")
        try JSONSerialization.data(withJSONObject: file, options: [.sortedKeys]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Baseline.load(from: url)
    }

    /// What Foundation on Linux makes every port of this package fail: its core parses and serializes with
    /// swift-corelibs-foundation (the kit's Swift5AdapterTests pin the same cases for its own ports).
    static let foundationOnLinux = [
        KnownFailure(
            "escaping.hostile.js-to-native", "MSG-3: JSONSerialization drops a U+FEFF at the start of a string",
            platforms: ["linux"]),
        KnownFailure(
            "escaping.corpus.round-trip.js-to-native",
            "MSG-3: JSONSerialization drops a U+FEFF at the start of a string", platforms: ["linux"]),
        KnownFailure(
            "escaping.corpus.round-trip.native-to-js",
            "ESC-1, ESC-2, ESC-3: replacingOccurrences compares Characters, so a quote followed by U+0301 is not escaped",
            platforms: ["linux"]),
        KnownFailure(
            "flush.lenient-parser-json-dropped", "FLUSH-3: JSONSerialization accepts trailing commas",
            platforms: ["linux"]),
        KnownFailure(
            "logging.native.other-invalid-batches-and-repeated-response", verdict: "non-strict",
            "LOG-4 (SHOULD): a batch with a trailing comma parses, so nothing warns of invalid JSON",
            platforms: ["linux"]),
    ]
}

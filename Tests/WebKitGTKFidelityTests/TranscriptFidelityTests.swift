import BridgeMutants
import ConformanceKit
import Foundation
import StrictJSON
import Testing
import WireDialects

/// The simulated web view proven faithful to a real one, event by event: `conformance record` writes each
/// case's canonical transcript (spec, appendix A) on both web views, and the two are the same document once the
/// documented normalisation (`TranscriptNormalisation`: WebKit's folded queue signals, the engine's error wording)
/// is applied to both. Any other difference fails, in every case.
@Suite("WebKitGTK fidelity: the simulated web view and a real one record the same transcripts")
struct TranscriptFidelityTests {
    /// Records the transcripts of `arguments`' cases on `webView` and returns each case's document, by id.
    static func transcripts(_ arguments: [String], webView: String) throws -> [String: JSONValue] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 0: all recorded; 78: some cases not applicable on this web view (skipped, as they must be).
        try WebKitGTKFidelityTests.runConformance(
            ["record", "--web-view", webView, "--mode", "all", "--golden-dir", folder.path, "--progress", "never"]
                + arguments, expecting: [0, 78])
        var documents: [String: JSONValue] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            documents[String(file.dropLast(".json".count))] = try JSONParser.parse(text)
        }
        return documents
    }

    /// Where the simulation still differs from WebKit beyond the normalisation, by case id, with why: each a
    /// shortfall of the simulation to fix, listed so that it is seen (appendix D).
    static let knownDivergences: [String: String] = [
        "bootstrap.glue.injection-on-every-load-kind":
            "a native evaluation that throws in a page loaded without a base URL reaches onerror as \"Script error.\" in WebKit (another origin); the simulation reports the error itself"
    ]

    /// The transcripts of one case on both web views.
    struct Pair {
        var id: String
        var simulated: JSONValue
        var real: JSONValue
    }

    /// The cases recorded on both web views: those whose documents are the same as recorded, those the same once
    /// normalised, and those that differ even then.
    static func compare(_ arguments: [String]) throws -> (same: [Pair], normalised: [Pair], differing: [Pair]) {
        let simulated = try transcripts(arguments, webView: "simulated")
        let real = try transcripts(arguments, webView: "webkitgtk")
        var same: [Pair] = [], normalised: [Pair] = [], differing: [Pair] = []
        for (id, document) in simulated.sorted(by: { $0.key < $1.key }) {
            guard let other = real[id] else { continue }
            let pair = Pair(id: id, simulated: document, real: other)
            if document == other {
                same.append(pair)
            } else if Self.normalised(document) == Self.normalised(other) {
                normalised.append(pair)
            } else {
                differing.append(pair)
            }
        }
        return (same, normalised, differing)
    }

    static func normalised(_ document: JSONValue) -> JSONValue {
        TranscriptNormalisation.normalised(document, fetchCommand: WireDialect.canonical.fetchCommand)
    }

    /// The first difference of two normalised transcripts, for the failure message.
    static func firstDifference(_ pair: Pair) -> String {
        guard case .array(let simulated) = normalised(pair.simulated), case .array(let real) = normalised(pair.real)
        else { return "not transcripts" }
        for index in 0..<max(simulated.count, real.count) {
            let left = index < simulated.count ? simulated[index].canonicalText : "(none)"
            let right = index < real.count ? real[index].canonicalText : "(none)"
            if left != right { return "\(pair.id), event \(index): simulated \(left); WebKitGTK \(right)" }
        }
        return pair.id
    }

    /// `document` with one divergence planted in its first event that carries data (a handler's or a callback's),
    /// or with its last event dropped when none does.
    static func planted(_ document: JSONValue) -> JSONValue {
        guard case .array(var events) = document, !events.isEmpty else { return document }
        if let index = events.firstIndex(where: { event in
            if case .object(let fields) = event, fields["data"] != nil { return true }
            return false
        }), case .object(var fields) = events[index] {
            fields["data"] = .string("planted divergence")
            events[index] = .object(fields)
        } else {
            events.removeLast()
        }
        return .array(events)
    }

    @Test(
        "the reference's transcripts are the same on both web views once normalised; a divergence planted in a normalised case is found"
    )
    func referenceTranscripts() throws {
        let (same, normalised, differing) = try Self.compare(["--adapter", "reference"])
        print(
            "fidelity: reference transcripts: \(same.count) the same, \(normalised.count) the same once normalised, "
                + "\(differing.count) differing")
        #expect(differing.isEmpty, "\(differing.map(Self.firstDifference).joined(separator: "\n"))")
        #expect(same.count + normalised.count + differing.count >= 150)
        // The normalisation hides only what it names: a divergence inside each normalised case still shows.
        for pair in normalised {
            #expect(
                Self.normalised(pair.simulated) != Self.normalised(Self.planted(pair.real)),
                "a divergence planted in \(pair.id)'s WebKitGTK transcript passed unseen")
        }
    }

    @Test(
        "a mutant's transcripts are the same on both web views once normalised",
        arguments: WebKitGTKFidelityTests.sampledMutants)
    func mutantTranscripts(_ name: String) throws {
        let mutant = try #require(MutantCatalogue.mutant(named: name))
        let (same, normalised, differing) = try Self.compare(
            ["--adapter", "mutant:\(name)", "--allow-mutant"] + mutant.caughtBy.flatMap { ["--case", $0] })
        print(
            "fidelity: mutant:\(name) transcripts: \(same.count) the same, \(normalised.count) once normalised, "
                + "\(differing.count) differing")
        let unexplained = differing.filter { Self.knownDivergences[$0.id] == nil }
        #expect(unexplained.isEmpty, "\(unexplained.map(Self.firstDifference).joined(separator: "\n"))")
        #expect(same.count + normalised.count + differing.count == mutant.caughtBy.count)
    }
}

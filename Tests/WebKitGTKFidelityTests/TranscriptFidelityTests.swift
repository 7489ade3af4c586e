import BridgeMutants
import ConformanceKit
import Foundation
import StrictJSON
import Testing

/// The simulated web view proven faithful to a real one, event by event: `conformance record` writes each
/// case's canonical transcript (spec, appendix A) on both web views, and the two are the same document, except
/// in the cases listed here with the real WebKit behaviour that makes them differ (spec, appendix D).
@Suite("WebKitGTK fidelity: the simulated web view and a real one record the same transcripts")
struct TranscriptFidelityTests {
    /// What real WebKit does that the simulation does not, as appendix D words it.
    enum KnownDifference: String {
        case oneRequestPerIframePerTurn =
            "WebKit asks once about several src values an iframe gets in one turn: the JS side's second send in a turn raises no request of its own there"
        case evaluationErrorWording =
            "WebKitGTK words a failed evaluation's error as url:line:column: message, and names a harness script's location undefined"
    }

    /// The cases whose transcripts differ between the web views, each with why.
    static let knownDifferences: [String: KnownDifference] = {
        var differences: [String: KnownDifference] = [:]
        for id in [
            "callbacks.native.ids-unique-among-outstanding", "callbacks.native.one-shot",
            "callbacks.native.response-after-reset-ignored", "callbacks.native.unknown-response-id-ignored",
            "escaping.corpus.round-trip.js-to-native", "escaping.hostile.js-to-native",
            "flush.fetch-command.exact-per-queue-url", "flush.fetch-command.per-signal-across-pages",
            "flush.handlers-and-responders", "flush.nothing-results-keep-bridge-state",
            "flush.reentrant.register-and-remove", "flush.throwing-handler-batch-continues",
            "js-side.callback-ids.format", "js-side.callback-ids.restart-on-each-page",
            "js-side.dispatch.handler-arguments-and-responses", "js-side.dispatch.responses-keep-native-ids",
            "js-side.fetch-queue.drains-a-burst", "js-side.messages.call-shapes",
            "js-side.messages.sends-from-handler-after-reload", "js-side.ordering.queue-in-send-order",
            "logging.native.traffic-when-switched-on", "messages.js-to-native.data-forms", "messages.native-to-js.keys",
            "missing-handler.empty-and-absent-names", "missing-handler.js.missing-among-late-answers",
            "missing-handler.native.batch-continues", "missing-handler.native.no-handler-name",
            "missing-handler.native.removed-before-load", "missing-handler.native.removed-handler",
            "ordering.js-to-native.batch-fifo", "ordering.js-to-native.each-message-done-before-next",
            "ordering.js-to-native.mixed-batch-in-order", "ordering.round-trip.responses-in-call-order",
            "startup.reset.callbacks-ids-handlers", "threading.background-answers.no-deadlock",
        ] {
            differences[id] = .oneRequestPerIframePerTurn
        }
        // The situation table's row of three JS calls in one turn, in every column (spec, appendix C.1).
        for situation in [
            "before-load", "after-reset", "on-a-second-page", "inside-a-handler",
            "after-a-native-handler-failed", "after-a-missing-handler",
        ] {
            differences["situations.js-calls-in-order." + situation] = .oneRequestPerIframePerTurn
        }
        for id in ["flush.evaluation-error-result", "logging.native.nil-fetch-result"] {
            differences[id] = .evaluationErrorWording
        }
        // A JS handler that throws inside the native side's evaluation fails that evaluation.
        for row in ["native-call-answered", "js-call-answered", "native-calls-in-order", "js-calls-in-order"] {
            differences["situations.\(row).after-a-js-handler-threw"] = .evaluationErrorWording
        }
        return differences
    }()

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

    /// The cases recorded on both web views whose documents are the same, and those that differ with why (nil:
    /// not explained). A case not listed is explained when a native evaluation failed in it: a mutant's evaluation
    /// of a broken script reaches the page's onerror in WebKit.
    static func compare(_ arguments: [String]) throws -> (same: [String], differing: [(String, KnownDifference?)]) {
        let simulated = try transcripts(arguments, webView: "simulated")
        let real = try transcripts(arguments, webView: "webkitgtk")
        var same: [String] = [], differing: [(String, KnownDifference?)] = []
        for (id, document) in simulated.sorted(by: { $0.key < $1.key }) {
            guard let other = real[id] else { continue }
            if document == other {
                same.append(id)
            } else {
                differing.append(
                    (
                        id,
                        knownDifferences[id]
                            ?? (hasFailedEvaluation(document) ? .evaluationErrorWording : nil)
                    ))
            }
        }
        return (same, differing)
    }

    /// Whether a transcript holds an evaluation that ended in an error.
    static func hasFailedEvaluation(_ document: JSONValue) -> Bool {
        guard case .array(let events) = document else { return false }
        return events.contains { event in
            guard case .object(let fields) = event else { return false }
            return fields["event"] == .string("evaluation-result") && fields["error"] != nil
        }
    }

    @Test("the reference's transcripts are the same on both web views, but in the cases listed with why")
    func referenceTranscripts() throws {
        let (same, differing) = try Self.compare(["--adapter", "reference"])
        let reasons = Dictionary(grouping: differing) { $0.1?.rawValue ?? "not explained" }
        print(
            "fidelity: reference transcripts: \(same.count) the same, \(differing.count) differing: "
                + reasons.sorted { $0.key < $1.key }.map { "\($0.value.count) because \($0.key)" }.joined(
                    separator: "; ")
        )
        #expect(Set(differing.map(\.0)) == Set(Self.knownDifferences.keys), "unexplained or no longer differing")
    }

    @Test(
        "a mutant's transcripts are the same on both web views, but in the cases listed with why",
        arguments: WebKitGTKFidelityTests.sampledMutants)
    func mutantTranscripts(_ name: String) throws {
        let mutant = try #require(MutantCatalogue.mutant(named: name))
        let (same, differing) = try Self.compare(
            ["--adapter", "mutant:\(name)", "--allow-mutant"] + mutant.caughtBy.flatMap { ["--case", $0] })
        print("fidelity: mutant:\(name) transcripts: \(same.count) the same, \(differing.count) differing")
        #expect(differing.allSatisfy { $0.1 != nil }, "unexplained: \(differing.filter { $0.1 == nil }.map(\.0))")
        #expect(same.count + differing.count == mutant.caughtBy.count)
    }
}

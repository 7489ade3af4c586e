import ConformanceKit
import Foundation
import TestTiers
import Testing
import WKWVJBPortAdapter
import WebKitPortAdapter
import WireDialects

/// Runs the whole catalogue against the typical Swift 5 port, through its adapter: a sweep, so the full tier
/// (the quick tier still builds the port in Swift 5 mode, and explores it).
@MainActor
@Test(.fullTier) func typicalPortPassesTheCatalogue() async throws {
    // The typical port makes itself the navigation delegate without keeping the app's (BOOT-9).
    var knownFailures = PortExpectations.foundationOnLinux
    for id in ["bootstrap.glue.app-delegate-hears-page-loads", "bootstrap.glue.app-delegate-hears-failed-loads"] {
        knownFailures[id] = (["BOOT-9"], "app's navigation delegate", nil)
    }
    PortExpectations.check(try await TypicalPortRun.results(), knownFailures: knownFailures)
}

/// Runs the whole catalogue against the WebKit-style Swift 5 port: its own WKWebView glue, compiled against
/// SimulatedWebKit, through its adapter of a few lines.
@MainActor
@Test(.fullTier) func webKitStylePortPassesTheCatalogue() async throws {
    let results = await (try ConformanceRunner()).run(Catalogue.all, adapter: { WebKitPortAdapter() })
    PortExpectations.check(results, knownFailures: PortExpectations.foundationOnLinux)
}

/// Runs the whole catalogue in the wkwvjb profile against the port written in that dialect: its own WKWebView
/// glue (script message handlers, no navigation delegate), compiled against SimulatedWebKit.
@MainActor
@Test(.fullTier) func wkwvjbPortPassesTheCatalogueInItsProfile() async throws {
    let runner = try ConformanceRunner(configuration: .init(dialect: .wkwvjb))
    let results = await runner.run(Catalogue.all, adapter: { WKWVJBPortAdapter() })
    PortExpectations.check(results, knownFailures: PortExpectations.foundationOnLinux, dialect: .wkwvjb)
}

/// The WebKit-style ports' adapters are what the guides show: at most 15 lines of code, counting neither
/// imports, comments and blank lines nor lines that hold a lone brace (19 with those braces).
@Test(arguments: [
    "webkit-port-testee/Adapter/WebKitPortAdapter.swift", "wkwvjb-port-testee/Adapter/WKWVJBPortAdapter.swift",
])
func webKitStylePortAdapterIsShort(_ path: String) throws {
    let adapterFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/" + path).standardized
    let source = try String(contentsOf: adapterFile, encoding: .utf8)
    let codeLines = source.split(separator: "\n").filter { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.hasPrefix("//") && !trimmed.hasPrefix("import ") && trimmed != "{"
            && trimmed != "}"
    }
    #expect(codeLines.count <= 15, "\(path) has \(codeLines.count) lines of code besides imports")
}

/// What the kit's Swift 5 ports are expected to get from the catalogue.
@MainActor
enum PortExpectations {
    /// A failure a port is known to get: the clauses it may break, a word its text mentions, its likely cause.
    typealias KnownFailure = (clauses: Set<String>, mentions: String, cause: PlatformBehaviour?)

    /// Failures a port that parses and escapes with Foundation gets on Linux, by case: the clauses each may
    /// break, a word each failure text must mention, and the platform behaviour each failure must carry as
    /// its likely cause (`CheckFailure.likelyCause`, what `--update-baseline` limits the entry to Linux by).
    static var foundationOnLinux: [String: KnownFailure] {

        #if os(Linux)
            // swift-corelibs-foundation's JSONSerialization drops a U+FEFF at the start of a string when parsing, so a port
            // that parses `_fetchQueue` results with it loses the BOM payloads; the kit must say so (MSG-3).
            // It also accepts trailing commas, so the port runs batches that are not JSON (FLUSH-3). And its
            // `replacingOccurrences` compares grapheme clusters, so the escaping chain misses a ' or U+2028
            // followed by a combining mark (ESC-2, and the value JS gets, ESC-3). (NSString's default search on
            // Apple platforms is not literal either; unverified here, so pinned on Linux only.)
            // Each known failure names the clauses it may break, a word each failure text must mention and the
            // likely cause the kit must see.
            return [
                "escaping.hostile.js-to-native": (["MSG-3"], "feff", .foundationDropsLeadingBOM),
                "escaping.corpus.round-trip.js-to-native": (["MSG-3"], "feff", .foundationDropsLeadingBOM),
                // The escaped-too-late quote ends the literal early: the evaluation throws (ESC-1.c) on U+0301. The
                // kit cannot tell this from a port's own escaping defect: no likely cause.
                "escaping.corpus.round-trip.native-to-js": (["ESC-1", "ESC-2", "ESC-3"], "0301", nil),
                "flush.lenient-parser-json-dropped": (["FLUSH-3"], "trailing comma", .foundationAcceptsTrailingCommas),
                // The same lenient parse: a batch with a trailing comma is run, so nothing warns of invalid JSON.
                "logging.native.other-invalid-batches-and-repeated-response": (
                    ["LOG-4"], "trailing comma", .foundationAcceptsTrailingCommas
                ),
            ]
        #else
            return [:]
        #endif
    }

    /// Expects `results` (the whole catalogue) to pass except for `knownFailures`, which must fail exactly so,
    /// and the cases the Swift 5 ports cannot take or `dialect` does not have, which must not apply.
    static func check(_ results: [CaseResult], knownFailures: [String: KnownFailure], dialect: WireDialect = .canonical)
    {
        #expect(results.count == Catalogue.all.count)
        // The port offers neither sends from other threads, nor switching traffic logging, nor throwing handlers:
        // those cases do not apply; nor do JS-side cases, the JS side being the kit's own.
        let notApplicable: Set<String> = Set(
            Catalogue.all.filter {
                !$0.requires.isDisjoint(with: [.sendsFromAnyThread, .trafficLogging, .throwingHandlers])
                    || $0.subject == .javaScriptSide || DialectApplicability.whyNotApplicable($0, in: dialect) != nil
            }.map(\.id))

        var unexpected: [CaseResult] = []
        for result in results {
            if let known = knownFailures[result.caseID] {
                // Every failure must be the known defect: its clause, its word in the failure text, its likely cause.
                let onlyKnown = result.failures.allSatisfy { failure in
                    known.clauses.contains(failure.clause)
                        && (failure.message + (failure.expected ?? "") + (failure.actual ?? "")).lowercased().contains(
                            known.mentions)
                        && failure.likelyCause == known.cause
                }
                // A broken MUST fails; a broken SHOULD is non-strict.
                if ![.fail, .nonStrict].contains(result.verdict) || !onlyKnown { unexpected.append(result) }
            } else if notApplicable.contains(result.caseID) {
                if result.verdict != .notApplicable { unexpected.append(result) }
            } else if result.verdict != .pass {
                unexpected.append(result)
            }
        }
        for knownFailure in knownFailures.keys {
            #expect(results.contains { $0.caseID == knownFailure }, "the catalogue no longer has \(knownFailure)")
        }
        let expectation =
            knownFailures.isEmpty
            ? "every case passes"
            : "every case passes except "
                + knownFailures.keys.sorted().map {
                    "\($0) (\(knownFailures[$0]!.clauses.sorted().joined(separator: ", ")))"
                }.joined(separator: ", ")
        // Counted first so that the failure message shows the reports, not a dump of every CaseResult.
        let unexpectedCount = unexpected.count
        #expect(
            unexpectedCount == 0,
            """
            expected \(expectation); unexpected results:
            \(unexpected.map(\.report).joined(separator: "\n\n"))
            """)
    }

}

/// The adapter is what the README shows implementers: it must stay short.
@Test func typicalPortAdapterIsShort() throws {
    let adapterFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("TypicalPortAdapter.swift")
    let source = try String(contentsOf: adapterFile, encoding: .utf8)
    let codeLines = source.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
    #expect(codeLines.count <= 30, "TypicalPortAdapter.swift has \(codeLines.count) lines of code")
}

/// The catalogue against the typical port, run once per test process and shared by the tests that read it.
@MainActor
enum TypicalPortRun {
    private static var shared: Task<[CaseResult], Error>?

    /// The results, one per case of the catalogue, in its order.
    static func results() async throws -> [CaseResult] {
        if let shared { return try await shared.value }
        let run = Task { @MainActor in
            await (try ConformanceRunner()).run(Catalogue.all, adapter: { TypicalPortAdapter() })
        }
        shared = run
        return try await run.value
    }
}

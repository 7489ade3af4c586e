import Foundation
import Testing

/// The canonical wire's words are written once in the kit's Swift sources, in
/// `Sources/WireDialects/WireDialect+Canonical.swift`; everything else that speaks or checks the wire reads
/// them from a `WireDialect`. These tests read the sources, so a new literal fails here with its file and line.
@Suite("Wire vocabulary: the canonical words are written in one Swift file")
struct WireVocabularyTests {
    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized

    /// The one file that writes the canonical dialect.
    static let canonicalFile = "WireDialects/WireDialect+Canonical.swift"

    /// Sources that keep canonical words because they are written *in* the canonical wire, as the spec and
    /// the JS fixtures are, rather than speaking or checking it on the harness's behalf; each with why.
    static let writtenInTheCanonicalWire: [(path: String, why: String)] = [
        (
            "ConformanceCatalogue/Cases/Areas/",
            "the catalogue's cases, which declare the canonical dialect: their pages, crafted batches and expectations"
        ),
        (
            "BridgeMutants/Catalogue/",
            "mutants: broken copies of the reference's canonical traffic and of the canonical JS side"
        ),
        (
            "WireDialects/WireDialect+WKWebViewJavascriptBridge.swift",
            "the wkwvjb dialect, a copy of the canonical wire renamed in part: the words it keeps are its own too"
        ),
        (
            "ConformanceExplore/ExploreOperation.swift",
            "explore's crafted bridge URLs, program data in the canonical dialect"
        ),
        (
            "ConformanceExplore/ExploreCorruptFetch.swift",
            "explore's crafted fetch results, program data in the canonical dialect"
        ),
        (
            "ConformanceExplore/ExploreDataGenerator.swift",
            "explore's data strings that look like keys and ids on purpose"
        ),
        ("swift5-testee/", "an independent port under test: an implementation writes its own wire"),
        ("webkit-port-testee/", "an independent WebKit-style port under test: an implementation writes its own wire"),
        ("wkwvjb-port-testee/", "an independent port in the wkwvjb dialect: an implementation writes its own wire"),
        ("conformance-testees/", "testees under test: implementations write their own wire"),
        ("ReferenceContainer/", "the messageHandler container (spec/container.md): callbackId is that protocol's key"),
        ("ContainerCatalogue/", "the messageHandler container's cases and explorer: that protocol's own words"),
        ("BridgeMutants/Container/", "the messageHandler container's mutants: that protocol's own words"),
        ("container-port-testee/", "an independent container port under test: it writes its own wire"),
    ]

    /// The canonical words looked for in code (comments are prose): distinctive names anywhere, the
    /// message keys where quoted, the global where a member is taken from it.
    static var words: Regex<Substring> {
        #/_handleMessageFromObjC|_fetchQueue|__wvjb_queue_message__|__bridge_loaded__|wvjbscheme|objc_cb_|WVJBCallbacks|_disableJavascriptAlertBoxSafetyTimeout|setupWebViewJavascriptBridge|"cb_|\\?"(?:handlerName|callbackId|responseId|responseData)\\?"|WebViewJavascriptBridge\.(?!js\b)/#
    }

    /// What every match of `words` holds.
    static let needles = [
        "_handleMessageFromObjC", "_fetchQueue", "__wvjb_queue_message__", "__bridge_loaded__", "wvjbscheme",
        "objc_cb_",
        "WVJBCallbacks", "_disableJavascriptAlertBoxSafetyTimeout", "setupWebViewJavascriptBridge", "\"cb_",
        "handlerName",
        "callbackId", "responseId", "responseData", "WebViewJavascriptBridge.",
    ]

    /// Every line of code outside the allowed files that writes a canonical word, as `path:line: word`.
    static func strays() throws -> [String] {
        let enumerator = FileManager.default.enumerator(at: sourcesRoot, includingPropertiesForKeys: nil)
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.standardized.path.dropFirst(sourcesRoot.path.count + 1))
            guard path != canonicalFile, !writtenInTheCanonicalWire.contains(where: { path.hasPrefix($0.path) }) else {
                continue
            }
            let text = try String(contentsOf: url, encoding: .utf8)
            // The regex is slow on every line of the sources: only lines holding a word's core are matched.
            guard needles.contains(where: text.contains) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where needles.contains(where: line.contains) {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for match in line.matches(of: words) { found.append("\(path):\(index + 1): \(match.output)") }
            }
        }
        return found.sorted()
    }

    @Test("no Swift source but the canonical dialect's file writes a canonical wire word", .fullTier)
    func writtenOnce() throws {
        let strays = try Self.strays()
        #expect(
            strays.isEmpty,
            """
            read these from a WireDialect (WireDialect.canonical, or the run's: CaseContext.dialect, Transcript.dialect) \
            instead of writing them: \(strays.joined(separator: "\n"))
            """)
    }

    @Test("the canonical dialect's file does write them, and the check finds a stray word")
    func checkCanSeeWords() throws {
        let canonical = try String(
            contentsOf: Self.sourcesRoot.appendingPathComponent(Self.canonicalFile), encoding: .utf8)
        #expect(canonical.matches(of: Self.words).count >= 6)
        #expect(
            canonical.matches(of: Self.words).allSatisfy { match in Self.needles.contains { match.output.contains($0) }
            })
        #expect("let fetch = \"WebViewJavascriptBridge._fetchQueue();\"".contains(Self.words))
        #expect("members[\"callbackId\"]".contains(Self.words))
        #expect(!"let path = \"js/WebViewJavascriptBridge.js\"; keys.callbackID; handlerNames".contains(Self.words))
    }
}

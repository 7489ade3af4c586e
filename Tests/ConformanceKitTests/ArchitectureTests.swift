import Foundation
import Testing

/// What the package graph cannot say. The harness's layers are modules (`ConformanceSupport`, `ConformanceEngine`,
/// `ConformanceBrowser`, `ConformanceCatalogue`, `ConformanceReports`, `ConformanceExplore`; CONTRIBUTING.md,
/// "Architecture"), so the compiler refuses a file that reaches a layer above its own; these tests keep the
/// few rules inside a module or about what a module may link.
@Suite("Architecture: what the package graph cannot say")
struct ArchitectureTests {
    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized

    /// The Swift files under `Sources/<folder>`, as paths relative to `Sources` and their text.
    static func sources(under folder: String) throws -> [(path: String, text: String)] {
        let root = sourcesRoot.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [(path: String, text: String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.standardized.path.dropFirst(sourcesRoot.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The text of a file without whole-line comments, so that prose never counts as a use.
    static func code(of text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }

    @Test(
        "only ConformanceEngine imports the JavaScriptCore C API (and the benchmarks' raw-engine baseline)", .fullTier)
    func onlyEngineTouchesTheCAPI() throws {
        let importers = try Self.sources(under: "").filter { Self.code(of: $0.text).contains("import CJavaScriptCore") }
            .map(\.path)
        #expect(!importers.isEmpty, "the engine's sources were found")
        #expect(
            importers.allSatisfy { $0.hasPrefix("ConformanceEngine/") || $0.hasPrefix("conformance-benchmarks/") },
            "\(importers)")
    }

    @Test("the cases, the runner and explore talk to the page host protocol, never to the simulated browser itself")
    func casesAndRunnerUsePageHost() throws {
        let files = try Self.sources(under: "ConformanceCatalogue") + Self.sources(under: "ConformanceExplore")
        #expect(files.count > 50, "the catalogue's and explore's sources were found")
        let reaching = files.filter { Self.code(of: $0.text).contains("SimulatedBrowser") }.map(\.path)
        #expect(reaching.isEmpty, "these files name SimulatedBrowser instead of PageHost: \(reaching)")
    }

    /// The modules the reference bridge may import: what an implementer's bridge imports, and no harness.
    static let referenceBridgeImports: Set<String> = [
        "Foundation", "Dispatch", "ConformanceAdapter", "ReferenceBridgeCore", "StrictJSON", "WireDialects",
    ]

    @Test("ReferenceBridge, the model implementers read, imports the adapter module and its core, no harness")
    func referenceBridgeHasNoHarness() throws {
        let (imports, files) = try Self.imports(ofModule: "ReferenceBridge")
        #expect(files >= 4, "the module's sources were found")
        let foreign = imports.filter { !Self.referenceBridgeImports.contains($0.key) }
        #expect(foreign.isEmpty, "ReferenceBridge imports \(foreign)")
    }

    /// The modules an adapter's code may see: the system, the kit's engine-free JSON, and the spec's obligations.
    static let adapterModuleImports: Set<String> = [
        "Foundation", "Dispatch", "Glibc", "Darwin", "StrictJSON", "ConformanceObligations",
    ]

    @Test("ConformanceAdapter, what adapters link, imports no engine and nothing of the harness")
    func adapterModuleHasNoEngine() throws {
        let (imports, files) = try Self.imports(ofModule: "ConformanceAdapter")
        #expect(files > 20, "the module's sources were found")
        let foreign = imports.filter { !Self.adapterModuleImports.contains($0.key) }
        #expect(foreign.isEmpty, "ConformanceAdapter imports \(foreign); an adapter executable would link them")
    }

    @Test("SimulatedWebKit, which adapters link too, imports ConformanceAdapter and the system, no engine")
    func webKitFacadeHasNoEngine() throws {
        let (imports, files) = try Self.imports(ofModule: "SimulatedWebKit")
        #expect(files > 15, "the module's sources were found")
        let allowed = Self.adapterModuleImports.union(["ConformanceAdapter", "FoundationNetworking"])
        let foreign = imports.filter { !allowed.contains($0.key) }
        #expect(foreign.isEmpty, "SimulatedWebKit imports \(foreign); an adapter executable would link them")
    }

    /// The code a bridge can outlive: what it holds (the web view in every shape, a decision handler, a script
    /// message) may be used after its case, when the page host, its page and the engine's runtime are gone.
    static let codeABridgeCanOutlive = [
        "SimulatedWebKit", "ConformanceAdapter", "ConformanceBrowser/WebView", "ConformanceEngine", "WebKitGTKHost",
    ]

    @Test("nothing a bridge can keep past its case holds an unowned reference: a late use is inert, never a trap")
    func nothingUnownedInWhatABridgeCanOutlive() throws {
        var files: [(path: String, text: String)] = []
        for folder in Self.codeABridgeCanOutlive { files += try Self.sources(under: folder) }
        #expect(files.count > 60, "the sources were found")
        let holding = files.filter { Self.code(of: $0.text).contains("unowned") }.map(\.path)
        #expect(
            holding.isEmpty, "these files hold unowned references (use weak, and make a late use inert): \(holding)")
    }

    /// The modules the files of `Sources/<module>` import, each with the files that import it, and the number of files.
    static func imports(ofModule module: String) throws -> (imports: [String: [String]], files: Int) {
        let root = Self.sourcesRoot.appendingPathComponent(module)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var imports: [String: [String]] = [:], files = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(
                of:
                    /(?m)^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:(?:struct|class|enum|protocol|func|var|typealias)[ \t]+)?(\w+)/
            ) {
                imports[String(match.output.1), default: []].append(url.lastPathComponent)
            }
        }
        return (imports, files)
    }
}

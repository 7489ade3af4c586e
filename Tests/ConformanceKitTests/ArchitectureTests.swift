import Foundation
import Testing

/// The layers of ConformanceKit point one way (CONTRIBUTING.md, "Architecture"): a file may use the types of its
/// own layer and the layers below, never those above. These tests read the sources, so a change that
/// crosses a layer fails here with the file and the type it reached for.
@Suite("Architecture: layers point one way")
struct ArchitectureTests {
    /// The folders of Sources/ConformanceKit, lowest layer first.
    static let layers: [[String]] = [
        ["Support", "Errors", "Wire", "Fixtures"],
        ["Engine"],
        ["WebView", "Transcript"],
        ["OutOfProcess"],
        ["Cases"],
        ["Runner", "Spec"],
        ["Baseline", "Golden", "Reports"],
        ["Explore"],
    ]

    static let kitRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ConformanceKit").standardized

    struct SourceFile {
        let path: String
        let folder: String
        let text: String
    }

    static func sources() throws -> [SourceFile] {
        let enumerator = FileManager.default.enumerator(at: kitRoot, includingPropertiesForKeys: nil)
        var files: [SourceFile] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.standardized.path.dropFirst(kitRoot.path.count + 1))
            let folder = String(relative.prefix { $0 != "/" })
            files.append(SourceFile(path: relative, folder: folder, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    static func layer(of folder: String) -> Int? {
        layers.firstIndex { $0.contains(folder) }
    }

    /// The top-level type names a file declares.
    static func declaredTypes(in text: String) -> [String] {
        let pattern =
            /(?m)^(?:@\w+\s+)*(?:package\s+|public\s+|private\s+|fileprivate\s+)?(?:final\s+)?(?:class|struct|enum|protocol|typealias|actor)\s+(\w+)/
        return text.matches(of: pattern).map { String($0.output.1) }
    }

    /// A string literal (built once: a regex literal is parsed anew each time it is evaluated).
    nonisolated(unsafe) private static let stringLiteral = #/"(?:[^"\\]|\\.)*"/#

    /// The text of a file without comments and string literals, so that prose never counts as a use.
    static func code(of text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { continue }
            lines.append(line.contains("\"") ? String(line).replacing(stringLiteral, with: "\"\"") : String(line))
        }
        return lines.joined(separator: "\n")
    }

    /// The identifiers (runs of letters, digits and underscores) in `code`: a type is used where its name is
    /// one of them, as a whole word.
    static func words(in code: String) -> Set<String> {
        Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    @Test("every folder of ConformanceKit has a layer")
    func everyFolderHasALayer() throws {
        let folders = Set(try Self.sources().map(\.folder))
        #expect(
            folders.filter { Self.layer(of: $0) == nil }.isEmpty,
            "add these folders to a layer: \(folders.filter { Self.layer(of: $0) == nil })")
    }

    @Test("no file uses a type of a higher layer")
    func layersPointOneWay() throws {
        let files = try Self.sources()
        var owner: [String: (folder: String, layer: Int)] = [:]
        for file in files {
            guard let layer = Self.layer(of: file.folder) else { continue }
            for name in Self.declaredTypes(in: file.text) { owner[name] = (file.folder, layer) }
        }
        var violations: [String] = []
        for file in files {
            guard let layer = Self.layer(of: file.folder) else { continue }
            let words = Self.words(in: Self.code(of: file.text))
            for (name, declared) in owner where declared.layer > layer && words.contains(name) {
                violations.append("\(file.path) (\(file.folder)) uses \(name) from \(declared.folder)")
            }
        }
        #expect(violations.isEmpty, "layering broken:\n\(violations.sorted().joined(separator: "\n"))")
    }

    @Test("only Engine/ imports the JavaScriptCore C API")
    func onlyEngineTouchesTheCAPI() throws {
        let importers = try Self.sources().filter { $0.text.contains("import CJavaScriptCore") }.map(\.path)
        #expect(importers.allSatisfy { $0.hasPrefix("Engine/") }, "\(importers)")
    }

    @Test("the cases, the runner and explore talk to the page host protocol, never to the simulated browser itself")
    func casesAndRunnerUsePageHost() throws {
        let reaching = try Self.sources()
            .filter {
                ["Cases", "Runner", "Explore"].contains($0.folder)
                    && Self.code(of: $0.text).contains("SimulatedBrowser")
            }
            .map(\.path)
        #expect(reaching.isEmpty, "these files name SimulatedBrowser instead of PageHost: \(reaching)")
    }

    /// The modules an adapter's code may see: the system, and the kit's engine-free JSON.
    static let adapterModuleImports: Set<String> = ["Foundation", "Dispatch", "Glibc", "Darwin", "StrictJSON"]

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

    /// The modules the files of `Sources/<module>` import, each with the files that import it, and the number of files.
    static func imports(ofModule module: String) throws -> (imports: [String: [String]], files: Int) {
        let root = Self.kitRoot.deletingLastPathComponent().appendingPathComponent(module)
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

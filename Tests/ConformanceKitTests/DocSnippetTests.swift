import ConformanceKit
import Foundation
import Testing

@testable import ConformanceTesting

/// The docs held to the code: every Swift snippet of the README, the guides, CONTRIBUTING.md and the spec is a
/// run of whole lines of a file that is built (the kit's sources and tests, `Examples/MiniBridge`, and
/// `Examples/DocSnippets`, which CI builds in Swift 5 and Swift 6 language modes), so a snippet that drifts
/// from the API fails; and every case file shown is one the kit loads.
@Suite("Doc snippets are built code")
struct DocSnippetTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown files whose snippets are checked.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let spec = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("spec").path)
            .filter { $0.hasSuffix(".md") }.map { "spec/" + $0 }
        return (["README.md", "CONTRIBUTING.md"] + docs + spec).sorted()
    }

    /// The built Swift files a snippet may come from, by path, with their lines trimmed of indentation.
    static let builtFiles: [(path: String, lines: [String])] = {
        var files: [(String, [String])] = []
        for folder in ["Sources", "Tests", "Examples/MiniBridge", "Examples/DocSnippets"] {
            let root = packageRoot.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.lastPathComponent.hasPrefix(".build") { enumerator?.skipDescendants() }
                guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else {
                    continue
                }
                files.append((folder + url.path.dropFirst(root.path.count), trimmedLines(text)))
            }
        }
        return files
    }()

    /// The fenced blocks of `markdown` whose info string is `language`, with the line each starts on.
    static func blocks(_ language: String, in markdown: String) -> [(line: Int, text: String)] {
        var found: [(Int, String)] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    found.append((block.line, block.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    block.lines.append(String(line))
                    current = block
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```" + language {
                current = (index + 1, [])
            }
        }
        return found
    }

    static func trimmedLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The built file `snippet` is a run of whole lines of, indentation aside, or nil. A manifest's dependency on
    /// the kit by URL stands for the examples' dependency on it by path.
    static func source(of snippet: String) -> String? {
        var wanted = trimmedLines(snippet).map { line in
            line.hasPrefix(".package(url:") && line.contains("WVJBConformance")
                ? #".package(name: "WVJBConformance", path: "../..")"# : line
        }
        while wanted.last == "" { wanted.removeLast() }
        guard !wanted.isEmpty else { return nil }
        for file in builtFiles where wanted.count <= file.lines.count {
            for start in 0...(file.lines.count - wanted.count) where file.lines[start] == wanted[0] {
                if Array(file.lines[start..<(start + wanted.count)]) == wanted { return file.path }
            }
        }
        return nil
    }

    @Test("every Swift snippet of the docs is a run of lines of a built file", .fullTier)
    func swiftSnippetsAreBuiltCode() throws {
        var count = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(document), encoding: .utf8)
            for block in Self.blocks("swift", in: text) {
                count += 1
                #expect(
                    Self.source(of: block.text) != nil,
                    "\(document):\(block.line): this Swift snippet is not a run of lines of any built file (Sources, Tests, Examples/MiniBridge, Examples/DocSnippets): put it in one, or correct it\n\(block.text)"
                )
            }
        }
        #expect(count >= 20, "the docs hold \(count) Swift snippets")
        #expect(Self.source(of: "b\n  c\n") == nil)
    }

    @Test(
        "every case file and baseline the docs show loads (a baseline in the form --update-baseline writes), and the README's dependency snippet is the examples' manifest"
    )
    @MainActor
    func caseFilesAndManifest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var caseFiles = 0, baselines = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(document), encoding: .utf8)
            for block in Self.blocks("json", in: text) where block.text.contains("wvjb-explore-case/1") {
                caseFiles += 1
                let file = folder.appendingPathComponent("case-\(caseFiles).json")
                try block.text.write(to: file, atomically: true, encoding: .utf8)
                #expect(throws: Never.self, "\(document):\(block.line)") { _ = try ConformanceCase.loadCaseFile(file) }
            }
            for block in Self.blocks("json", in: text) where block.text.contains("wvjb-conformance-baseline") {
                baselines += 1
                let file = folder.appendingPathComponent("baseline-\(baselines).json")
                try block.text.write(to: file, atomically: true, encoding: .utf8)
                let loaded = try Baseline.load(from: file)
                #expect(loaded.fileText == block.text + "\n", "\(document):\(block.line)")
            }
        }
        #expect(caseFiles >= 1 && baselines >= 1)
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let dependency = try #require(Self.blocks("swift", in: readme).first { $0.text.contains(".package(url:") })
        #expect(Self.source(of: dependency.text) == "Examples/DocSnippets/Package.swift")
    }
}

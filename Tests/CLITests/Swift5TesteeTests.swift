import Foundation
import TestTiers
import Testing

/// `swift5-testee`: an adapter executable built in Swift 5 language mode exactly as the implementer guide tells
/// implementers (its `main.swift` is the guide's), run out of process.
@Suite("A Swift 5 testee built as the implementer guide says")
struct Swift5TesteeTests {
    /// The command that starts `swift5-testee`.
    static var testee: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "swift5-testee"
        ).path
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("its main.swift is the implementer guide's, so the guide's form compiles in Swift 5 language mode")
    func mainIsTheGuides() async throws {
        let readme = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("docs/implementer-guide.md"), encoding: .utf8)
        let snippets = readme.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        let serving = try #require(snippets.first { $0.contains("AdapterHost.serve(") })
        let main = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/swift5-testee/Main/main.swift"),
            encoding: .utf8)
        #expect(main == serving)
    }

    #if os(Linux)
        @Test("it links no JavaScriptCore: an adapter executable depends on ConformanceAdapter only")
        func linksNoEngine() async throws {
            let linked = try await CLITests.runProgram(URL(fileURLWithPath: "/usr/bin/ldd"), [Self.testee])
            #expect(linked.status == 0, "\(linked.standardError)")
            #expect(
                linked.standardOutput.contains("libswiftCore"), "ldd listed the libraries: \(linked.standardOutput)")
            #expect(!linked.standardOutput.lowercased().contains("javascriptcore"), "\(linked.standardOutput)")
        }
    #endif

    @Test("smoke passes, and a run of the areas its small bridge implements passes", .fullTier)
    func smokeAndRun() async throws {
        let smoke = try await CLITests.run(["smoke", "--adapter", Self.testee])
        #expect(smoke.status == 0, "\(smoke.standardOutput)\(smoke.standardError)")
        #expect(smoke.standardOutput.contains("the adapter is wired up"))
        let run = try await CLITests.run([
            "run", "--adapter", Self.testee, "--case", "startup.**", "--case", "ordering.**",
        ])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("against \(Self.testee): "), "\(run.standardOutput)")
    }

    #if os(Linux)
        @Test(
            "the failures Foundation's JSONSerialization causes on Linux say so, and how to avoid it; other failures do not",
            .fullTier
        )
        func foundationOnLinuxHints() async throws {
            let output = try await CLITests.run([
                // The corpus case parses a megabyte in a debug testee: a generous watchdog keeps a busy machine's
                // slowness from turning its failure into a timeout, which this test is not about.
                "run", "--adapter", Self.testee, "--adapter-timeout", "120", "--case", "escaping.hostile.js-to-native",
                "--case",
                "escaping.corpus.round-trip.js-to-native",
                "--case", "flush.lenient-parser-json-dropped", "--case", "flush.non-object-elements-skipped",
            ])
            #expect(output.status == 1)
            let reports = output.standardOutput.components(separatedBy: "\n\n")
            func report(_ id: String) throws -> String {
                try #require(reports.first { $0.contains("FAIL \(id) [MUST]") }, "\(output.standardOutput)")
            }
            for id in ["escaping.hostile.js-to-native", "escaping.corpus.round-trip.js-to-native"] {
                let text = try report(id)
                #expect(
                    text.contains(
                        "A string that began with U+FEFF arrived without it: likely the known behaviour of Foundation on Linux"
                    ), "\(text)")
                #expect(text.contains("JSONDecoder keeps it"), "\(text)")
            }
            let lenient = try report("flush.lenient-parser-json-dropped")
            #expect(
                lenient.contains(
                    "A batch with a trailing comma was run: likely the known behaviour of Foundation on Linux"),
                "\(lenient)")
            #expect(lenient.contains("\"platforms\": [\"linux\"]"), "\(lenient)")
            // The bridge's own defect (non-object elements dispatched) gets no Foundation hint.
            #expect(!(try report("flush.non-object-elements-skipped")).contains("Foundation"))
        }
    #endif
}

import Foundation
import TestTiers
import Testing

/// A case that floods (a JS side opening 100,000 iframes) prints and writes a bounded amount, saying what
/// it left out.
@Suite("One case's output is capped")
struct CaseOutputCapTests {
    @Test(
        "a JS side that opens 100,000 iframes: the console and the JSON, JUnit and Markdown reports stay under 100 KB each, naming what they left out",
        .fullTier
    )
    func iframeStormIsCapped() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/js/WebViewJavascriptBridge.js"),
            encoding: .utf8)
        let storm = folder.appendingPathComponent("storm.js")
        try
            (reference + """

                for (var i = 0; i < 100000; i++) {
                    var frame = document.createElement("iframe");
                    frame.src = "https://storm.example/" + i;
                    document.documentElement.appendChild(frame);
                }
                """).write(to: storm, atomically: true, encoding: .utf8)
        let reports = ["json", "junit", "markdown"].map { folder.appendingPathComponent("report.\($0)") }
        let output = try await CLITests.run([
            "run", "--adapter", "reference", "--js-side", storm.path, "--case", "messages.js-to-native.data-forms",
            "--report", "json:\(reports[0].path)", "--report", "junit:\(reports[1].path)", "--report",
            "markdown:\(reports[2].path)",
        ])
        #expect(output.status == 1, "\(output.standardError)")
        #expect(output.standardOutput.utf8.count < 100_000, "\(output.standardOutput.utf8.count) bytes on the console")
        #expect(output.standardOutput.contains("lines of the transcript left out"))
        #expect(output.standardOutput.contains(" more ("), "the leftovers line says how many it left out")
        #expect(
            !output.standardOutput.split(separator: "\n").contains { $0.utf8.count > 10_000 }, "no line of megabytes")
        for report in reports {
            let size = try FileManager.default.attributesOfItem(atPath: report.path)[.size] as? Int ?? .max
            #expect(size < 100_000, "\(report.lastPathComponent): \(size) bytes")
        }
    }
}

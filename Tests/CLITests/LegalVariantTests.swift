import Foundation
import TestTiers
import Testing

/// Correct bridges written unlike the reference, out of process, where one process serves the whole run: a
/// bridge that injects its own JS side, one that outlives its cases, a wkwvjb port whose deinit removes its
/// script message handlers. Each passes every case it can run; none gets a `crash` or a `harness-error`.
@Suite("Correct bridges written unlike the reference, out of process")
struct LegalVariantTests {
    @Test(
        "passes every case it can run, with no crash, timeout or harness error",
        .fullTier,
        arguments: [
            ("own-js-side:one-line", "canonical"), ("outliving:keeps-its-web-view", "canonical"),
            ("outliving:releases-late", "canonical"), ("outliving:answers-after-the-case", "canonical"),
            ("outliving:uses-its-web-view-from-a-timer", "canonical"),
            ("script-message-port", "wkwvjb"),
        ])
    func passesOutOfProcess(mode: String, profile: String) async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("variant-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let output = try await CLITests.run([
            "run", "--profile", profile, "--adapter", OutOfProcessTests.testee(mode), "--report", "json:" + report.path,
        ])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let verdicts = try #require(document?["verdicts"] as? [String: Int], "\(output.standardOutput)")
        #expect(Set(verdicts.keys).isSubset(of: ["pass", "not-applicable"]), "\(verdicts)")
        #expect((verdicts["pass"] ?? 0) > 80, "\(verdicts)")
    }
}

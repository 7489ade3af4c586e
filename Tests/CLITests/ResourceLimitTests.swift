import Foundation
import Testing

/// Under an address-space limit too low for JavaScriptCore, the command reports a harness error naming
/// the limit it needs instead of letting the engine abort the process.
@Suite("Resource limits")
struct ResourceLimitTests {
    /// Runs `conformance arguments` under `ulimit -v kibibytes` and collects what it printed.
    static func underLimit(_ kibibytes: Int, _ arguments: String) async throws -> CLITests.Output {
        // A regression would crash the engine: no minute-long backtrace for it.
        try await CLITests.runProgram(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "ulimit -v \(kibibytes) && exec '\(CLITests.executable.path)' \(arguments)"],
            environment: ["SWIFT_BACKTRACE": "enable=no"])
    }

    @Test(
        "run and list --coverage under ulimit -v 2000000 exit 78, naming the limit and the one needed",
        arguments: [
            "run --case 'messages.**'", "list --coverage",
        ])
    func lowAddressSpaceLimit(arguments: String) async throws {
        let output = try await Self.underLimit(2_000_000, arguments)
        #expect(output.status == 78, "stdout: \(output.standardOutput)\nstderr: \(output.standardError)")
        #expect(output.standardError.contains("harness error"), "\(output.standardError)")
        #expect(output.standardError.contains("ulimit -v"), "\(output.standardError)")
        #expect(output.standardError.contains("2000000 KiB"), "\(output.standardError)")
        #expect(output.standardError.firstMatch(of: /at least [0-9]+ KiB/) != nil, "\(output.standardError)")
    }

    @Test("the limit the message asks for is enough")
    func neededLimitSuffices() async throws {
        let refused = try await Self.underLimit(2_000_000, "run --case 'messages.**'")
        let needed = try #require(
            refused.standardError.firstMatch(of: /at least ([0-9]+) KiB/).flatMap { Int($0.output.1) })
        let output = try await Self.underLimit(needed, "run --case 'messages.**'")
        #expect(output.status == 0, "under ulimit -v \(needed): \(output.standardError)")
    }
}

import Foundation
import TestTiers
import Testing

/// `conformance smoke` tells the adapter's wiring from the bridge's defects where the transcript allows.
@Suite("Smoke diagnoses")
struct SmokeDiagnosisTests {
    @Test(
        "a bridge that never sends is not called an unwired adapter: both causes are named, with how to tell them apart",
        .fullTier,
        arguments: ["mutant:startup-queue-never-off", OutOfProcessTests.testee("mutant:startup-queue-never-off")])
    func bridgeThatNeverSends(adapter: String) async throws {
        let output = try await CLITests.run(["smoke", "--adapter", adapter])
        let text = output.standardOutput
        #expect(output.status == 78)
        #expect(text.contains("FAILED  one native call reaches a JS handler"), "\(text)")
        #expect(
            text.contains(
                "adapter or bridge: the adapter's callHandler(\"sink\", data: \"hello\") returned, but nothing was evaluated in the page afterwards"
            ), "\(text)")
        #expect(
            text.contains("Either the adapter does not forward the call to the bridge, or the bridge does not send it"),
            "\(text)")
        #expect(text.contains("log or break in the bridge's own callHandler"), "\(text)")
        #expect(!text.contains("the adapter is not wired up"), "\(text)")
        #expect(text.contains("the adapter may not be wired up, or the bridge may be at fault"), "\(text)")
    }

    @Test("a bridge that breaks a rule the web view enforces is the bridge's fault, and no wiring hint is given")
    func bridgeBreaksARule() async throws {
        let output = try await CLITests.run(["smoke", "--adapter", "mutant:decides-navigation-twice"])
        #expect(output.status == 78)
        #expect(
            output.standardOutput.contains(
                "bridge: the step itself worked, but the bridge broke a rule the web view enforces"),
            "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("hint:"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("the adapter is wired up, but the bridge fails the steps above"))
    }

    @Test("a bridge whose command does not reach the JS handler is the bridge's fault")
    func bridgeCommandBroken() async throws {
        let output = try await CLITests.run(["smoke", "--adapter", "mutant:js-side-read-in-one-4k-chunk"])
        #expect(output.status == 78)
        #expect(
            output.standardOutput.contains("bridge: the bridge evaluated 1 script(s) after the call"),
            "\(output.standardOutput)")
        #expect(
            output.standardOutput.contains("so the adapter forwarded it, but the JS handler did not get \"hello\""),
            "\(output.standardOutput)")
    }

    @Test(
        "smoke runs in every shipped profile: the reference and the wkwvjb port pass it in the wkwvjb profile",
        arguments: ["reference", "wkwvjb-port"])
    func smokeInTheWKWVJBProfile(adapter: String) async throws {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let command =
            adapter == "reference" ? adapter : "'\(buildFolder.appendingPathComponent("wkwvjb-port-testee").path)'"
        let output = try await CLITests.run(["smoke", "--profile", "wkwvjb", "--adapter", command])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(
            output.standardOutput.contains("ok      the adapter attaches and the page has the bridge's script message"))
        #expect(output.standardOutput.contains("the adapter is wired up"), "\(output.standardOutput)")
    }

    @Test("a step that crashes names the crash first, with its reason, and gives no wiring hint for it")
    func crashIsNamedBeforeAnyHint() async throws {
        let output = try await CLITests.run(["smoke", "--adapter", OutOfProcessTests.testee("trap:force-unwrap")])
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(output.status == 78)
        let failed = try #require(lines.firstIndex(of: "FAILED  one native call reaches a JS handler"), "\(lines)")
        #expect(lines[failed + 1].hasPrefix("        crash during callHandler"), "\(lines)")
        #expect(lines.contains { $0.contains("Fatal error: Unexpectedly found nil while unwrapping") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("        hint:") }, "\(lines)")
        #expect(lines.last == "a step above crashed or hung: fix that first, then run smoke again", "\(lines)")
    }
}

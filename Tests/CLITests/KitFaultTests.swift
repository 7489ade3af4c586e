import BridgeMutants
import Foundation
import Testing

/// A fault of the kit is never the bridge's: a trap inside the kit's own code (`KitCode`) that a bridge called
/// ends the case as a `harness-error` naming the kit's component, and an in-process run that such a trap ends
/// says so.
@Suite("A trap inside the kit's code is the kit's fault")
struct KitFaultTests {
    @Test("out of process, the case is a harness-error naming the kit's component and what the bridge did")
    func outOfProcessTrapInKitIsAHarnessError() async throws {
        let report = FileManager.default.temporaryDirectory
            .appendingPathComponent("kit-fault-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let output = try await CLITests.run([
            "run", "--adapter", OutOfProcessTests.testee("trap-in-kit"), "--case", "messages.native-to-js.keys",
            "--report", "json:" + report.path,
        ])
        #expect(output.status == 78, "\(output.standardOutput)\(output.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        #expect(document?["verdicts"] as? [String: Int] == ["harness-error": 1], "\(output.standardOutput)")
        #expect(
            output.standardOutput.contains(
                "the kit's SimulatedWebView trapped while the bridge called a member the kit gets wrong (a test's trap), which a bridge may do: a fault of the kit, not of the bridge"
            ), "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("wvjb-kit-fault"), "the note is read, never shown")
    }

    @Test("a bridge's own trap stays a crash: code the kit calls back runs outside the kit's sites")
    func bridgeTrapStaysACrash() async throws {
        let output = try await CLITests.run([
            "run", "--adapter", OutOfProcessTests.testee("crash-in-native-handler"), "--case",
            "messages.js-to-native.data-forms",
        ])
        #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.contains("1 crash"), "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("the kit's"), "\(output.standardOutput)")
    }

    @Test("in process, the run the trap ends says that the kit is at fault, before the runtime's report", .fullTier)
    func inProcessTrapInKitSaysSo() async throws {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let output = try await CLITests.runProgram(
            buildFolder.appendingPathComponent("conformance-testees"), ["trap-in-kit-in-process"])
        #expect(output.status != 0)
        #expect(
            output.standardError.contains(
                "conformance: the process trapped inside the kit's SimulatedWebView while the bridge called a member the kit gets wrong (a test's trap), which a bridge may do: a fault of the conformance kit, not of your bridge"
            ), "\(output.standardError)")
        #expect(!output.standardError.contains("DispatchQueue.main.sync is called from the main queue itself"))
    }
}

/// Mutants out of process, where a trap inside the kit would show: one in eight, each on the cases that must
/// catch it, one after another (a run of its own each; in parallel, on a busy machine, testees wait for the
/// processor longer than a watchdog allows), never gets a `harness-error`, nor a crash unless it crashes by design.
@Suite("Mutants out of process")
struct MutantsOutOfProcessTests {
    @Test("no harness-error, and a crash only where the mutant crashes by design", .fullTier)
    func mutantsOutOfProcess() async throws {
        for mutant in MutantCatalogue.all.enumerated().filter({ $0.offset % 8 == 0 }).map(\.element) {
            let report = FileManager.default.temporaryDirectory
                .appendingPathComponent("mutant-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: report) }
            var arguments = [
                "run", "--adapter", OutOfProcessTests.testee("mutant:\(mutant.id)"), "--adapter-timeout", "120",
                "--report", "json:" + report.path,
            ]
            if mutant.dialect != .canonical { arguments += ["--profile", mutant.dialect.name] }
            for id in mutant.caughtBy { arguments += ["--case", id] }
            let output = try await CLITests.run(arguments)
            let written = try #require(
                try? Data(contentsOf: report),
                "\(mutant.id): no report, exit \(output.status): \(output.standardOutput)\(output.standardError)")
            let document = try JSONSerialization.jsonObject(with: written) as? [String: Any]
            let verdicts = try #require(document?["verdicts"] as? [String: Int], "\(output.standardOutput)")
            #expect(verdicts["harness-error"] == nil, "\(mutant.id): \(output.standardOutput)")
            if !mutant.crashes { #expect(verdicts["crash"] == nil, "\(mutant.id): \(output.standardOutput)") }
        }
    }
}

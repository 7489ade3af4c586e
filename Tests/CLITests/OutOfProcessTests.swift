import ConformanceFixtures
import Foundation
import ReferenceBridge
import StrictJSON
import TestTiers
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceSupport
@testable import conformance_testees

/// Out-of-process adapters (`spec/adapter-protocol.md`), with the testees of `conformance-testees`: one
/// that passes, and ones that crash, hang or break the protocol.
@Suite("Out-of-process adapters")
struct OutOfProcessTests {
    /// The command that starts `conformance-testees` in `mode`.
    static func testee(_ mode: String) -> String {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return "'\(buildFolder.appendingPathComponent("conformance-testees").path)' \(mode)"
    }

    /// A factory for the out-of-process adapter of `command`: a process per case, or one process kept
    /// for the run (ADP-17), which the caller closes.
    @MainActor
    static func factory(_ command: String, persistent: Bool) -> (factory: AdapterFactory, testee: PersistentTestee?) {
        let configuration = ProcessBridgeAdapter.Configuration(command: command)
        guard persistent else { return ({ try ProcessBridgeAdapter(configuration: configuration) }, nil) }
        let testee = PersistentTestee(configuration: configuration)
        return ({ try ProcessBridgeAdapter(persistent: testee) }, testee)
    }

    @Test(
        "the reference served by AdapterHost gives, case for case, the transcript it gives in process, with one process for the run (every case) and with a process per case (the first case of each area)",
        .fullTier
    )
    @MainActor
    func referenceMatchesInProcess() async throws {
        // The kit's pair judges itself, JS side included, in both routes.
        let runner = try ConformanceRunner(configuration: .init(javaScriptSideUnderTest: true))
        let inProcess = await runner.run(Catalogue.all) { ReferenceBridgeAdapter() }
        // A process per case runs the same exchanges as one process for the run, each in a new process:
        // the first case of each area shows it, without paying a process start for every case.
        var areas: Set<String> = []
        let sample = Catalogue.all.filter { areas.insert(String($0.id.prefix { $0 != "." })).inserted }
        for persistent in [true, false] {
            let cases = persistent ? Catalogue.all : sample
            let (factory, testee) = Self.factory(Self.testee("reference"), persistent: persistent)
            let outOfProcess = await runner.run(cases, adapter: factory)
            testee?.close()
            #expect(testee.map(\.processesStarted) ?? 1 == 1, "one process serves the whole run")
            let local = Dictionary(uniqueKeysWithValues: inProcess.map { ($0.caseID, $0) })
            for remote in outOfProcess {
                let local = try #require(local[remote.caseID])
                if remote.verdict == .notApplicable {
                    // Sends from any thread, switching traffic logging and throwing handlers need one process; the
                    // cases of another dialect's own clauses do not apply in the canonical profile at all.
                    let inProcessOnly = Catalogue.all.filter {
                        !$0.requires.isDisjoint(with: .inProcessOnly) || !$0.dialects.contains(.canonical)
                    }.map(\.id)
                    #expect(inProcessOnly.contains(local.caseID), "\(local.caseID)")
                    continue
                }
                #expect(
                    remote.verdict == local.verdict,
                    "persistent: \(persistent) \(remote.caseID): \(remote.interruption?.text ?? "")")
                #expect(
                    TranscriptRenderer.render(remote.transcript) == TranscriptRenderer.render(local.transcript),
                    "persistent: \(persistent) \(remote.caseID)")
            }
        }
    }

    @Test("a mutant out of process fails the cases that catch it in process")
    func mutantFailsOutOfProcess() async throws {
        let output = try await CLITests.run([
            "run", "--adapter", Self.testee("mutant:no-startup-queue"), "--case", "startup.**",
        ])
        #expect(output.status == 1)
        #expect(
            output.standardOutput.contains("FAIL startup.calls-before-load.delivered-in-order [MUST]"),
            "\(output.standardOutput)")
        #expect(output.standardOutput.contains("[START-1.a]"), "\(output.standardOutput)")
    }

    @Test(
        "traffic logging is switched out of process (setTrafficLogging): the reference passes LOG-7 there, a mutant fails it",
        .fullTier)
    func trafficLoggingOutOfProcess() async throws {
        let traffic = ["--case", "logging.native.traffic-when-switched-on"]
        let reference = try await CLITests.run(["run", "--adapter", Self.testee("reference")] + traffic)
        #expect(reference.status == 0, "\(reference.standardOutput)")
        #expect(reference.standardOutput.hasPrefix("1 cases against "), "\(reference.standardOutput)")
        #expect(reference.standardOutput.contains(": 1 pass\n"), "\(reference.standardOutput)")
        let mutant = try await CLITests.run(
            ["run", "--adapter", Self.testee("mutant:traffic-sends-not-logged")] + traffic)
        // LOG-7 is a SHOULD: non-strict, which fails a run only at --level should.
        #expect(mutant.standardOutput.contains(": 1 non-strict\n"), "\(mutant.standardOutput)")
        #expect(mutant.standardOutput.contains("[LOG-7."), "\(mutant.standardOutput)")
    }

    @Test("a testee that crashes gets `crash` for that case, and the next case gets a fresh process")
    func crashingTestee() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "crash-report-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let output = try await CLITests.run([
            "run", "--adapter", Self.testee("crash-in-native-handler"),
            "--case", "messages.js-to-native.data-forms", "--case", "startup.calls-before-load.delivered-in-order",
            "--report", "json:" + report.path,
        ])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("1 pass, 1 crash"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("CRASH messages.js-to-native.data-forms [MUST]"))
        #expect(output.standardOutput.contains("was killed by signal"))
        #expect(
            output.standardOutput.contains("Fatal error: conformance-testees: deliberate crash in native handler"),
            "the cause is quoted from standard error")
        let document = try String(contentsOf: report, encoding: .utf8)
        #expect(document.contains(#""verdict":"crash""#), "the JSON report carries the verdict")
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/report.schema.json"), encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: try JSONParser.parse(document)).isEmpty)
    }

    @Test(
        "a testee that traps on data it cannot serialize gets `crash` and a failure citing ESC-4.a, naming the payload")
    func crashOnUnserializableData() async throws {
        let output = try await CLITests.run([
            "run", "--adapter", Self.testee("crash-on-unserializable"), "--case",
            "escaping.corpus.rejected.native-to-js",
        ])
        #expect(output.status == 1)
        #expect(
            output.standardOutput.contains("CRASH escaping.corpus.rejected.native-to-js [MUST]"),
            "\(output.standardOutput)")
        #expect(
            output.standardOutput.contains(
                "[ESC-4.a] the native side survives being asked to send payload number.non-finite.nan"),
            "\(output.standardOutput)")
        #expect(output.standardOutput.contains("'try!' expression unexpectedly raised an error"), "the cause is quoted")
    }

    @Test("a testee that stops answering is killed by the watchdog and gets `timeout`; the run goes on", .fullTier)
    func hangingTestee() async throws {
        let output = try await CLITests.run([
            // 2.5 s: the watchdog also covers the testee's hello, which a loaded machine can take a second to start.
            "run", "--adapter", Self.testee("hang-in-call-handler"), "--adapter-timeout", "2.5",
            "--case", "startup.calls-before-load.delivered-in-order", "--case", "messages.js-to-native.data-forms",
        ])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("1 pass, 1 timeout"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("the testee sent nothing for 2.5 s"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("--adapter-timeout 2.5"), "the rerun command keeps the watchdog")
    }

    @Test(
        "a protocol violation is an adapter error, never a conformance failure", .fullTier,
        arguments: [
            ("wrong-done", "`done` for seq 999 while seq 1 was pending"),
            ("garbage-after-attach", "a line that is not JSON"),
        ])
    func protocolViolation(mode: String, message: String) async throws {
        let output = try await CLITests.run(["run", "--adapter", Self.testee(mode), "--case", "messages.**"])
        #expect(output.status == 78)
        #expect(output.standardOutput.contains("ADAPTER-ERROR messages."), "\(output.standardOutput)")
        #expect(output.standardOutput.contains(message))
        #expect(!output.standardOutput.contains("FAIL "))
    }

    @Test(
        "a testee that cannot greet stops the run before any case, saying why", .fullTier,
        arguments: [
            ("wrong-version", "protocol version 2; this harness speaks version 1"),
            ("silent", "sent nothing for 5 s while the harness waited for its hello"),
        ])
    func unusableTestee(mode: String, message: String) async throws {
        // Only the silent testee needs a short watchdog, and its hello still gets the 5 s a start may take; the
        // other greets at once, however long a loaded machine takes to start it.
        let watchdog = mode == "silent" ? ["--adapter-timeout", "0.5"] : []
        let output = try await CLITests.run(["run", "--adapter", Self.testee(mode)] + watchdog)
        #expect(output.status == 78)
        #expect(output.standardError.contains("did not start as an adapter"))
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test("a command that does not exist is a configuration error")
    func missingCommand() async throws {
        let output = try await CLITests.run(["run", "--adapter", "/nonexistent/adapter --flag"])
        #expect(output.status == 78)
        #expect(output.standardError.contains("did not start as an adapter"), "\(output.standardError)")
    }

    @Test("smoke accepts an out-of-process adapter")
    func smokeOutOfProcess() async throws {
        let output = try await CLITests.run(["smoke", "--adapter", Self.testee("reference-sync")])
        #expect(output.status == 0, "\(output.standardOutput)")
    }
}

// MARK: Crashes with their cause, logs without a hook

extension OutOfProcessTests {
    /// A line of a crash report that is a backtrace frame with nothing but an address.
    nonisolated(unsafe) static let addressOnlyFrame =
        #/\|\s+\d+\s+\S+\s+0x[0-9a-fA-F]+\s+(?:<unavailable>\s*)?\+\s*\d+\s*$/#

    @Test(
        "a trap's crash report quotes the runtime's message whole and no frame that is only an address", .fullTier,
        arguments: [
            ("crash-in-native-handler", "Fatal error: conformance-testees: deliberate crash in native handler"),
            ("trap:force-unwrap", "Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
            ("trap:forced-cast", "Could not cast value of type 'Swift.String' ("),
            ("trap:escaped-closure", "closure argument was escaped in withoutActuallyEscaping block"),
            ("trap:index-out-of-range", "Fatal error: Index out of range"),
        ])
    func crashQuotesTheRuntime(mode: String, message: String) async throws {
        let output = try await CLITests.run([
            "run", "--adapter", Self.testee(mode), "--case", "messages.native-to-js.keys", "--case",
            "messages.js-to-native.data-forms",
        ])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("CRASH "), "\(output.standardOutput)")
        let report = output.standardOutput.split(separator: "\n").map(String.init)
        let quoted = report.filter { $0.hasPrefix("    | ") }
        #expect(quoted.contains { $0.contains(message) }, "the runtime's message is quoted: \(quoted)")
        #expect(!quoted.contains { $0.contains(Self.addressOnlyFrame) }, "no address-only frame: \(quoted)")
        #expect(!quoted.contains { $0.contains("[... ") }, "the message is not cut: \(quoted)")
    }

    @Test("a crash report keeps a long runtime message whole up to 1000 units and drops the frames")
    func longRuntimeMessage() {
        let standardError = TesteeStandardError()
        let message = "main.swift:9: Fatal error: " + String(repeating: "x", count: 600)
        for line in [
            "a log line", message, "Current stack trace:",
            "0    libswiftCore.so   0x00007fa7e115f130 swift_reportError + 33",
            "5    conformance-testees   0x000055bdb6de2f3f <unavailable> + 2858815",
            "6    my-adapter   0x000055bdb6de2f3f MyBridge.send(_:) + 12",
        ] {
            standardError.append(line)
        }
        standardError.finish()
        let rendered = standardError.rendered
        #expect(rendered.contains("    | " + message + "\n"), "\(rendered)")
        #expect(rendered.contains("MyBridge.send(_:)"), "frames of the testee's own functions stay")
        #expect(
            !rendered.contains("<unavailable>") && !rendered.contains("swift_reportError")
                && !rendered.contains("Current stack trace"))
        #expect(rendered.contains("(2 backtrace frames of bare addresses or runtime internals left out)"))
    }

    @Test(
        "a port that logs with NSLog and print only passes the LOG cases, out of process (a process per case or one for the run) and in process",
        .fullTier,
        arguments: [false, true])
    @MainActor
    func printLoggingPort(persistent: Bool) async throws {
        let runner = try ConformanceRunner()
        let logging = Catalogue.all.filter { $0.id.hasPrefix("logging.native.") }
        let (factory, testee) = Self.factory(Self.testee("print-logging"), persistent: persistent)
        defer { testee?.close() }
        let outOfProcess = await runner.run(logging, adapter: factory)
        let inProcess = await runner.run(logging) { PrintLoggingAdapter() }
        for (route, results) in [("out of process", outOfProcess), ("in process", inProcess)] {
            for (conformanceCase, result) in zip(logging, results) {
                // Switching traffic logging on needs one process (ADP-6).
                let expected: Verdict =
                    route == "out of process" && !conformanceCase.requires.isDisjoint(with: .inProcessOnly)
                    ? .notApplicable : .pass
                #expect(
                    result.verdict == expected,
                    "\(route) \(result.caseID): \(result.failures.map(\.description)) \(result.interruption?.text ?? "")"
                )
            }
        }
        // The lines are the port's text: NSLog's date, process and thread prefix is not part of them.
        let missing = try #require(outOfProcess.first { $0.caseID == "logging.native.missing-handler" })
        let lines = missing.transcript.events.compactMap { event -> String? in
            if case .nativeLog(let line) = event { return line }
            return nil
        }
        #expect(
            lines.contains {
                $0.hasPrefix("WVJBNoHandlerException, No handler for message from JS: ") && $0.contains("nobodyHome")
            }, "\(lines)")
        // Transcripts are the same from run to run, and the same in process and out of process.
        let again = await runner.run(logging, adapter: factory)
        let againInProcess = await runner.run(logging) { PrintLoggingAdapter() }
        for (index, result) in outOfProcess.enumerated() {
            #expect(
                TranscriptRenderer.render(result.transcript) == TranscriptRenderer.render(again[index].transcript),
                "\(result.caseID)")
            // In process the whole process is captured, and other suites print while this one runs: keep
            // the lines the port wrote (those the out-of-process run recorded).
            let portLines = Set(
                result.transcript.events.compactMap { if case .nativeLog(let line) = $0 { line } else { nil } })
            #expect(
                TranscriptRenderer.render(Self.keepingLogLines(portLines, of: inProcess[index].transcript))
                    == TranscriptRenderer.render(Self.keepingLogLines(portLines, of: againInProcess[index].transcript)),
                "\(result.caseID)")
        }
    }

    /// `transcript` without the native log lines that are not in `lines`.
    static func keepingLogLines(_ lines: Set<String>, of transcript: Transcript) -> Transcript {
        var kept = Transcript()
        for entry in transcript.entries {
            if case .nativeLog(let line) = entry.event, !lines.contains(line) { continue }
            kept.append(entry.event, at: entry.time)
        }
        return kept
    }
}

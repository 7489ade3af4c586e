import Foundation
import ReferenceBridge
import TestTiers
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit

/// One testee process for the whole run (`spec/adapter-protocol.md`, ADP-17): every case gets a fresh
/// adapter and page in it, failures still cost only their case, a testee that does not offer
/// `persistent` gets a process per case, and nothing is left behind when the run ends.
@Suite("A testee process kept for the run")
@MainActor
struct PersistentTesteeTests {
    /// Cases that pass on the `crash-in-native-handler` testee (JS never calls a native handler) and
    /// one between them on which it crashes.
    static let passCrashPass = [
        "startup.calls-before-load.delivered-in-order", "messages.js-to-native.data-forms",
        "bootstrap.url-classification.https",
    ]

    /// `ids`, from the catalogue, in that order.
    static func cases(_ ids: [String]) throws -> [ConformanceCase] {
        try ids.map { id in try #require(Catalogue.case(withID: id), "\(id)") }
    }

    /// A testee kept for the run, for `conformance-testees <mode>`.
    static func persistentTestee(
        _ mode: String, timeout: Double = ProcessBridgeAdapter.Configuration.defaultResponseTimeout
    ) -> PersistentTestee {
        PersistentTestee(configuration: .init(command: OutOfProcessTests.testee(mode), responseTimeout: timeout))
    }

    /// The native log lines of a result's transcript.
    static func nativeLog(_ result: CaseResult) -> [String] {
        result.transcript.events.compactMap { event -> String? in
            if case .nativeLog(let line) = event { return line }
            return nil
        }
    }

    @Test(
        "a crash costs only its case: the crash report quotes that case's testee, and the next case gets a fresh process"
    )
    func crashRestartsTheProcess() async throws {
        let runner = try ConformanceRunner()
        let testee = Self.persistentTestee("crash-in-native-handler")
        defer { testee.close() }
        let results = await runner.run(try Self.cases(Self.passCrashPass)) {
            try ProcessBridgeAdapter(persistent: testee)
        }
        #expect(results.map(\.verdict) == [.pass, .crash, .pass], "\(results.map(\.interruption))")
        let report = try #require(results[1].interruption?.text)
        #expect(
            report.contains("Fatal error: conformance-testees: deliberate crash in native handler sink"), "\(report)")
        #expect(testee.processesStarted == 2, "the process that crashed, then a fresh one")
        // The same report as with a process per case: nothing in it depends on the cases before.
        let configuration = ProcessBridgeAdapter.Configuration(
            command: OutOfProcessTests.testee("crash-in-native-handler"))
        let alone = await runner.run(try Self.cases([Self.passCrashPass[1]])) {
            try ProcessBridgeAdapter(configuration: configuration)
        }
        #expect(alone.first?.interruption?.text == report)
    }

    @Test(
        "a testee that stops answering is killed by the watchdog, gets `timeout`, and the next case gets a fresh process",
        .fullTier
    )
    func timeoutRestartsTheProcess() async throws {
        let runner = try ConformanceRunner()
        let testee = Self.persistentTestee("hang-in-call-handler", timeout: 1.5)
        defer { testee.close() }
        let ids = [
            "startup.calls-before-load.delivered-in-order", "bootstrap.url-classification.https",
            "messages.js-to-native.data-forms",
        ]
        let results = await runner.run(try Self.cases(ids)) { try ProcessBridgeAdapter(persistent: testee) }
        #expect(results[0].verdict == .timeout, "\(results[0].interruption?.text ?? "")")
        #expect(results[0].interruption?.text.contains("the testee sent nothing for 1.5 s") == true)
        #expect(results[1].verdict == .pass, "\(results[1].interruption?.text ?? "")")
        #expect(testee.processesStarted == 2)
    }

    @Test("a process that dies between two cases is replaced before the next case's first message, which is not blamed")
    func deathBetweenCasesIsNotACrash() async throws {
        let runner = try ConformanceRunner()
        let testee = Self.persistentTestee("dies-between-cases")
        defer { testee.close() }
        let cases = try Self.cases([
            "startup.calls-before-load.delivered-in-order", "bootstrap.url-classification.https",
            "messages.js-to-native.data-forms",
        ])
        let results = await runner.run(cases) { try ProcessBridgeAdapter(persistent: testee) }
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results.map(\.interruption))")
        #expect(testee.processesStarted == cases.count, "it exits when asked for a second adapter")
    }

    @Test("a testee whose hello does not offer `persistent` gets a process per case, and passes as with one")
    func testeeWithoutTheCapability() async throws {
        let runner = try ConformanceRunner()
        let testee = Self.persistentTestee("one-case-only")
        defer { testee.close() }
        let cases = try Self.cases([
            "startup.calls-before-load.delivered-in-order", "bootstrap.url-classification.https",
            "messages.js-to-native.data-forms",
        ])
        let results = await runner.run(cases) { try ProcessBridgeAdapter(persistent: testee) }
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results.map(\.interruption))")
        #expect(testee.servesManyCases == false)
        #expect(testee.processesStarted == cases.count)
    }

    @Test(
        "state a testee keeps in a static shows in the run: each case's log line is its own, and a process per case shows none of it"
    )
    func leakyStaticTestee() async throws {
        let runner = try ConformanceRunner()
        let cases = try Self.cases([
            "startup.calls-before-load.delivered-in-order", "bootstrap.url-classification.https",
            "messages.js-to-native.data-forms",
        ])
        let testee = Self.persistentTestee("leaky-static")
        defer { testee.close() }
        let persistent = await runner.run(cases) { try ProcessBridgeAdapter(persistent: testee) }
        // What a user sees: the testee's count goes on from case to case, and each line lands in its case.
        for (index, result) in persistent.enumerated() {
            #expect(result.verdict == .pass, "\(result.caseID): \(result.interruption?.text ?? "")")
            #expect(
                Self.nativeLog(result).filter { $0.hasPrefix("leaky-static:") } == [
                    "leaky-static: adapter \(index + 1) of this process"
                ], "\(result.caseID)")
        }
        // The escape hatch: a process per case.
        let configuration = ProcessBridgeAdapter.Configuration(command: OutOfProcessTests.testee("leaky-static"))
        let perCase = await runner.run(cases) { try ProcessBridgeAdapter(configuration: configuration) }
        for result in perCase {
            #expect(
                Self.nativeLog(result).filter { $0.hasPrefix("leaky-static:") } == [
                    "leaky-static: adapter 1 of this process"
                ], "\(result.caseID)")
        }
    }

    @Test("an adapter whose case is over cannot reach the process that now serves another case")
    func staleAdapter() async throws {
        let runner = try ConformanceRunner()
        let testee = Self.persistentTestee("reference")
        defer { testee.close() }
        var kept: ProcessBridgeAdapter?
        let first = await runner.run(try Self.cases(["startup.calls-before-load.delivered-in-order"])) {
            let adapter = try ProcessBridgeAdapter(persistent: testee)
            kept = adapter
            return adapter
        }
        #expect(first.first?.verdict == .pass)
        let stale = try #require(kept)
        #expect(throws: AdapterFailure.self) { try stale.registerHandler("late") { _, _ in } }
        let second = await runner.run(try Self.cases(["messages.js-to-native.data-forms"])) {
            try ProcessBridgeAdapter(persistent: testee)
        }
        #expect(second.first?.verdict == .pass, "\(second.first?.interruption?.text ?? "")")
        #expect(testee.processesStarted == 1)
    }

    @Test("closing the testee ends its process and closes the descriptors the harness held for it")
    func closeLeavesNothingBehind() async throws {
        let runner = try ConformanceRunner()
        let testee = Self.persistentTestee("reference")
        let results = await runner.run(
            try Self.cases(["startup.calls-before-load.delivered-in-order", "messages.js-to-native.data-forms"])
        ) {
            try ProcessBridgeAdapter(persistent: testee)
        }
        #expect(results.allSatisfy { $0.verdict == .pass })
        let (processIdentifier, descriptors) = try #require(testee.runningProcess)
        // What each descriptor is now: a pipe, named by its inode, which no other pipe has while it is open.
        let opened = descriptors.map(Self.target(of:))
        #expect(opened.allSatisfy { $0?.hasPrefix("pipe:") == true }, "\(opened)")
        testee.close()
        #expect(testee.runningProcess == nil)
        #expect(kill(processIdentifier, 0) == -1 && errno == ESRCH, "the process is gone and reaped")
        for (descriptor, before) in zip(descriptors, opened) {
            // Closed, or (other tests run meanwhile) reused for something else.
            #expect(Self.target(of: descriptor) != before, "descriptor \(descriptor) still open on \(before ?? "")")
        }
    }

    /// What `/proc/self/fd/<descriptor>` links to, nil when the descriptor is not open.
    static func target(of descriptor: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }

    @Test("--testee-lifetime takes run or case, defaults to run, and both give the same results", .fullTier)
    func lifetimeOption() async throws {
        let arguments = [
            "run", "--adapter", OutOfProcessTests.testee("reference"), "--case", "messages.js-to-native.**",
        ]
        let persistent = try await CLITests.run(arguments)
        let perCase = try await CLITests.run(arguments + ["--testee-lifetime", "case"])
        let explicit = try await CLITests.run(arguments + ["--testee-lifetime", "run"])
        #expect(persistent.status == 0, "\(persistent.standardOutput)\(persistent.standardError)")
        #expect(
            perCase.standardOutput == persistent.standardOutput && explicit.standardOutput == persistent.standardOutput)
        let bad = try await CLITests.run(arguments + ["--testee-lifetime", "forever"])
        #expect(bad.status == 64)
        #expect(
            bad.standardError.contains("'forever' is invalid for '--testee-lifetime <lifetime>'"),
            "\(bad.standardError)")
        #expect(bad.standardError.contains("'run' and 'case'"), "\(bad.standardError)")
        let help = try await CLITests.run(["run", "--help"]).standardOutput.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(help.contains("(values: run, case; default: run)"), "\(help)")
    }
}

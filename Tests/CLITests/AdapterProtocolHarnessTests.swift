import Foundation
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit

/// The harness's side of the adapter protocol (`spec/adapter-protocol.md`), obligation by obligation,
/// each against a testee that breaks it: `conformance-testees scripted`, whose script states the
/// misbehaviour as data. A message a script writes "after" another goes out in the same `write`, so it
/// is in the pipe when the harness reads the first: the tests wait on what the harness reads, never on
/// time.
@Suite("The harness's side of the adapter protocol, against misbehaving testees")
@MainActor
struct AdapterProtocolHarnessTests {
    // MARK: Scripts

    /// A `done` for the request being answered.
    nonisolated static var done: [String: Any] { ["stdout": #"{"seq":$seq,"type":"done"}"#] }

    /// A `log` effect.
    nonisolated static func log(_ message: String) -> [String: Any] {
        ["stdout": #"{"message":"\#(message)","type":"log"}"#]
    }

    /// A reply of the script: `writes` in answer to requests of type `type` (`*`: any).
    nonisolated static func reply(
        _ type: String, after: String? = nil, occurrence: Int? = nil, _ writes: [[String: Any]]
    ) -> [String: Any] {
        var reply: [String: Any] = ["to": type, "write": writes]
        if let after { reply["after"] = after }
        if let occurrence { reply["occurrence"] = occurrence }
        return reply
    }

    /// The command of a scripted testee whose hello offers `capabilities` and that answers with `replies`,
    /// then `done` to any request they do not answer. The script's file is removed when the test ends.
    nonisolated static func scriptedTestee(_ capabilities: [String], _ replies: [[String: Any]]) throws -> (
        command: String, file: URL
    ) {
        let script: [String: Any] = ["capabilities": capabilities, "replies": replies + [reply("*", [done])]]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "testee-script-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: script).write(to: file)
        return (OutOfProcessTests.testee("scripted '\(file.path)'"), file)
    }

    /// Runs `cases` against the scripted testee, with one process for the run or a process per case.
    /// - Returns: The results and the number of processes the harness started.
    static func run(
        _ cases: [ConformanceCase], capabilities: [String] = ["persistent"], persistent: Bool = true,
        replies: [[String: Any]]
    ) async throws -> (results: [CaseResult], processes: Int) {
        let (command, file) = try scriptedTestee(capabilities, replies)
        defer { try? FileManager.default.removeItem(at: file) }
        let runner = try ConformanceRunner()
        let configuration = ProcessBridgeAdapter.Configuration(command: command)
        guard persistent else {
            var processes = 0
            let results = await runner.run(cases) {
                processes += 1
                return try ProcessBridgeAdapter(configuration: configuration)
            }
            return (results, processes)
        }
        let testee = PersistentTestee(configuration: configuration)
        defer { testee.close() }
        let results = await runner.run(cases) { try ProcessBridgeAdapter(persistent: testee) }
        return (results, testee.processesStarted)
    }

    /// A case that checks nothing of the bridge: the runner attaches it, then `body` drives it.
    static func probe(
        _ name: String, body: @escaping @MainActor @Sendable (CaseContext) async throws -> Void = { _ in }
    ) -> ConformanceCase {
        ConformanceCase(
            id: "adapter-protocol.\(name)", clauses: [String](), level: .informational,
            summary: "a probe of the adapter protocol", body: body)
    }

    /// The native log lines of a result's transcript.
    static func nativeLog(_ result: CaseResult) -> [String] {
        PersistentTesteeTests.nativeLog(result)
    }

    // MARK: ADP-17.a: one endCase per case

    @Test(
        "ADP-17.a: the harness ends each case with one endCase, so a testee that refuses a second one keeps serving the run"
    )
    func endCaseOncePerCase() async throws {
        // A strict testee: an `endCase` right after an `endCase` ends no case, and it says so.
        let strict = Self.reply(
            "endCase", after: "endCase",
            [["stdout": #"{"error":"endCase, but no case is open","seq":$seq,"type":"done"}"#]])
        // A case that is not applicable sends nothing, not even `endCase` (ADP-17.f).
        let notApplicable = ConformanceCase(
            id: "adapter-protocol.needs-reset", clauses: [String](), level: .informational, requires: .reset,
            summary: "a probe the scripted testee cannot run"
        ) { _ in }
        var cases = ["one", "two", "three"].map { name in
            Self.probe(name) { context in try context.registerHandler("h") }
        }
        cases.insert(notApplicable, at: 1)
        let (results, processes) = try await Self.run(cases, replies: [strict])
        #expect(results.map(\.verdict) == [.pass, .notApplicable, .pass, .pass], "\(results.map(\.interruption))")
        #expect(processes == 1, "one process serves the run: the harness never sent endCase twice")
    }

    @Test(
        "ADP-17.a: endCase cannot fail: a done with an error is an adapter error of the case it ended, and the next case gets a fresh process"
    )
    func endCaseCannotFail() async throws {
        let failing = Self.reply(
            "endCase", after: "attach", [["stdout": #"{"error":"cannot let go","seq":$seq,"type":"done"}"#]])
        let cases = [Self.probe("first"), Self.probe("second") { context in try context.registerHandler("h") }]
        let (results, processes) = try await Self.run(cases, replies: [failing])
        #expect(results.map(\.verdict) == [.adapterError, .pass], "\(results.map(\.interruption))")
        #expect(
            results[0].interruption?.text.contains("during the end of the case") == true
                && results[0].interruption?.text.contains("cannot let go") == true,
            "\(results[0].interruption?.text ?? "")")
        #expect(processes == 2)
    }

    // MARK: ADP-17.a: nothing of an ended case reaches the next

    @Test(
        "ADP-17.a: a log effect written after the done of endCase is an adapter error of the case that ended, and never a line of the next case"
    )
    func nothingOfAnEndedCaseReachesTheNext() async throws {
        // Only the first case ends right after its attach: the fresh process the second case gets behaves.
        let leftover = Self.reply("endCase", after: "attach", [Self.done, Self.log("left over from the first case")])
        let cases = [Self.probe("first"), Self.probe("second") { context in try context.registerHandler("h") }]
        let (results, processes) = try await Self.run(cases, replies: [leftover])
        #expect(results[0].verdict == .adapterError, "\(results[0].interruption?.text ?? "")")
        let report = results[0].interruption?.text ?? ""
        #expect(
            report.contains("`log`") && report.contains("after the `done` of its `endCase`")
                && report.contains("ADP-17"), "\(report)")
        #expect(results[1].verdict == .pass, "\(results[1].interruption?.text ?? "")")
        #expect(!Self.nativeLog(results[1]).contains { $0.contains("left over") }, "\(Self.nativeLog(results[1]))")
        #expect(processes == 2, "the process that broke the protocol was ended")
    }

    @Test(
        "ADP-17.d: standard error a case leaves without a line feed when it ends is not joined to the next case's first line"
    )
    func halfALineStaysWithItsCase() async throws {
        let half = Self.reply(
            "endCase", occurrence: 1,
            [["stderrBase64": Data("half a line from the first case".utf8).base64EncodedString()], Self.done])
        let second = Self.reply("attach", occurrence: 2, [["stderr": "the second case"], Self.done])
        let (results, processes) = try await Self.run(
            [Self.probe("first"), Self.probe("second")],
            capabilities: ["stderr-marks", "persistent"], replies: [half, second])
        #expect(results.map(\.verdict) == [.pass, .pass], "\(results.map(\.interruption))")
        #expect(processes == 1)
        #expect(Self.nativeLog(results[1]) == ["the second case"])
    }

    // MARK: ADP-9: effects come between a request and its done

    @Test(
        "ADP-9: an effect written after its request's done, at the end of a case, is an adapter error, not the bridge's failure",
        arguments: [false, true])
    func effectAfterTheLastDone(persistent: Bool) async throws {
        let late = Self.reply(
            "navigation", [Self.done, ["stdout": #"{"navigation":$navigation,"policy":"allow","type":"decide"}"#]])
        let load = Self.probe("late-decision") { context in context.loadPage("") }
        let (results, _) = try await Self.run([load], persistent: persistent, replies: [late])
        let result = try #require(results.first)
        #expect(
            result.verdict == .adapterError,
            "\(result.verdict): \(result.interruption?.text ?? "") \(result.failures.map(\.description))")
        let report = result.interruption?.text ?? ""
        #expect(
            report.contains("`decide` after the `done` of seq 2 (`navigation`)") && report.contains("ADP-9"),
            "\(report)")
    }

    @Test(
        "ADP-9: an effect written after its request's done, before the next request, is an adapter error and is not performed"
    )
    func effectBeforeTheNextRequest() async throws {
        let late = Self.reply("registerHandler", occurrence: 1, [Self.done, Self.log("late")])
        let twoHandlers = Self.probe("late-log") { context in
            try context.registerHandler("a")
            try context.registerHandler("b")
        }
        let (results, _) = try await Self.run([twoHandlers], replies: [late])
        let result = try #require(results.first)
        #expect(result.verdict == .adapterError, "\(result.interruption?.text ?? "")")
        #expect(
            result.interruption?.text.contains("`log` after the `done` of seq 2 (`registerHandler`)") == true,
            "\(result.interruption?.text ?? "")")
        #expect(!Self.nativeLog(result).contains("late"))
    }

    // MARK: ADP-8, ADP-12, ADP-15: what a testee writes between a request and its done

    @Test("ADP-8: a done with an error ends the case as an adapter error quoting it")
    func doneWithAnError() async throws {
        let failing = Self.reply(
            "registerHandler", [["stdout": #"{"error":"no room for handler h","seq":$seq,"type":"done"}"#]])
        let (results, _) = try await Self.run(
            [Self.probe("failing") { context in try context.registerHandler("h") }], replies: [failing])
        let result = try #require(results.first)
        #expect(result.verdict == .adapterError, "\(result.interruption?.text ?? "")")
        #expect(
            result.interruption?.text.contains("no room for handler h") == true, "\(result.interruption?.text ?? "")")
    }

    @Test("ADP-12: a decision for a navigation the harness never issued is an adapter error")
    func decisionNobodyAskedFor() async throws {
        let stray = Self.reply(
            "attach", [["stdout": #"{"navigation":7,"policy":"allow","type":"decide"}"#], Self.done])
        let (results, _) = try await Self.run([Self.probe("stray-decision")], replies: [stray])
        let result = try #require(results.first)
        #expect(result.verdict == .adapterError, "\(result.interruption?.text ?? "")")
        #expect(
            result.interruption?.text.contains(
                "a decision for navigation 7, which the harness never asked for (ADP-12)")
                == true, "\(result.interruption?.text ?? "")")
    }

    @Test("ADP-12: a navigation decided twice is the bridge's failure (BOOT-1), not the transport's")
    func navigationDecidedTwice() async throws {
        let decision = #"{"navigation":$navigation,"policy":"allow","type":"decide"}"#
        let twice = Self.reply("navigation", [["stdout": decision], ["stdout": decision], Self.done])
        let (results, _) = try await Self.run(
            [Self.probe("decided-twice") { context in context.loadPage("") }], replies: [twice])
        let result = try #require(results.first)
        #expect(result.verdict == .fail, "\(result.verdict): \(result.interruption?.text ?? "")")
        #expect(result.failures.contains { $0.clause.hasPrefix("BOOT-1") }, "\(result.failures.map(\.description))")
    }

    @Test("a violation citing an obligation of appendix C fails the case under it; any other text is an adapter error")
    func violationCitesAnObligation() async throws {
        let violation = #"{"clause":"THR-1.a","message":"evaluated off the main thread","type":"violation"}"#
        let cited = Self.reply("attach", [["stdout": violation], Self.done])
        let (results, _) = try await Self.run([Self.probe("violation")], replies: [cited])
        let result = try #require(results.first)
        #expect(
            result.failures.map(\.obligation) == ["THR-1.a"], "\(result.verdict): \(result.interruption?.text ?? "")")
        let unknown = #"{"clause":"THR-1.z","message":"evaluated off the main thread","type":"violation"}"#
        let miscited = Self.reply("attach", [["stdout": unknown], Self.done])
        let (others, _) = try await Self.run([Self.probe("miscited-violation")], replies: [miscited])
        let other = try #require(others.first)
        #expect(other.verdict == .adapterError, "\(other.interruption?.text ?? "")")
        #expect(
            other.interruption?.text.contains(
                "a `violation` citing `THR-1.z`, which is no obligation of spec/protocol.md")
                == true, "\(other.interruption?.text ?? "")")
    }

    @Test("ADP-15: a message of a type the protocol does not have is an adapter error naming it")
    func unknownMessageType() async throws {
        let unknown = Self.reply("attach", [["stdout": #"{"type":"shout"}"#], Self.done])
        let (results, _) = try await Self.run([Self.probe("unknown-type")], replies: [unknown])
        let result = try #require(results.first)
        #expect(result.verdict == .adapterError, "\(result.interruption?.text ?? "")")
        #expect(
            result.interruption?.text.contains("unknown message type `shout`") == true,
            "\(result.interruption?.text ?? "")")
    }

    // MARK: ADP-2: UTF-8

    @Test("ADP-2: a message line that is not UTF-8 is an adapter error naming the byte, not a line with U+FFFD in it")
    func messageThatIsNotUTF8() async throws {
        let line = Data(#"{"message":"ab"#.utf8) + Data([0xFF]) + Data(#"cd","type":"log"}"#.utf8) + Data("\n".utf8)
        let attach = Self.reply("attach", [["stdoutBase64": line.base64EncodedString()], Self.done])
        let (results, _) = try await Self.run([Self.probe("not-utf8")], replies: [attach])
        let result = try #require(results.first)
        #expect(result.verdict == .adapterError, "\(result.interruption?.text ?? "")")
        let report = result.interruption?.text ?? ""
        #expect(report.contains("not UTF-8") && report.contains("byte 14") && report.contains("ADP-2"), "\(report)")
        #expect(!Self.nativeLog(result).contains { $0.contains("\u{FFFD}") })
    }

    @Test(
        "ADP-2: a message ends with its line feed: a done without one, before the testee exits, is no message, and the case is a crash"
    )
    func messageWithoutItsLineFeed() async throws {
        let attach: [String: Any] = [
            "to": "attach", "write": [["stdoutBase64": Data(#"{"seq":1,"type":"done"}"#.utf8).base64EncodedString()]],
            "exit": 0,
        ]
        let (results, _) = try await Self.run([Self.probe("unterminated")], replies: [attach])
        let result = try #require(results.first)
        #expect(result.verdict == .crash, "\(result.verdict): \(result.interruption?.text ?? "")")
        #expect(
            result.interruption?.text.contains("exited with status 0") == true, "\(result.interruption?.text ?? "")")
        #expect(
            result.interruption?.text.contains("its output ending in 23 bytes without a line feed (no message: ADP-2)")
                == true, "\(result.interruption?.text ?? "")")
    }

    @Test(
        "ADP-3: a standard error line that is not UTF-8 is free text: it is recorded, each bad sequence shown as U+FFFD"
    )
    func standardErrorThatIsNotUTF8() async throws {
        let line = Data("caf".utf8) + Data([0xE9]) + Data(" au lait\n".utf8)
        let attach = Self.reply("attach", [["stderrBase64": line.base64EncodedString()], Self.done])
        let (results, _) = try await Self.run(
            [Self.probe("latin-1")], capabilities: ["stderr-marks", "persistent"], replies: [attach])
        let result = try #require(results.first)
        #expect(result.verdict == .pass, "\(result.interruption?.text ?? "")")
        #expect(Self.nativeLog(result) == ["caf\u{FFFD} au lait"])
    }

    // MARK: ADP-18: bounds

    @Test(
        "ADP-18.a: a message line of exactly 16 MiB is read, and one byte more is an adapter error naming the limit",
        .fullTier,
        arguments: [AdapterWire.maximumLineLength, AdapterWire.maximumLineLength + 1])
    func messageLineLimitIsExact(length: Int) async throws {
        let attach = Self.reply(
            "attach", [["stdout": #"{"message":"$pad","type":"log"}"#, "length": length], Self.done])
        let (results, _) = try await Self.run([Self.probe("long-line")], replies: [attach])
        let result = try #require(results.first)
        if length <= AdapterWire.maximumLineLength {
            #expect(result.verdict == .pass, "\(result.interruption?.text ?? "")")
            let log = Self.nativeLog(result)
            #expect(
                log.count == 1
                    && log[0].contains("bytes of this line left out: a line keeps its first and last 32 KiB"),
                "\(log.map { $0.prefix(100) })")
        } else {
            #expect(result.verdict == .adapterError)
            #expect(
                result.interruption?.text.contains("a line longer than 16 MiB (16777216 bytes)") == true,
                "\(result.interruption?.text ?? "")")
        }
    }

    @Test(
        "ADP-18.c: a case records the first 256 KiB of native log, log effects and standard error together, and one line counts the rest; the next case's log is its own"
    )
    func logIsBoundedPerCase() async throws {
        let kilobyteLog = #"{"message":"log $i $pad","type":"log"}"#
        let flood = Self.reply(
            "attach", occurrence: 1,
            [
                ["stdout": kilobyteLog, "length": 1024 + 26, "times": 200],
                ["stderr": "stderr $i $pad", "length": 1024, "times": 200],
                ["stdout": kilobyteLog, "length": 1024 + 26, "times": 200],
                Self.done,
            ])
        let second = Self.reply("attach", occurrence: 2, [["stderr": "the second case"], Self.done])
        let (results, processes) = try await Self.run(
            [Self.probe("flood"), Self.probe("after-the-flood")],
            capabilities: ["stderr-marks", "persistent"], replies: [flood, second])
        #expect(results.map(\.verdict) == [.pass, .pass], "\(results.map(\.interruption))")
        #expect(processes == 1)
        let log = Self.nativeLog(results[0])
        let notes = log.filter { $0.contains("dropped") }
        #expect(notes.count == 1, "\(notes)")
        let note = try #require(notes.first)
        #expect(log.last == note, "the note ends the case's log")
        let match = try #require(
            note.firstMatch(
                of:
                    /^\[\.\.\. (\d+) more native log lines \((\d+) bytes\) dropped: a case records at most 256 KiB of native log/
            ), "\(note)")
        let kept = log.dropLast()
        #expect(kept.count + Int(match.1)! == 600, "every line is recorded or counted")
        #expect(kept.reduce(0) { $0 + $1.utf8.count } <= AdapterWire.logLimit)
        #expect(kept.first?.hasPrefix("log 1 ") == true && kept.contains { $0.hasPrefix("stderr 1 ") })
        #expect(Self.nativeLog(results[1]) == ["the second case"], "nothing of the flood reaches the next case")
    }
}

// MARK: ADP-19: the `web-view` capability

extension AdapterProtocolHarnessTests {
    @Test(
        "ADP-19: a testee whose hello does not offer web-view gets the requests it always got: no load events, no script messages, no new fields"
    )
    func testeeWithoutWebView() async throws {
        // The testee logs the type and fields of each request it gets, and allows every navigation.
        let fields: [String: Any] = ["stderr": "$type: $fields"]
        let allow: [String: Any] = ["stdout": #"{"navigation":$navigation,"policy":"allow","type":"decide"}"#]
        let (command, file) = try Self.scriptedTestee(
            ["stderr-marks", "persistent"],
            [Self.reply("navigation", [fields, allow, Self.done]), Self.reply("*", [fields, Self.done])])
        defer { try? FileManager.default.removeItem(at: file) }
        let testee = PersistentTestee(configuration: ProcessBridgeAdapter.Configuration(command: command))
        defer { testee.close() }
        // The case sets the app's delegate before the bridge attaches; this testee cannot hear of it.
        let probe = ConformanceCase(
            id: "adapter-protocol.without-web-view", clauses: [String](), level: .informational,
            hasAppNavigationDelegate: true, summary: "a probe of the adapter protocol"
        ) { context in
            context.loadPage("if (window.webkit) { conformance.note('webkit', true); }")
            try await context.runUntilIdle()
            context.reload()
        }
        let result = try await ConformanceRunner().run(probe) { try ProcessBridgeAdapter(persistent: testee) }
        #expect(result.verdict == .pass, "\(result.interruption?.text ?? "")")
        let log = Self.nativeLog(result)
        #expect(log.first == "attach: bridgeJavaScriptSource,seq,type", "\(log)")
        #expect(log.filter { $0 == "navigation: mainFrame,navigation,seq,type,url" }.count == 2, "\(log)")
        #expect(
            log.allSatisfy { $0.hasPrefix("attach: ") || $0.hasPrefix("navigation: ") || $0.hasPrefix("endCase: ") },
            "\(log)")
        #expect(result.transcript.events.contains(.pageLoaded(url: "https://app.example/index.html")))
        #expect(!result.transcript.events.contains { if case .appDelegateNotified = $0 { true } else { false } })
    }

    @Test(
        "ADP-19: an effect of web-view from a testee whose hello did not offer it is an adapter error naming the capability"
    )
    func webViewEffectWithoutTheCapability() async throws {
        let load = Self.reply(
            "attach", [["stdout": #"{"type":"load","url":"https://app.example/other.html"}"#], Self.done])
        let (results, _) = try await Self.run([Self.probe("load-without-web-view")], replies: [load])
        let result = try #require(results.first)
        #expect(result.verdict == .adapterError, "\(result.interruption?.text ?? "")")
        #expect(
            result.interruption?.text.contains(
                "`load`, an effect of the `web-view` capability, which its hello did not offer (ADP-19)")
                == true, "\(result.interruption?.text ?? "")")
        #expect(!result.transcript.events.contains(.pageRequested(url: "https://app.example/other.html")))
    }

    @Test(
        "ADP-21, ADP-22: a done with an error for a navigationEvent or a scriptMessage, which cannot fail, is an adapter error"
    )
    func pageEventsCannotFail() async throws {
        let capabilities = ["persistent", "web-view"]
        let handler = Self.reply(
            "attach", [["stdout": #"{"name":"probe","type":"addScriptMessageHandler"}"#], Self.done])
        let allow: [String: Any] = ["stdout": #"{"navigation":$navigation,"policy":"allow","type":"decide"}"#]
        let navigation = Self.reply("navigation", [allow, Self.done])
        for type in ["navigationEvent", "scriptMessage"] {
            let failing = Self.reply(type, [["stdout": #"{"error":"refused","seq":$seq,"type":"done"}"#]])
            let probe = Self.probe("failing-\(type)") { context in
                context.loadPage("window.webkit.messageHandlers.probe.postMessage(1);")
            }
            let (results, _) = try await Self.run(
                [probe], capabilities: capabilities, replies: [handler, navigation, failing])
            let result = try #require(results.first)
            #expect(result.verdict == .adapterError, "\(type): \(result.interruption?.text ?? "")")
            #expect(
                result.interruption?.text.contains(
                    "`done` with an error for a `\(type)` request, which cannot fail: refused")
                    == true, "\(result.interruption?.text ?? "")")
        }
    }
}

import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
import Testing

/// SIGINT, SIGTERM and SIGHUP in every verb that starts a testee: each ends the testee's whole process
/// group, writes what finished (and nothing of the case that was running), and exits 128 + the signal.
///
/// The tests wait on what they can observe, never on time: the testee `hang-in-call-handler` is stuck
/// once its main thread sleeps (`/proc/<pid>/syscall`), and the signal comes then. The limits on those
/// waits only keep a broken command from hanging the suite. The suite runs one test at a time: each
/// starts a `conformance` and a testee, and a dozen at once would starve a loaded 2-core machine.
@Suite("Signals in every verb", .serialized)
struct SignalTests {
    /// The verbs that start a testee.
    enum Verb: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case run, smoke, record, explore
        var testDescription: String { rawValue }
    }

    /// A case that passes on `hang-in-call-handler`, then one that hangs it (its native side calls a JS
    /// handler), in catalogue order.
    static let passingThenHanging = ["bootstrap.url-classification.https", "bootstrap.url-classification.wvjbscheme"]

    /// `hang-in-call-handler` with a child (`sleep 300`) in its process group, so that the whole group
    /// must be ended, not only the testee.
    static var stuckTesteeWithChild: String {
        "sh -c \"sleep 300 & exec \(OutOfProcessTests.testee("hang-in-call-handler"))\""
    }

    /// A fresh folder, removed by the caller.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `SIGINT`, `SIGTERM` or `SIGHUP`.
    static func name(_ number: Int32) -> String {
        [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][number] ?? "signal \(number)"
    }

    /// Every verb with every signal.
    static let verbsAndSignals: [(Verb, Int32)] = Verb.allCases.flatMap { verb in
        [SIGINT, SIGTERM, SIGHUP].map { (verb, $0) }
    }

    @Test(
        "each verb, on SIGINT, SIGTERM or SIGHUP with its testee stuck, ends the testee's group, writes what finished and exits 128 + the signal",
        .fullTier,
        arguments: verbsAndSignals)
    func stuckTesteeEndsOnEverySignal(verb: Verb, signal number: Int32) async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path, junit = folder.appendingPathComponent("out.xml").path
        let stuck = ["--adapter", Self.stuckTesteeWithChild, "--adapter-timeout", "600"]
        let selection = Self.passingThenHanging.flatMap { ["--case", $0] }
        let arguments: [String] =
            switch verb {
            case .run: ["run"] + stuck + selection + ["--report", "json:" + json]
            case .smoke: ["smoke"] + stuck
            case .record: ["record", "--golden-dir", folder.path] + stuck + selection
            case .explore:
                ["explore", "--seed", "1", "--runs", "1000", "--report", "json:" + json, "--report", "junit:" + junit]
                    + stuck
            }
        // The golden of the case that hangs exists already, and must stay as it is.
        let hangingGolden = folder.appendingPathComponent(Self.passingThenHanging[1] + ".json").path
        try "sentinel\n".write(toFile: hangingGolden, atomically: false, encoding: .utf8)

        let run = try WatchedRun(arguments, environment: ["CI": nil])
        defer { run.endLeftovers() }
        let stuckTestee = await run.waitForStuckTestee(timeout: 300)
        #expect(stuckTestee != nil, "the testee never got stuck: \(run.standardError)")
        let groups = run.children()
        let signalled = run.elapsed
        kill(run.processIdentifier, number)
        let status = await run.waitForExit(timeout: 120)
        let took = run.exitTime.map { String(format: "%.2f s", $0 - signalled) } ?? "-"
        let left = await WatchedRun.liveMembers(ofGroups: groups, timeout: 60)
        let name = Self.name(number)
        print(
            "\(verb.rawValue) on \(name): exit \(status.map(String.init) ?? "none") \(took) after the signal; processes of the testee groups \(groups) left: \(left.count)"
        )
        #expect(status == 128 + number, "\(run.standardOutput)\n\(run.standardError)")
        #expect(!groups.isEmpty && left.isEmpty, "testee groups \(groups) were ended, with the child: \(left)")
        #expect(run.standardError.contains("conformance: \(name): ending the testees, then "), "\(run.standardError)")

        let output = run.standardOutput
        switch verb {
        case .run:
            #expect(
                output.hasPrefix("1 of 2 cases against ")
                    && output.contains(": 1 pass; 1 not run (interrupted by \(name))"), "\(output)")
            let document = try RunSafetyTests.validReport(try String(contentsOfFile: json, encoding: .utf8))
            let members = try #require(RunSafetyTests.members(document))
            #expect(
                members["stopped"]
                    == .object([
                        "reason": .string("interrupted"), "message": .string("interrupted by \(name)"),
                        "notRun": .array([.string(Self.passingThenHanging[1])]),
                    ]))
            guard case .array(let cases)? = members["cases"] else { Issue.record("no cases: \(document)"); return }
            #expect(cases.compactMap { RunSafetyTests.members($0)?["id"] } == [.string(Self.passingThenHanging[0])])
        case .smoke:
            #expect(
                output.contains(
                    "ok      the adapter attaches and the page loads\nok      the bridge injects the JS side on __bridge_loaded__\n"
                ), "\(output)")
            #expect(
                output.contains(
                    "interrupted by \(name): 2 of 4 steps not run (one native call reaches a JS handler; one JS call reaches a native handler)"
                ),
                "\(output)")
            #expect(!output.contains("wired up;"), "smoke concludes nothing from half its steps: \(output)")
        case .record:
            #expect(
                output.contains("recorded " + folder.appendingPathComponent(Self.passingThenHanging[0] + ".json").path),
                "\(output)")
            #expect(
                output.contains("1 recorded, 0 unchanged, 0 missing or stale, 1 not run (interrupted by \(name))"),
                "\(output)")
            #expect(
                try String(contentsOfFile: hangingGolden, encoding: .utf8) == "sentinel\n",
                "the case that did not finish is never recorded")
            let recorded = try String(
                contentsOfFile: folder.appendingPathComponent(Self.passingThenHanging[0] + ".json").path,
                encoding: .utf8)
            #expect(recorded.contains("\"event\""), "the case that finished is recorded: \(recorded)")
        case .explore:
            // The program running when the signal came is dropped; those before it (none or a few) count.
            #expect(output.hasPrefix("explore: ") && output.contains(" of 1000 programs against "), "\(output)")
            #expect(output.contains("interrupted: the program running then was dropped"), "\(output)")
            let document = try RunSafetyTests.validReport(try String(contentsOfFile: json, encoding: .utf8))
            #expect(
                RunSafetyTests.members(document)?["stopped"]
                    == .object([
                        "reason": .string("interrupted"), "message": .string("interrupted by \(name)"),
                        "notRun": .array([.string("explore.seed-1")]),
                    ]), "an interrupted exploration's report says so, its case not run: \(document)")
            #expect(
                RunSafetyTests.members(document)?["cases"] == .array([]),
                "an exploration cut short is not a pass: \(document)")
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("skipped=\"1\""), "the JUnit report skips the exploration: \(xml)")
        }
    }

    @Test(
        "run, on SIGINT during the exploration after its cases, ends the testee's group, writes the cases and the programs that ran, and exits 130",
        .fullTier)
    func interruptedExploration() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path
        // The case passes on the testee; the first program whose native side calls a JS handler leaves it stuck.
        let run = try WatchedRun(
            [
                "run", "--adapter", Self.stuckTesteeWithChild, "--adapter-timeout", "600", "--case",
                Self.passingThenHanging[0], "--explore", "1000", "--report", "json:" + json,
            ], environment: ["CI": nil])
        defer { run.endLeftovers() }
        let (stuck, status, left) = await run.interruptWhenStuck()
        #expect(stuck, "the testee never got stuck: \(run.standardError)")
        #expect(status == 130, "\(run.standardOutput)\n\(run.standardError)")
        #expect(left.isEmpty)
        #expect(
            run.standardOutput.contains(": 1 pass; the exploration after them interrupted by SIGINT\n"),
            "\(run.standardOutput)")
        #expect(run.standardOutput.contains(" of 1000 programs against the reference bridge"), "\(run.standardOutput)")
        let document = try RunSafetyTests.validReport(try String(contentsOfFile: json, encoding: .utf8))
        let members = try #require(RunSafetyTests.members(document))
        #expect(members["stopped"].flatMap(RunSafetyTests.members)?["reason"] == .string("interrupted"))
        guard case .object(let exploration)? = members["exploration"],
            case .number(let ran)? = exploration["programsRun"]
        else {
            Issue.record("no exploration in the report: \(document)")
            return
        }
        #expect(ran < 1000, "the program running when the signal came is dropped")
    }

    @Test("a harness killed with SIGKILL takes its stuck testee's whole group with it (the group watchdog)")
    func killedHarnessLeavesNoTestee() async throws {
        let run = try WatchedRun(
            [
                "run", "--adapter", Self.stuckTesteeWithChild, "--adapter-timeout", "600", "--case",
                Self.passingThenHanging[1],
            ],
            environment: ["CI": nil])
        defer { run.endLeftovers() }
        let testee = await run.waitForStuckTestee(timeout: 300)
        #expect(testee != nil, "the testee never got stuck: \(run.standardError)")
        let groups = run.children()
        kill(run.processIdentifier, SIGKILL)
        _ = await run.waitForExit(timeout: 120)
        let left = await WatchedRun.liveMembers(ofGroups: groups, timeout: 60)
        #expect(left.isEmpty, "the testee group \(groups) outlived its harness: \(left)")
    }

    @Test("a verb started with SIGINT ignored (as a shell starts a script's background job) still stops on it")
    func inheritedIgnoredInterrupt() async throws {
        let words = [
            CLITests.executable.path, "smoke", "--adapter", OutOfProcessTests.testee("hang-in-call-handler"),
            "--adapter-timeout", "600",
        ]
        let command =
            "trap '' INT; exec "
            + words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let run = try WatchedRun(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
        defer { run.endLeftovers() }
        let (stuck, status, left) = await run.interruptWhenStuck()
        #expect(stuck, "\(run.standardError)")
        #expect(status == 130, "\(run.standardOutput)\n\(run.standardError)")
        #expect(left.isEmpty)
        #expect(run.standardOutput.contains("interrupted by SIGINT: 2 of 4 steps not run"), "\(run.standardOutput)")
    }

    @Test(
        "SIGHUP with the terminal gone (writes to standard output and error fail): the reports are still written, exit 129"
    )
    func hangupWithTheTerminalGone() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path
        let process = Process()
        process.executableURL = CLITests.executable
        process.arguments =
            [
                "run", "--adapter", OutOfProcessTests.testee("hang-in-call-handler"), "--adapter-timeout", "600",
                "--progress", "always", "--report", "json:" + json,
            ] + Self.passingThenHanging.flatMap { ["--case", $0] }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exited = ChangeSignal()
        process.terminationHandler = { _ in exited.notify() }
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let testee = await WatchedRun.waitForStuckChild(of: process.processIdentifier, timeout: 300)
        #expect(testee != nil)
        // The terminal closes: nothing reads what the command writes any more.
        try output.fileHandleForReading.close()
        try errors.fileHandleForReading.close()
        kill(process.processIdentifier, SIGHUP)
        guard await exited.wait(until: { !process.isRunning }, timeout: 120) else {
            Issue.record("still running 120 s after SIGHUP")
            return
        }
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 129,
            "\(process.terminationReason) \(process.terminationStatus)")
        let document = try RunSafetyTests.validReport(try String(contentsOfFile: json, encoding: .utf8))
        #expect(
            RunSafetyTests.members(RunSafetyTests.members(document)?["stopped"])?["message"]
                == .string("interrupted by SIGHUP"))
        if let testee { #expect(await WatchedRun.liveMembers(ofGroups: [testee], timeout: 60).isEmpty) }
    }
}

extension WatchedRun {
    /// Waits until the testee is stuck, sends SIGINT, and waits for this process to exit.
    /// - Returns: Whether the testee got stuck, the exit status (nil when it did not exit), and the live members of
    ///   the testee groups once they are ended.
    func interruptWhenStuck() async -> (stuck: Bool, status: Int32?, left: [String]) {
        let stuck = await waitForStuckTestee(timeout: 300) != nil
        let groups = children()
        kill(processIdentifier, SIGINT)
        let status = await waitForExit(timeout: 120)
        return (stuck, status, await Self.liveMembers(ofGroups: groups, timeout: 60))
    }

    /// Waits until a child of this process (a testee) is stuck: its main thread sleeps, as
    /// `hang-in-call-handler` does in `callHandler` (a testee waiting for input polls instead).
    /// - Returns: The child's process identifier, or nil after `timeout` seconds.
    func waitForStuckTestee(timeout: Double) async -> Int32? {
        let found = await Self.waitForStuckChild(of: processIdentifier, timeout: timeout)
        _ = children()
        return found
    }

    /// Waits until a child of `parent` sleeps in `nanosleep` or `clock_nanosleep` on its main thread.
    /// - Returns: The child's process identifier, or nil after `timeout` seconds.
    static func waitForStuckChild(of parent: Int32, timeout: Double) async -> Int32? {
        var stuck: Int32?
        _ = await ProcStat.poll(
            until: {
                stuck = ProcStat.children(of: parent).first(where: sleepsOnMainThread)
                return stuck != nil
            }, timeout: timeout)
        return stuck
    }

    /// Whether process `pid`'s main thread sleeps in `nanosleep` or `clock_nanosleep`.
    static func sleepsOnMainThread(_ pid: Int32) -> Bool {
        // `/proc/<pid>/syscall` starts with the number of the system call the thread is blocked in.
        let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8))?.split(separator: " ").first
        return call == "230" || call == "35"  // clock_nanosleep, nanosleep (x86-64)
    }

    /// The processes whose parent is `parent`.
    static func childProcesses(of parent: Int32) -> [Int32] { ProcStat.children(of: parent) }

    /// The live (not zombie) processes of the process groups `groups`, once none is left or after
    /// `timeout` seconds: a group SIGKILL takes a moment to reach every member.
    static func liveMembers(ofGroups groups: [Int32], timeout: Double) async -> [String] {
        await ProcessExits.liveMembers(ofGroups: groups, timeout: timeout)
    }
}

import Foundation
import TestTiers
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit

/// How the harness supervises out-of-process testees (`spec/adapter-protocol.md`, ADP-1, ADP-13 and
/// ADP-18), with a process per case and with one process for the run: each testee leads a process group
/// that is ended whole, a testee is judged by its own exit, and nothing it writes or does makes the
/// harness hold unbounded memory or descriptors.
///
/// Linux only: the checks read `/proc`.
@Suite(
    "Testee supervision: process groups, bounded memory and descriptors", .serialized,
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
struct TesteeSupervisionTests {
    /// Cases that pass on the reference; JS calls a native handler in the second only (where
    /// `crash-with-child` crashes).
    static let threeCases = [
        "startup.calls-before-load.delivered-in-order", "messages.js-to-native.data-forms",
        "bootstrap.url-classification.https",
    ]

    /// `ids`, from the catalogue, in that order.
    static func cases(_ ids: [String]) throws -> [ConformanceCase] {
        try ids.map { id in try #require(Catalogue.case(withID: id), "\(id)") }
    }

    /// The native log lines of a result's transcript.
    static func nativeLog(_ result: CaseResult) -> [String] {
        result.transcript.events.compactMap { event -> String? in
            if case .nativeLog(let line) = event { return line }
            return nil
        }
    }

    /// Runs `ids` against `conformance-testees <mode>`, with a process per case or one kept for the run
    /// (closed before this returns).
    @MainActor
    static func run(_ mode: String, _ ids: [String], persistent: Bool, timeout: Double = 10) async throws
        -> [CaseResult]
    {
        let runner = try ConformanceRunner()
        let cases = try Self.cases(ids)
        let configuration = ProcessBridgeAdapter.Configuration(
            command: OutOfProcessTests.testee(mode), responseTimeout: timeout)
        guard persistent else {
            return await runner.run(cases) { try ProcessBridgeAdapter(configuration: configuration) }
        }
        let testee = PersistentTestee(configuration: configuration)
        defer { testee.close() }
        return await runner.run(cases) { try ProcessBridgeAdapter(persistent: testee) }
    }

    /// The process groups (and children) the testees of `results` logged: `<mode>: group <g> process <p>[ child <c>]`.
    static func loggedGroups(_ results: [CaseResult]) -> [(group: pid_t, child: pid_t?)] {
        results.flatMap(Self.nativeLog).compactMap { line in
            guard let match = line.firstMatch(of: /: group (\d+) process \d+(?: child (\d+))?$/),
                let group = pid_t(match.1)
            else { return nil }
            return (group, match.2.flatMap { pid_t($0) })
        }
    }

    /// The processes of `group` that are not zombies, as `<pid> <state> <name>`, from `/proc`.
    static func liveMembers(of group: pid_t) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // `<pid> (<name>) <state> <ppid> <pgrp> ...`: the name may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == group, fields[0] != "Z" else { return nil }
            return "\(entry) \(fields[0]) \(stat[..<close].drop { $0 != "(" })"
        }
    }

    /// Waits up to two seconds for `group` to have no process at all: none alive, none left a zombie
    /// (`kill(-group, 0)` fails with ESRCH).
    /// - Returns: What remains: live members, or `zombies` when only unreaped ones do.
    static func remains(of group: pid_t) async -> [String] {
        // The live members' exits are events; what is left then is zombies, whose reaping by their parent is
        // not, so only that last part checks again on a short period.
        _ = await ProcessExits.liveMembers(ofGroups: [group], timeout: 2)
        var remains: [String] = []
        _ = await ProcStat.poll(
            until: {
                let live = liveMembers(of: group)
                let gone = kill(-group, 0) == -1 && errno == ESRCH
                remains = live.isEmpty && !gone ? ["zombies"] : live
                return gone
            }, timeout: 2)
        return remains
    }

    @Test(
        "a child holding the testee's standard output is ended with the testee's group, at the end of each case or of the run",
        arguments: [false, true])
    func childEndsWithTheGroup(persistent: Bool) async throws {
        let results = try await Self.run("spawns-child", Self.threeCases, persistent: persistent)
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results.map(\.interruption))")
        let groups = Self.loggedGroups(results)
        #expect(groups.count == (persistent ? 1 : 3), "a group per process: \(groups)")
        for (group, child) in groups {
            #expect(child != nil)
            #expect(await Self.remains(of: group) == [], "group \(group) (child \(child ?? 0))")
            #expect(!TesteeProcessGroups.live.contains(group))
        }
    }

    @Test(
        "a testee that crashes while its child holds standard output gets `crash` at once, from its exit status, not `timeout`",
        .fullTier,
        arguments: [false, true])
    func crashWithChildIsACrash(persistent: Bool) async throws {
        // Generous, so that a loaded machine cannot reach it: a crash seen only when the watchdog fired would take
        // this long and be a `timeout`; the exit status gives `crash` in well under a second when idle.
        let watchdog = 60.0
        let started = ContinuousClock.now
        let results = try await Self.run("crash-with-child", Self.threeCases, persistent: persistent, timeout: watchdog)
        let elapsed = ContinuousClock.now - started
        #expect(results.map(\.verdict) == [.pass, .crash, .pass], "\(results.map(\.interruption))")
        let report = results[1].interruption?.text ?? ""
        #expect(
            report.contains("was killed by signal") && report.contains("deliberate crash in native handler"),
            "\(report)")
        #expect(elapsed < .seconds(watchdog), "the crash was seen before the watchdog: \(elapsed)")
        for (group, _) in Self.loggedGroups(results) {
            #expect(await Self.remains(of: group) == [], "group \(group)")
        }
    }

    @Test(
        "a testee that ignores SIGTERM and the end of its input is killed with its group, and listed only while it runs",
        arguments: [false, true])
    @MainActor
    func testeeThatIgnoresTheEnd(persistent: Bool) async throws {
        let ids = Array(Self.threeCases.prefix(2))
        let results: [CaseResult]
        if persistent {
            let runner = try ConformanceRunner()
            let testee = PersistentTestee(configuration: .init(command: OutOfProcessTests.testee("ignores-eof")))
            results = await runner.run(try Self.cases(ids)) { try ProcessBridgeAdapter(persistent: testee) }
            let running = try #require(testee.runningProcess?.processIdentifier)
            #expect(TesteeProcessGroups.live.contains(running), "listed while it runs")
            testee.close()
        } else {
            results = try await Self.run("ignores-eof", ids, persistent: false)
        }
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results.map(\.interruption))")
        let groups = Self.loggedGroups(results)
        #expect(groups.count == (persistent ? 1 : 2), "\(groups)")
        for (group, _) in groups {
            #expect(await Self.remains(of: group) == [], "group \(group)")
            #expect(!TesteeProcessGroups.live.contains(group))
        }
    }

    @Test("TesteeProcessGroups.endAll() ends every live testee group, as the CLI does on SIGINT or SIGTERM")
    func endAllEndsEveryGroup() async throws {
        // In a process of its own: here it would end the testees of the suites that run meanwhile.
        let testees = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "conformance-testees")
        let helper = try await CLITests.runProgram(testees, ["ends-all-groups"])
        let text = helper.standardOutput
        #expect(helper.status == 0, "\(text) \(helper.standardError)")
        let groups = try #require(text.firstMatch(of: /groups: ([\d ]+)/)).1.split(separator: " ").compactMap {
            pid_t($0)
        }
        #expect(groups.count == 2, "\(text)")
        for group in groups {
            #expect(
                await ProcessExits.liveMembers(ofGroups: [group], timeout: 2) == [],
                "group \(group): its testee ignores end of input and SIGTERM")
            // The helper exited without reaping them; where this process is their reaper, it reaps them.
            while waitpid(-group, nil, WNOHANG) > 0 {}
        }
    }

    @Test(
        "a message line past 16 MiB is an adapter error naming the limit (ADP-18), and the harness stays under 256 MB",
        .fullTier,
        arguments: [false, true])
    func floodingTestee(persistent: Bool) async throws {
        let results = try await Self.run(
            "floods-without-newline", Array(Self.threeCases.prefix(2)), persistent: persistent)
        for result in results {
            #expect(result.verdict == .adapterError, "\(result.caseID): \(result.interruption?.text ?? "")")
            #expect(
                result.interruption?.text.contains(
                    "a line longer than 16 MiB (16777216 bytes), the limit of a message line (ADP-18)") == true,
                "\(result.interruption?.text ?? "")")
        }
        let peak = try await Self.peakResidentMegabytes(of: [
            "run", "--adapter", OutOfProcessTests.testee("floods-without-newline"),
            "--testee-lifetime", persistent ? "run" : "case", "--case", "messages.**",
        ])
        print(
            "peak RSS of `conformance run` with floods-without-newline (\(persistent ? "run" : "case")): \(peak.megabytes) MB"
        )
        #expect(peak.status == 78, "peak RSS \(peak.megabytes) MB, exit \(peak.status)")
        #expect(peak.megabytes <= 256, "peak RSS \(peak.megabytes) MB, exit \(peak.status)")
    }

    @Test(
        "40 native handler calls of 10 MB in one case: an adapter error at 64 MiB of messages (ADP-18.d), and the harness stays under 512 MB",
        .fullTier,
        arguments: [false, true])
    func floodOfHandlerCalls(persistent: Bool) async throws {
        // A case whose native side registers a handler: the testee floods it.
        let results = try await Self.run("floods-handler-calls", [Self.threeCases[1]], persistent: persistent)
        for result in results {
            #expect(result.verdict == .adapterError, "\(result.caseID): \(result.interruption?.text ?? "")")
            #expect(
                result.interruption?.text.contains(
                    "more than 64 MiB of messages in one case, the limit of a case (ADP-18.d)") == true,
                "\(result.interruption?.text ?? "")")
        }
        let peak = try await Self.peakResidentMegabytes(of: [
            "run", "--adapter", OutOfProcessTests.testee("floods-handler-calls"),
            "--testee-lifetime", persistent ? "run" : "case", "--case", "messages.js-to-native.**",
        ])
        print(
            "peak RSS of `conformance run` with floods-handler-calls (\(persistent ? "run" : "case")): \(peak.megabytes) MB"
        )
        // Each case holds what its first 64 MiB of messages make it hold (three copies of a 10 MB string, at
        // most seven times); without the limit, 7.1 GB for one case.
        #expect(peak.status == 78, "peak RSS \(peak.megabytes) MB, exit \(peak.status)")
        #expect(peak.megabytes <= 512, "peak RSS \(peak.megabytes) MB, exit \(peak.status)")
    }

    @Test(
        "a 50 MB standard error line keeps its first and last 32 KiB, a case's log at most 256 KiB, and the harness stays under 256 MB",
        .fullTier,
        arguments: [false, true])
    func hugeLogLines(persistent: Bool) async throws {
        let results = try await Self.run("huge-log-lines", Self.threeCases, persistent: persistent)
        for result in results {
            #expect(result.verdict == .pass, "\(result.caseID): \(result.interruption?.text ?? "")")
            let log = Self.nativeLog(result)
            let cut = log.filter {
                $0.contains("bytes of this line left out: a line keeps its first and last 32 KiB (ADP-18)")
            }
            #expect(cut.count == 1, "\(result.caseID)")
            #expect(cut.allSatisfy { $0.hasPrefix("yyyy") && $0.hasSuffix("yyyy") && $0.utf8.count < 64 * 1024 + 200 })
            #expect(cut.first?.contains(" [... \(50_000_000 - 64 * 1024) bytes of this line left out") == true)
            #expect(log.reduce(0) { $0 + $1.utf8.count } <= AdapterWire.logLimit + 200)
        }
        let peak = try await Self.peakResidentMegabytes(of: [
            "run", "--adapter", OutOfProcessTests.testee("huge-log-lines"),
            "--testee-lifetime", persistent ? "run" : "case", "--case", "messages.js-to-native.**",
        ])
        print(
            "peak RSS of `conformance run` with huge-log-lines (\(persistent ? "run" : "case")): \(peak.megabytes) MB")
        #expect(peak.status == 0)
        #expect(peak.megabytes <= 256, "peak RSS \(peak.megabytes) MB, exit \(peak.status)")
    }

    @Test(
        "a testee that sends 4,000 one-KB log effects in one case leaves reports with at most 256 KiB of its log, and the harness stays under 256 MB (ADP-18)",
        .fullTier
    )
    func floodOfLogEffects() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("log-flood-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flood = AdapterProtocolHarnessTests.reply(
            "attach",
            [
                ["stdout": #"{"message":"log $i $pad","type":"log"}"#, "length": 1050, "times": 4_000],
                AdapterProtocolHarnessTests.done,
            ])
        let (command, script) = try AdapterProtocolHarnessTests.scriptedTestee(["persistent"], [flood])
        defer { try? FileManager.default.removeItem(at: script) }
        let junit = folder.appendingPathComponent("report.xml"), json = folder.appendingPathComponent("report.json")
        let peak = try await Self.peakResidentMegabytes(of: [
            "run", "--adapter", command, "--case", "startup.calls-before-load.delivered-in-order",
            "--report", "junit:" + junit.path, "--report", "json:" + json.path,
        ])
        let sizes = try [junit, json].map {
            try #require(FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int)
        }
        print(
            "4,000 one-KB log effects in one case: peak RSS \(peak.megabytes) MB, JUnit \(sizes[0]) bytes, JSON \(sizes[1]) bytes"
        )
        #expect(peak.status == 1, "the scripted testee is no bridge: the case fails")
        #expect(peak.megabytes <= 256)
        #expect(sizes.allSatisfy { $0 < AdapterWire.logLimit + 64 * 1024 }, "\(sizes)")
        let report = try String(contentsOf: junit, encoding: .utf8)
        #expect(report.contains("3744 more native log lines"), "one line counts what was dropped")
    }

    @Test(
        "the lines before one message keep the first 256 KiB and count the rest, and lines written ahead of the messages keep at most 1 MiB (ADP-18)",
        .fullTier
    )
    func standardErrorBeforeOneMessageIsBounded() async throws {
        let standardError = TesteeStandardError()
        let padding = String(repeating: "-", count: 100)
        for number in 0..<20_000 { standardError.append("line \(number) \(padding)") }
        standardError.append(AdapterWire.standardErrorMark)
        let lines = try #require(standardError.lines(beforeMark: 1, deadline: Date()))
        #expect(lines.lines.first?.hasPrefix("line 0 ") == true)
        #expect(lines.lines.count + lines.droppedLines == 20_000, "every line is kept or counted")
        #expect(
            lines.keptBytes == lines.lines.reduce(0) { $0 + $1.utf8.count } && lines.keptBytes <= AdapterWire.logLimit)
        #expect(lines.keptBytes > AdapterWire.logLimit - 200, "the first lines that fit are kept")
        // A testee that writes ahead of its messages: the marks come, the messages not yet.
        for mark in 0..<8 {
            for number in 0..<2_000 { standardError.append("ahead \(mark) \(number) \(padding)") }
            standardError.append(AdapterWire.standardErrorMark)
        }
        var keptAhead = 0
        for mark in 2...9 {
            let segment = try #require(standardError.lines(beforeMark: mark, deadline: Date()))
            #expect(segment.lines.count + segment.droppedLines == 2_000)
            keptAhead += segment.keptBytes
        }
        #expect(
            keptAhead <= AdapterWire.standardErrorBacklogLimit
                && keptAhead > AdapterWire.standardErrorBacklogLimit - 200, "\(keptAhead)")
    }

    @Test(
        "the harness holds as many descriptors after 60 out-of-process cases as after 1", .fullTier,
        arguments: [false, true])
    @MainActor
    func descriptorsAreClosed(persistent: Bool) async throws {
        let count = ProcessInfo.processInfo.environment["TESTEE_SUPERVISION_CASES"].flatMap { Int($0) } ?? 60
        let runner = try ConformanceRunner()
        let oneCase = try Self.cases([Self.threeCases[0]])
        let configuration = ProcessBridgeAdapter.Configuration(command: OutOfProcessTests.testee("reference"))
        let testee = persistent ? PersistentTestee(configuration: configuration) : nil
        let factory: AdapterFactory = {
            if let testee { return try ProcessBridgeAdapter(persistent: testee) }
            return try ProcessBridgeAdapter(configuration: configuration)
        }
        let first = await runner.run(oneCase, adapter: factory)
        let afterOne = try Self.openDescriptors()
        let rest = await runner.run(Array(repeating: oneCase[0], count: count - 1), adapter: factory)
        let afterMany = try Self.openDescriptors()
        testee?.close()
        print(
            "descriptors of the test process (\(persistent ? "one process for the run" : "a process per case")): \(afterOne) after 1 case, \(afterMany) after \(count)"
        )
        #expect((first + rest).allSatisfy { $0.verdict == .pass })
        // Other suites run meanwhile in this process and open descriptors of their own: a leak of even one
        // per case would show as dozens more than that allowance.
        #expect(afterMany <= afterOne + 16, "\(afterOne) after 1 case, \(afterMany) after \(count)")
    }

    /// The number of descriptors this process has open.
    static func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// Runs `conformance` with `arguments` and returns its exit status and peak resident set (`VmHWM`), read
    /// while it runs.
    ///
    /// The child is spawned and reaped here, not by `Process`: once Foundation has reaped a child and before
    /// `isRunning` turns false, its pid (of 32,768 here, with thousands of testees started by the tests) can
    /// already name another process, whose `VmHWM` was then read as the harness's; that is how one CI run
    /// measured 1786 MB for a harness that peaks at 110 MB. A child not yet reaped keeps its pid. (`wait4`'s
    /// `ru_maxrss` is no way out: a spawned child inherits this process's high-water mark at `exec`.)
    static func peakResidentMegabytes(of arguments: [String]) async throws -> (status: Int32, megabytes: Int) {
        try await CLITests.onOwnThread { try peakResidentMegabytesBlocking(of: arguments) }
    }

    private static func peakResidentMegabytesBlocking(of arguments: [String]) throws -> (status: Int32, megabytes: Int)
    {
        let path = CLITests.executable.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var peakKilobytes = 0
        var status: Int32 = 0
        while true {
            if let kilobytes = highWaterKilobytes(of: child) { peakKilobytes = max(peakKilobytes, kilobytes) }
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child { break }
            guard reaped == 0 || errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            usleep(2_000)
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions; a signal shows as 128 + its number.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, (peakKilobytes + 1023) / 1024)
    }

    /// The `VmHWM` of `process`, in kilobytes; nil once it has exited (a zombie has no memory).
    private static func highWaterKilobytes(of process: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}

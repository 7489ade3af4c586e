import ConformanceFixtures
import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `conformance run` as a long-running command: reports that never destroy what they are written onto,
/// checked before the run; exit-status precedence; progress lines; the early stop on a stuck testee; and
/// SIGINT / SIGTERM, which end the testees and still write the reports.
@Suite("Reports, progress and interruption")
struct RunSafetyTests {
    /// A small selection that passes on the reference.
    static let fewCases = ["--case", "escaping.line-terminators.**"]

    /// Four cases that hang `hang-in-call-handler` (their native side calls a JS handler), so that three timeouts
    /// come in a row and a case is left not run; the whole catalogue would pass cases between its timeouts.
    static let fourHangingCases = [
        "--case", "messages.native-to-js.keys", "--case", "messages.js-to-native.response-json-forms",
        "--case", "messages.js-to-native.response-or-call-by-key", "--case", "messages.protocol-words-in-data",
    ]

    /// A fresh folder, removed by the caller.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The file type `lstat` sees at `path` (the entry itself, not what a symlink points to).
    static func entryType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// The members of a JSON object, or nil.
    static func members(_ value: JSONValue?) -> [String: JSONValue]? {
        if case .object(let members)? = value { members } else { nil }
    }

    /// The JSON report `text`, parsed and checked against its schema.
    static func validReport(_ text: String) throws -> JSONValue {
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/report.schema.json"), encoding: .utf8))
        let document = try JSONParser.parse(text)
        let violations = JSONSchemaValidator(schema: schema).violations(of: document)
        #expect(violations.isEmpty, "\(violations)")
        return document
    }

    @Test("a report path that is a symlink, a FIFO, a character device or `-` is written through, never replaced")
    func reportsWriteThrough() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.json").path,
            link = folder.appendingPathComponent("link.json").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.json")
        let fifo = folder.appendingPathComponent("fifo.xml").path
        #expect(mkfifo(fifo, 0o644) == 0)
        // The FIFO's reader: open blocks until conformance opens the FIFO to write.
        let fromFIFO = LockedValue<Data?>(nil), readerDone = ChangeSignal()
        let reader = Thread {
            fromFIFO.withLock { $0 = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() }
            readerDone.notify()
        }
        reader.start()

        let output = try await CLITests.run(
            ["run", "--adapter", "reference"] + Self.fewCases + [
                "--report", "json:" + link, "--report", "junit:" + fifo, "--report", "markdown:-", "--report",
                "junit:/dev/null",
            ])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(Self.entryType(link) == S_IFLNK, "the symlink is kept")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.json")
        #expect(
            Self.members(try Self.validReport(try String(contentsOfFile: target, encoding: .utf8)))?["total"] != nil)
        #expect(Self.entryType(fifo) == S_IFIFO, "the FIFO is kept")
        _ = await readerDone.wait(until: { fromFIFO.withLock { $0 } != nil }, timeout: 10)
        let xml = try #require(fromFIFO.withLock { $0 })
        #expect(XMLParser(data: xml).parse(), "the reader got the whole JUnit report")
        #expect(Self.entryType("/dev/null") == S_IFCHR, "/dev/null is still a device")
        // `-`: the Markdown report on standard output, after the summary.
        let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasSuffix("pass") == true, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("\n# WVJB conformance: `reference`\n"))
    }

    @Test("`/dev/stdout` and `/proc/self/fd/1` are written through to standard output")
    func reportToStandardOutputDevice() async throws {
        for path in ["/dev/stdout", "/proc/self/fd/1"] {
            let output = try await CLITests.run(
                ["run", "--adapter", "reference"] + Self.fewCases + ["--report", "json:" + path])
            #expect(output.status == 0, "\(path): \(output.standardError)")
            let json = try #require(
                output.standardOutput.split(separator: "\n").last { $0.hasPrefix("{") },
                "\(path): \(output.standardOutput)")
            _ = try Self.validReport(String(json))
        }
    }

    @Test("a report, or a baseline to update, that cannot be written is a configuration error before any case runs")
    func badDestinationsStopBeforeTheRun() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missingFolder = folder.appendingPathComponent("no-such-folder/out.json").path
        let cases: [(arguments: [String], message: String)] = [
            (["--report", "json:" + folder.path], "\(folder.path) is a folder"),
            (["--report", "junit:" + missingFolder], "its folder \(folder.path)/no-such-folder does not exist"),
            (
                [
                    "--report", "json:" + folder.appendingPathComponent("fine.json").path, "--report",
                    "markdown:" + folder.path,
                ], "markdown report cannot be written"
            ),
            (["--baseline", folder.path, "--update-baseline"], "the baseline cannot be written"),
        ]
        // An adapter that leaves a mark when it starts: refused before the run, it never does.
        let marker = folder.appendingPathComponent("adapter-started").path
        let adapter = "sh -c \"touch '\(marker)'; exec \(OutOfProcessTests.testee("hang-in-call-handler"))\""
        for (arguments, message) in cases {
            let output = try await CLITests.run(["run", "--adapter", adapter, "--adapter-timeout", "30"] + arguments)
            #expect(output.status == 78, "\(arguments): \(output.standardError)")
            #expect(output.standardError.contains(message), "\(arguments): \(output.standardError)")
            #expect(output.standardOutput.isEmpty, "no case ran: \(output.standardOutput)")
            #expect(!FileManager.default.fileExists(atPath: marker), "\(arguments): the adapter was started")
        }
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("fine.json").path),
            "nothing is written when a report is refused")
    }

    @Test(
        "a report that fails to write after the run: the others are written, 74 after a conformant run, 1 after a failing one"
    )
    func writeFailureAfterTheRun() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path
        // /dev/full accepts opening and refuses every write (ENOSPC), so only the write itself fails.
        let conformant = try await CLITests.run(
            ["run", "--adapter", "reference"] + Self.fewCases + [
                "--report", "junit:/dev/full", "--report", "json:" + json,
            ])
        #expect(conformant.status == 74, "\(conformant.standardError)")
        #expect(
            conformant.standardError.contains("cannot write the junit report")
                && conformant.standardError.contains("/dev/full"))
        _ = try Self.validReport(try String(contentsOfFile: json, encoding: .utf8))
        try FileManager.default.removeItem(atPath: json)

        let failing = try await CLITests.run(
            ["run", "--adapter", "mutant:line-separators-raw"] + Self.fewCases + [
                "--report", "junit:/dev/full", "--report", "json:" + json,
            ])
        #expect(failing.status == 1, "a failing run stays 1: \(failing.standardError)")
        #expect(failing.standardError.contains("cannot write the junit report"))
        #expect(FileManager.default.fileExists(atPath: json))
    }

    @Test("--update-baseline through a symlink updates its target; recording a golden through a symlink keeps the link")
    func baselineAndGoldenThroughSymlinks() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real-baseline.json").path,
            link = folder.appendingPathComponent("baseline.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let update = try await CLITests.run([
            "run", "--adapter", "mutant:remove-handler-ignored", "--case", "missing-handler.native.removed-handler",
            "--baseline", link, "--update-baseline",
        ])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(Self.entryType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("missing-handler.native.removed-handler"))

        let goldens = folder.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let store = GoldenStore(directory: goldens)
        let goldenTarget = folder.appendingPathComponent("golden-target.json").path
        try "{}".write(toFile: goldenTarget, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: store.url(for: "a.case").path, withDestinationPath: goldenTarget)
        let outcome = store.check(.object(["events": .array([])]), caseID: "a.case", mode: .all)
        #expect(outcome == .recorded(path: store.url(for: "a.case").path))
        #expect(Self.entryType(store.url(for: "a.case").path) == S_IFLNK)
        #expect(try String(contentsOfFile: goldenTarget, encoding: .utf8).contains("events"))
    }

    @Test(
        "--progress always prints [n/N] lines on standard error, never none, and standard output is the same", .fullTier
    )
    func progressLines() async throws {
        let quiet = try await CLITests.run(
            ["run", "--adapter", "reference"] + Self.fewCases + ["--progress", "never"])
        let loud = try await CLITests.run(
            ["run", "--adapter", "reference"] + Self.fewCases + ["--progress", "always"])
        let auto = try await CLITests.run(["run", "--adapter", "reference"] + Self.fewCases)
        #expect(quiet.status == 0 && loud.status == 0 && auto.status == 0)
        #expect(loud.standardOutput == quiet.standardOutput && auto.standardOutput == quiet.standardOutput)
        #expect(quiet.standardError.isEmpty && auto.standardError.isEmpty, "auto is off when standard error is a pipe")
        let lines = loud.standardError.split(separator: "\n")
        let count = Int(quiet.standardOutput.prefix { $0 != " " }) ?? 0
        #expect(lines.count == count && count > 0, "\(loud.standardError)")
        #expect(
            lines.first?.hasPrefix("[1/\(count)] escaping.line-terminators.") == true
                && lines.first?.hasSuffix(" s)") == true, "\(loud.standardError)")
        let bad = try await CLITests.run(["run", "--progress", "sometimes"])
        #expect(bad.status == 64)
        let negative = try await CLITests.run(["run", "--stop-after-timeouts", "-1"])
        #expect(negative.status == 64)
    }

    @Test(
        "a testee that times out on 3 cases in a row stops the run: progress at once, the rest not run, exit 1, reports say so",
        .fullTier,
        arguments: ["run", "case"])
    func earlyStopOnTimeouts(lifetime: String) async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path, xml = folder.appendingPathComponent("out.xml").path
        let run = try WatchedRun(
            [
                "run", "--adapter", OutOfProcessTests.testee("hang-in-call-handler"), "--adapter-timeout", "1.5",
                "--testee-lifetime", lifetime, "--progress", "always", "--report", "json:" + json, "--report",
                "junit:" + xml,
            ] + Self.fourHangingCases)
        defer { run.endLeftovers() }
        let firstProgress = await run.waitForStandardError(containing: "[1/", timeout: 300)
        let firstTimeout = await run.waitForStandardError(containing: ": timeout in ", timeout: 300)
        let status = await run.waitForExit(timeout: 300)
        let figures =
            "time to the first progress line: \(firstProgress.map { String(format: "%.2f s", $0) } ?? "none"); "
            + "time to the early stop (exit): \(run.exitTime.map { String(format: "%.2f s", $0) } ?? "none"); status \(status.map(String.init) ?? "none")"
        print("early stop on timeouts (--testee-lifetime \(lifetime)): \(figures)")
        #expect(status == 1, "\(run.standardError)")
        // Progress at once: the first case's line came no later than that case's timeout, not with the results.
        #expect(try #require(firstProgress) <= (try #require(firstTimeout)), "\(figures)")
        let stderr = run.standardError
        #expect(stderr.contains("stopping: 3 cases in a row timed out ("), "\(stderr)")
        #expect(stderr.contains("; the last one: timeout"), "the message says what timed out: \(stderr)")
        #expect(stderr.contains(": timeout in "), "progress names each timeout")
        let summary = try #require(run.standardOutput.split(separator: "\n").first)
        #expect(
            summary.contains(" not run (stopped after 3 timeouts in a row)") && summary.contains("3 timeout"),
            "\(summary)")
        let document = try Self.validReport(try String(contentsOfFile: json, encoding: .utf8))
        let stopped = try #require(Self.members(Self.members(document)?["stopped"]))
        #expect(stopped["reason"] == .string("consecutive-timeouts"))
        #expect(stopped["notRun"] != nil && stopped["notRun"] != .array([]))
        let junit = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(
            XMLParser(data: Data(junit.utf8)).parse()
                && junit.contains("not run: the run was stopped after 3 timeouts in a row"))
    }

    @Test(
        "SIGINT (one process for the run) or SIGTERM (a process per case) during a run ends the testee, writes the reports with the cases that finished and exits 130 or 143",
        .fullTier,
        arguments: [(SIGINT, "run"), (SIGTERM, "case")])
    func interruption(signal number: Int32, lifetime: String) async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path
        let run = try WatchedRun([
            "run", "--adapter", OutOfProcessTests.testee("hang-in-call-handler"), "--adapter-timeout", "30",
            "--testee-lifetime", lifetime, "--progress", "always", "--report", "json:" + json,
        ])
        defer { run.endLeftovers() }
        let started = await run.waitForStandardError(containing: "[1/", timeout: 300)
        #expect(started != nil, "\(run.standardError)")
        // The run reaches the case that hangs.
        #expect(await run.waitForStuckTestee(timeout: 300) != nil, "\(run.standardError)")
        let testees = run.children()
        let signalled = run.elapsed
        kill(run.processIdentifier, number)
        let status = await run.waitForExit(timeout: 120)
        let took = run.exitTime.map { $0 - signalled }
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        print(
            "\(name) (--testee-lifetime \(lifetime)): first progress line after \(started.map { String(format: "%.2f s", $0) } ?? "none"); exit \(status.map(String.init) ?? "none") "
                + "\(took.map { String(format: "%.2f s", $0) } ?? "-") after the signal; testees still alive: \(testees.filter(WatchedRun.isAlive))"
        )
        #expect(status == 128 + number, "\(run.standardError)")
        #expect(
            !testees.isEmpty && testees.filter(WatchedRun.isAlive).isEmpty, "the hanging testee \(testees) was ended")
        let document = try Self.validReport(try String(contentsOfFile: json, encoding: .utf8))
        let stopped = try #require(Self.members(Self.members(document)?["stopped"]))
        #expect(stopped["reason"] == .string("interrupted") && stopped["message"] == .string("interrupted by \(name)"))
        #expect(run.standardOutput.contains("not run (interrupted by \(name))"), "\(run.standardOutput)")
    }

    @Test(
        "SIGINT while the main thread is stuck in process (a JS side that loops): the finisher's queue writes the reports after the 2 s grace and exits 130",
        .fullTier
    )
    func interruptionOfAStuckMainThread() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("out.json").path,
            looping = folder.appendingPathComponent("loop.js").path
        // Every case's page runs this until the script time limit, here the longest (600 s of CPU): however late
        // a busy machine lets the test send the signal, the loop outlasts the grace.
        try "while (true) {}\n".write(toFile: looping, atomically: false, encoding: .utf8)
        // The run never stops by itself (no early stop after timeouts): on a busy machine the test may see the
        // first progress line late, and the signal must still find a case running.
        let run = try WatchedRun([
            "run", "--js-side", looping, "--script-time-limit", "600", "--stop-after-timeouts", "0", "--progress",
            "always", "--report", "json:" + json,
        ])
        defer { run.endLeftovers() }
        // Once the first case has started and its main thread spins (a page load and an injection take a few
        // milliseconds of it; the loop takes all), the signal finds the looping JS side running.
        #expect(await run.waitForStandardError(containing: "[1/", timeout: 300) != nil, "\(run.standardError)")
        #expect(await run.waitForMainThreadBusy(cpuSeconds: 0.25, timeout: 300), "\(run.standardError)")
        let signalled = run.elapsed
        kill(run.processIdentifier, SIGINT)
        let status = await run.waitForExit(timeout: 120)
        let took = run.exitTime.map { $0 - signalled }
        print(
            "SIGINT with the main thread stuck: exit \(status.map(String.init) ?? "none") \(took.map { String(format: "%.2f s", $0) } ?? "-") after the signal"
        )
        #expect(status == 130, "\(run.standardError)")
        // The case loops for minutes: the main thread cannot finish before the 2 s grace.
        #expect(
            run.standardError.contains(
                "conformance: SIGINT: the main thread is still busy after 2 s: writing what finished without it"),
            "\(run.standardError)")
        let document = try Self.validReport(try String(contentsOfFile: json, encoding: .utf8))
        #expect(Self.members(Self.members(document)?["stopped"])?["reason"] == .string("interrupted"))
        #expect(run.standardOutput.contains("not run (interrupted by SIGINT)"), "\(run.standardOutput)")
    }
}

/// A `conformance` process whose standard error is read as it comes, with the time each part arrived.
final class WatchedRun: Sendable {
    private let process: Process
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let errorText = LockedValue<[(seconds: Double, text: String)]>([])
    private let outputData = LockedValue(Data())
    private let exit = LockedValue<Double?>(nil)
    /// How many of the two readers (standard output and error) reached the end of their pipe.
    private let readersDone = LockedValue(0)
    private let observed = ChangeSignal()
    /// Every child seen while the run was alive: after it exits, its leftovers have another parent.
    private let seenChildren = LockedValue<Set<Int32>>([])

    /// Starts `conformance` (or `executable`) with `arguments`.
    /// - Parameters:
    ///   - environment: Changes to the environment (nil removes a variable).
    init(_ arguments: [String], executable: URL = CLITests.executable, environment changes: [String: String?] = [:])
        throws
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !changes.isEmpty {
            var environment = ProcessInfo.processInfo.environment
            for (name, value) in changes { environment[name] = value }
            process.environment = environment
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        self.process = process
        start = clock.now
        let clock = clock, start = start, errorText = errorText, outputData = outputData, exit = exit
        let readersDone = readersDone, observed = observed
        process.terminationHandler = { _ in
            exit.withLock { $0 = $0 ?? Self.seconds(start.duration(to: clock.now)) }
            observed.notify()
        }
        try process.run()
        Thread {
            while case let data = err.fileHandleForReading.availableData, !data.isEmpty {
                let seconds = Self.seconds(start.duration(to: clock.now))
                errorText.withLock { $0.append((seconds, String(decoding: data, as: UTF8.self))) }
                observed.notify()
            }
            readersDone.withLock { $0 += 1 }
            observed.notify()
        }.start()
        // Read outside the lock: a process that never exits must not block `standardOutput`.
        Thread {
            while case let data = out.fileHandleForReading.availableData, !data.isEmpty {
                outputData.withLock { $0.append(data) }
                observed.notify()
            }
            readersDone.withLock { $0 += 1 }
            observed.notify()
        }.start()
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Seconds since the start.
    var elapsed: Double { Self.seconds(start.duration(to: clock.now)) }

    /// Seconds from the start to the exit, once the process exited.
    var exitTime: Double? { exit.withLock { $0 } }

    var standardError: String { errorText.withLock { $0.map(\.text).joined() } }

    var standardOutput: String { String(decoding: outputData.withLock { $0 }, as: UTF8.self) }

    /// Waits until standard error contains `text`; returns the seconds from the start to the chunk that
    /// completed it, or nil after `timeout` seconds.
    func waitForStandardError(containing text: String, timeout: Double) async -> Double? {
        var found: Double?
        _ = await observed.wait(
            until: {
                var joined = ""
                for chunk in errorText.withLock({ $0 }) {
                    joined += chunk.text
                    if joined.contains(text) {
                        found = chunk.seconds
                        return true
                    }
                }
                return false
            }, timeout: timeout)
        return found
    }

    /// The CPU time the process's main thread has used so far, in seconds; nil once it is gone.
    func mainThreadCPUSeconds() -> Double? {
        let pid = process.processIdentifier
        guard let fields = ProcStat.fields(atPath: "/proc/\(pid)/task/\(pid)/stat"), fields.count > 12,
            let user = Double(fields[11]), let system = Double(fields[12])
        else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits until the main thread has used `cpuSeconds` more CPU time than when called: it runs, rather than
    /// waits (`ProcStat.poll`: the kernel's count has no event); false after `timeout` seconds or when the
    /// process is gone.
    func waitForMainThreadBusy(cpuSeconds: Double, timeout: Double) async -> Bool {
        guard let start = mainThreadCPUSeconds() else { return false }
        var gone = false
        let busy = await ProcStat.poll(
            until: {
                guard let used = mainThreadCPUSeconds() else {
                    gone = true
                    return true
                }
                return used - start >= cpuSeconds
            }, timeout: timeout)
        return busy && !gone
    }

    /// Waits for the exit; returns the status, or nil after `timeout` seconds.
    func waitForExit(timeout: Double) async -> Int32? {
        guard await observed.wait(until: { exitTime != nil }, timeout: timeout) else { return nil }
        // The readers take the last bytes; a leftover child that kept the pipes open ends the wait after 10 s.
        _ = await observed.wait(until: { readersDone.withLock { $0 } == 2 }, timeout: 10)
        return process.terminationStatus
    }

    /// The processes whose parent is this one (the testees), by id; remembered for `endLeftovers`.
    func children() -> [Int32] {
        let children = ProcStat.children(of: process.processIdentifier)
        seenChildren.withLock { $0.formUnion(children) }
        return children
    }

    /// Whether process `pid` still runs (a zombie does not count).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let fields = ProcStat.fields(atPath: "/proc/\(pid)/stat") else { return false }
        return fields.first != "Z"
    }

    /// Kills this process if it still runs, and the testees it left (seen as its children, and still
    /// running `conformance-testees`), by id.
    func endLeftovers() {
        _ = children()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for pid in seenChildren.withLock({ $0 }) where Self.isAlive(pid) {
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            if command.contains("conformance-testees") { kill(pid, SIGKILL) }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

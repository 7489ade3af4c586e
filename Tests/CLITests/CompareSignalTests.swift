import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
import Testing

/// `conformance compare` on SIGINT (to its process group, as a terminal's Ctrl-C sends it), SIGTERM and SIGHUP,
/// with one of its runs stuck in a testee: every run writes what finished, the reports carry every column,
/// no process of the tree and no scratch folder is left, and the exit status is 128 + the signal.
///
/// The tests wait on what they can observe (the testee asleep in its call handler), never on time.
@Suite("compare on signals", .serialized)
struct CompareSignalTests {
    /// SIGINT to the process group, SIGTERM and SIGHUP to the process.
    static let signals: [(Int32, Bool)] = [(SIGINT, true), (SIGTERM, false), (SIGHUP, false)]

    @Test(
        "compare, on a signal with a run stuck in its testee: every column reported, nothing left, exit 128 + it",
        .fullTier, arguments: signals)
    func stoppedCompareLeavesNothing(signal number: Int32, toProcessGroup: Bool) async throws {
        let folder = try SignalTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let json = folder.appendingPathComponent("c.json").path
        let run = try WatchedRun(
            [
                "compare", "--adapter", "reference", "--adapter", "stuck=" + SignalTests.stuckTesteeWithChild,
                "--adapter-timeout", "600", "--jobs", "2", "--report", "json:" + json,
            ] + SignalTests.passingThenHanging.flatMap { ["--case", $0] },
            environment: ["CI": nil, "TMPDIR": temporary.path])
        defer { run.endLeftovers() }
        let stuck = await Self.waitForStuckGrandchild(of: run.processIdentifier, timeout: 300)
        #expect(stuck != nil, "the testee never got stuck: \(run.standardError)")
        // The reference's run finishes on its own; the signal comes once it has.
        let oneRunLeft = await ProcStat.poll(
            until: { Self.runs(of: run.processIdentifier).count == 1 }, timeout: 300)
        #expect(oneRunLeft, "the reference's run never ended: \(run.standardError)")

        let scratch = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(scratch.count == 1 && scratch.first != "conformance-compare-\(run.processIdentifier)", "\(scratch)")
        if let name = scratch.first {
            let mode =
                try FileManager.default.attributesOfItem(atPath: temporary.appendingPathComponent(name).path)[
                    .posixPermissions] as? Int
            #expect(mode == 0o700, "the scratch folder is its owner's alone: \(String(mode ?? 0, radix: 8))")
        }
        let tree = Self.descendants(of: run.processIdentifier)
        let groups = Array(Set(tree.map { getpgid($0) }.filter { $0 > 0 }))
        if toProcessGroup {
            let group = getpgid(run.processIdentifier)
            try #require(group == run.processIdentifier, "compare leads a process group of its own here")
            kill(-group, number)
        } else {
            kill(run.processIdentifier, number)
        }
        let status = await run.waitForExit(timeout: 120)
        let left = await WatchedRun.liveMembers(ofGroups: groups, timeout: 60)
        #expect(status == 128 + number, "\(run.standardOutput)\n\(run.standardError)")
        #expect(left.isEmpty, "processes of the tree \(tree) left: \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "no scratch folder left")

        let text = try String(contentsOfFile: json, encoding: .utf8)
        guard case .object(let document) = try JSONParser.parse(text), case .array(let reports)? = document["reports"]
        else {
            Issue.record("not a comparison: \(text)")
            return
        }
        #expect(reports.count == 2, "a column for each adapter: \(text)")
        let stopped = reports.map { RunSafetyTests.members(RunSafetyTests.members($0)?["stopped"]) }
        #expect(stopped.first.flatMap { $0 } == nil, "the reference's run finished: \(text)")
        #expect(stopped.last??["message"] == .string("interrupted by \(SignalTests.name(number))"), "\(text)")
        let stuckCases = reports.last.flatMap { RunSafetyTests.members($0)?["cases"] }
        #expect(stuckCases.map { if case .array(let cases) = $0 { cases.count } else { -1 } } == 1, "\(text)")
    }

    /// The `conformance run` processes `compare` started and that still run (its other child is the watchdog).
    static func runs(of compare: Int32) -> [Int32] {
        ProcStat.children(of: compare).filter { pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("conformance") && WatchedRun.isAlive(pid)
        }
    }

    /// Every process below `parent`, depth first.
    static func descendants(of parent: Int32) -> [Int32] {
        ProcStat.children(of: parent).flatMap { [$0] + descendants(of: $0) }
    }

    /// Waits until a grandchild of `parent` (a testee of one of compare's runs) sleeps on its main thread.
    static func waitForStuckGrandchild(of parent: Int32, timeout: Double) async -> Int32? {
        var stuck: Int32?
        _ = await ProcStat.poll(
            until: {
                stuck = ProcStat.children(of: parent).flatMap(ProcStat.children(of:))
                    .first(where: WatchedRun.sleepsOnMainThread)
                return stuck != nil
            }, timeout: timeout)
        return stuck
    }
}

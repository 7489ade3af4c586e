import Foundation
import StrictJSON
import Testing

/// WebKit's web process ending under a run is WebKit's fault, never the implementation's: the case it ends is a
/// harness error, and the cases after it run in a new process.
@Suite("WebKitGTK: a web process that dies is the kit's problem, not the bridge's")
struct WebProcessDeathTests {
    @Test("a web process killed in the middle of a run makes harness errors, never a verdict against the bridge")
    func killedWebProcessIsAHarnessError() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("death-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        // A bridge under test, out of process, that adds a user script of its own: what a page load, a task or a
        // silence in them is blamed on is the implementation, unless the host knows better.
        let testee = WebKitGTKFidelityTests.executable.deletingLastPathComponent()
            .appendingPathComponent("conformance-testees").path
        let process = Process()
        process.executableURL = WebKitGTKFidelityTests.executable
        process.arguments = [
            "run", "--adapter", "\(testee) page-facilities", "--web-view", "webkitgtk", "--case", "situations.**",
            "--progress", "always", "--report", "json:" + report.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        process.standardOutput = FileHandle.nullDevice
        let progress = Pipe()
        process.standardError = progress
        try process.run()
        // Each time three more cases have finished (a progress line each), the web process is killed as a crash
        // would end it, four times: wherever each kill lands (a case's start, its page load, a task, between two
        // cases), the next cases run in a new process.
        var lines = 0
        var kills = 0
        var buffered = Data()
        while true {
            let chunk = progress.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffered += chunk
            lines += chunk.filter { $0 == UInt8(ascii: "\n") }.count
            if kills < 4, lines >= 3 * (kills + 1), let web = Self.webProcess(below: process.processIdentifier),
                kill(web, SIGKILL) == 0
            {
                kills += 1
            }
        }
        process.waitUntilExit()
        let stderrText = String(decoding: buffered.suffix(4000), as: UTF8.self)
        #expect(kills == 4, "\(kills) web processes killed: \(stderrText)")
        #expect([0, 78].contains(process.terminationStatus), "exit \(process.terminationStatus): \(stderrText)")
        let text = try String(contentsOf: report, encoding: .utf8)
        guard case .object(let document) = try JSONParser.parse(text), case .array(let cases)? = document["cases"]
        else { throw FidelityError(message: "no cases in the report") }
        var harnessErrors = 0
        for case .object(let fields) in cases {
            guard case .string(let verdict)? = fields["verdict"] else { continue }
            #expect(["pass", "not-applicable", "harness-error"].contains(verdict), "\(fields)")
            if verdict == "harness-error" {
                harnessErrors += 1
                guard case .string(let why)? = fields["interruption"] else { continue }
                #expect(why.contains("WebKitGTK"), "\(why)")
            }
        }
        // A kill between two cases ends no case; one during a case ends that one.
        #expect(harnessErrors <= kills, "\(text.prefix(3000))")
        #expect(cases.count > 12, "\(text.prefix(3000))")
    }

    /// A `WebKitWebProcess` among the descendants of `parent` (`/proc`, Linux), if one runs.
    static func webProcess(below parent: Int32) -> Int32? {
        var pending = [parent]
        while let pid = pending.popLast() {
            // Each thread's children: WebKit may start its processes from a thread other than the main one.
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            let children = threads.flatMap { thread in
                ((try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? "")
                    .split(separator: " ").compactMap { Int32($0) }
            }
            for child in children {
                let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
                if name.hasPrefix("WebKitWebProces") { return child }
                pending.append(child)
            }
        }
        return nil
    }
}

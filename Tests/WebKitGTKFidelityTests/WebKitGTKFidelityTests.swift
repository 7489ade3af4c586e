import BridgeMutants
import ConformanceKit
import Foundation
import StrictJSON
import Testing

/// The simulated web view proven faithful to a real one: `conformance run` runs the catalogue on the simulated
/// web view and on a real WebKitGTK one (`--web-view webkitgtk`), against the reference and a sample of mutants,
/// and every case gets the same verdict on both, except those that need what only the simulation does
/// (`ConformanceCase.needsPage`), which are not applicable on WebKitGTK (spec, appendix D).
///
/// Each run is a `conformance` process of its own: WebKit must set up its main run loop before JavaScriptCore
/// runs anything in a process, which a test process (whose other tests use the engine on any thread) cannot
/// promise. Built only with CONFORMANCE_WEBKITGTK=1; runs under `xvfb-run -a` (`scripts/webkitgtk-run --fidelity`).
@Suite("WebKitGTK fidelity: the simulated web view and a real one give the same verdicts")
struct WebKitGTKFidelityTests {
    /// Mutants whose defect the real engine must show as the simulation does: native, JS-escaping and glue ones.
    static let sampledMutants = [
        "batch-reversed", "reset-does-nothing", "remove-handler-ignored", "line-separators-raw",
        "glue-fetches-twice-per-signal", "glue-injects-into-first-page-only", "glue-app-delegate-swallowed",
    ]

    /// The `conformance` built beside this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("conformance")
    }

    /// Runs `conformance run` with `arguments` on `webView` and returns each case's verdict, by id.
    static func verdicts(_ arguments: [String], webView: String) throws -> [String: String] {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        // 0: every case passed; 1: some failed, as a mutant's must.
        try runConformance(
            ["run", "--web-view", webView, "--report", "json:" + report.path, "--report-timings", "off"] + arguments,
            expecting: [0, 1])
        guard case .object(let document) = try JSONParser.parse(String(contentsOf: report, encoding: .utf8)),
            case .array(let cases)? = document["cases"]
        else { throw FidelityError(message: "no cases in the \(webView) report") }
        var verdicts: [String: String] = [:]
        for case .object(let result) in cases {
            if case .string(let id)? = result["id"], case .string(let verdict)? = result["verdict"] {
                verdicts[id] = verdict
            }
        }
        return verdicts
    }

    /// Runs the `conformance` built beside this test bundle with `arguments` and expects one of `statuses`.
    /// `CI` is not passed on: `record` refuses to run on CI, and these runs record into a scratch folder.
    static func runConformance(_ arguments: [String], expecting statuses: Set<Int32>) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            statuses.contains(process.terminationStatus),
            "conformance \(arguments.joined(separator: " ")): exit \(process.terminationStatus): \(errorText)")
    }

    /// The cases that differ between the two web views, as "id: simulated / real".
    static func differences(_ arguments: [String]) throws -> (same: Int, differing: [String], notApplicable: [String]) {
        let simulated = try verdicts(arguments, webView: "simulated")
        let real = try verdicts(arguments, webView: "webkitgtk")
        #expect(Set(simulated.keys) == Set(real.keys))
        var same = 0
        var differing: [String] = [], notApplicable: [String] = []
        for (id, verdict) in simulated.sorted(by: { $0.key < $1.key }) {
            if real[id] == verdict {
                same += 1
            } else if real[id] == "not-applicable" {
                notApplicable.append(id)
            } else {
                differing.append("\(id): \(verdict) simulated, \(real[id] ?? "missing") on WebKitGTK")
            }
        }
        return (same, differing, notApplicable)
    }

    @Test("the reference gets the same verdict on both web views in every case that does not need the simulation")
    func referenceMatches() async throws {
        let (same, differing, notApplicable) = try Self.differences(["--adapter", "reference"])
        print(
            "fidelity: reference: \(same) cases with the same verdict, \(differing.count) differing, \(notApplicable.count) not applicable on WebKitGTK"
        )
        #expect(differing.isEmpty, "\(differing)")
        let needing = await MainActor.run { Catalogue.all.filter { !$0.needsPage.isEmpty }.map(\.id).sorted() }
        #expect(notApplicable == needing)
    }

    @Test("a mutant fails on WebKitGTK the cases that catch it in the simulation", arguments: sampledMutants)
    func mutantMatches(_ name: String) throws {
        let mutant = try #require(MutantCatalogue.mutant(named: name))
        let (same, differing, notApplicable) = try Self.differences(
            ["--adapter", "mutant:\(name)"] + mutant.caughtBy.flatMap { ["--case", $0] })
        print("fidelity: mutant:\(name): \(same) cases with the same verdict, \(differing.count) differing")
        #expect(differing.isEmpty && notApplicable.isEmpty, "\(differing) \(notApplicable)")
        #expect(same == mutant.caughtBy.count)
    }

    @Test("a JS side under test that never returns is a timeout on WebKitGTK, and --stop-after-timeouts stops the run")
    func javaScriptSideThatNeverReturnsTimesOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsSide = folder.appendingPathComponent("never-returns.js")
        try "while (true) {}\n".write(to: jsSide, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report.json")
        // Three cases; the second timeout in a row stops the run. Exit 1: the implementation's fault (before: 78).
        try Self.runConformance(
            [
                "run", "--web-view", "webkitgtk", "--js-side", jsSide.path, "--case", "messages.native-to-js.*",
                "--script-time-limit", "1", "--stop-after-timeouts", "2", "--report", "json:" + report.path,
            ], expecting: [1])
        let text = try String(contentsOf: report, encoding: .utf8)
        guard case .object(let document) = try JSONParser.parse(text), case .array(let cases)? = document["cases"]
        else { throw FidelityError(message: "no cases in the report") }
        let verdicts = cases.compactMap { result -> String? in
            guard case .object(let fields) = result, case .string(let verdict)? = fields["verdict"] else { return nil }
            return verdict
        }
        #expect(verdicts == ["timeout", "timeout"], "\(text.prefix(2000))")
        #expect(document["stopped"] != nil, "\(text.prefix(2000))")
        #expect(text.contains("the JS side under test ran past the execution time limit"), "\(text.prefix(2000))")
    }
}

/// A report the fidelity test could not read.
struct FidelityError: Error {
    let message: String
}

import BridgeMutants
import ConformanceKit
import ConformanceTesting
import Foundation
import KitTestSupport
import ReferenceBridge
import ReferenceOracle
import StrictJSON
import TestTiers
import Testing

/// `conformance explore`: programs from seeds, the reference as oracle, shrinking, case files.
@Suite("Explore: random programs against the reference")
@MainActor
struct ExploreTests {
    /// An explorer of `candidate` (the reference by default), with the kit's JS side or a mutant's.
    static func explorer(
        configuration: ConformanceRunner.Configuration = .init(),
        candidate: @escaping AdapterFactory = { ReferenceBridgeAdapter() }
    ) throws -> Explorer {
        try Explorer.againstReference(candidate, configuration: configuration)
    }

    static func generator(maxOperations: Int = 12, capabilities: BridgeCapabilities = .allOperations) throws
        -> ExploreGenerator
    {
        ExploreGenerator(
            capabilities: capabilities, maxOperations: maxOperations,
            data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()))
    }

    @Test("a seed gives the same program every time, and different seeds give different programs")
    func programsFromSeeds() throws {
        let generator = try Self.generator()
        let seeds = (0..<200).map { ExploreRandom.programSeed(run: $0, of: 42) }
        let first = seeds.map(generator.program(seed:)), second = seeds.map(generator.program(seed:))
        #expect(first == second)
        #expect(Set(first).count > 190)
        #expect(first.allSatisfy { (1...12).contains($0.operations.count) })
        // Every kind of step and of schedule shows up in a few hundred programs.
        let lines = first.flatMap(\.operations).map { $0.line(at: 0).split(separator: "(").first ?? "" }
        #expect(Set(lines).count >= 14, "\(Set(lines))")
        #expect(first.contains { !$0.schedule.isPlain } && first.contains { $0.schedule.isPlain })
    }

    @Test("programs use reset, removeHandler and the safety switch only when the adapter offers them")
    func capabilitiesRespected() throws {
        let generator = try Self.generator(capabilities: [])
        let programs = (0..<300).map { generator.program(seed: ExploreRandom.programSeed(run: $0, of: 7)) }
        #expect(programs.allSatisfy { $0.requiredCapabilities.isEmpty })
    }

    @Test(
        "the reference against itself: no difference in 100 programs (docs/explore.md gives the 10,000-program run)",
        .fullTier)
    func referenceHasNoDifference() async throws {
        let explorer = try Self.explorer()
        let options = ExploreOptions(seed: 2026, runs: 100)
        let report = await explorer.explore(options, generator: try Self.generator())
        #expect(report.programsRun == 100)
        #expect(
            !report.isFailure && report.stop == nil && report.nonStrictPrograms == 0,
            "\(report.render(adapter: "reference", maxOperations: 12, replay: { "\($0)" }, bridgeJavaScriptSource: ""))"
        )
    }

    @Test("the synchronous reference (another evaluation style) has no difference either", .fullTier)
    func synchronousReferenceHasNoDifference() async throws {
        let explorer = try Self.explorer(candidate: { ReferenceBridgeAdapter(evaluationStyle: .synchronous) })
        let report = await explorer.explore(ExploreOptions(seed: 99, runs: 80), generator: try Self.generator())
        #expect(
            !report.isFailure && report.nonStrictPrograms == 0,
            "\(report.render(adapter: "reference-sync", maxOperations: 12, replay: { "\($0)" }, bridgeJavaScriptSource: ""))"
        )
    }

    @Test("a mutant's counterexample is shrunk to at most 6 steps, the same way for the same seed", .fullTier)
    func shrinksDeterministically() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "batch-reversed"))
        var reports: [ExploreReport] = []
        for _ in 0..<2 {
            let explorer = try Self.explorer(
                configuration: try mutant.configuration(), candidate: { mutant.makeAdapter() })
            reports.append(
                await explorer.explore(ExploreOptions(seed: 1, runs: 1_000), generator: try Self.generator()))
        }
        let found = try #require(reports[0].counterexample)
        #expect(found.shrunk.operations.count <= 6, "\(found.shrunk.listing)")
        #expect(found.differences.contains { $0.clause?.hasPrefix("ORD-2") == true }, "\(found.differences)")
        #expect(reports[1].counterexample?.shrunk == found.shrunk)
        #expect(reports[1].counterexample?.differences == found.differences)
        #expect(reports[1].programsRun == reports[0].programsRun)
    }

    @Test(
        "a shrunk counterexample saved as a case file fails as a regression case on the mutant and passes on the reference"
    )
    func caseFileRoundTrip() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "callbacks-not-removed"))
        let explorer = try Self.explorer(configuration: try mutant.configuration(), candidate: { mutant.makeAdapter() })
        let report = await explorer.explore(ExploreOptions(seed: 1, runs: 500), generator: try Self.generator())
        let file = try #require(report.caseFile(foundWith: "test"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json")
            .path
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try ExploreCaseFile.load(from: path)
        #expect(loaded == file)
        let regression = explorer.regressionCase(for: loaded)
        let onMutant = try await Kit.run([regression], configuration: try mutant.configuration()) {
            mutant.makeAdapter()
        }[0]
        #expect(onMutant.verdict == .fail)
        #expect(onMutant.failures.contains { $0.clause == "CB-2" }, "\(onMutant.report)")
        let onReference = try await Kit.run([regression], configuration: .init())[0]
        #expect(onReference.verdict == .pass, "\(onReference.report)")
    }

    @Test("case files keep null data apart from no data, and every kind of step")
    func caseFileKeepsEveryStep() throws {
        let operations: [ExploreOperation] = [
            .registerNative(handler: "alpha", reply: .later), .removeNative(handler: "beta"),
            .callJavaScript(handler: "echo", data: .null, callback: true),
            .callJavaScript(handler: "echo", data: nil, callback: false),
            .callJavaScriptUnserializable(handler: "sink", number: .negativeInfinity),
            .answerNative(handler: "alpha", data: ["k": [1, "\u{2028}"]]),
            .reset, .disableSafetyTimeout, .registerJavaScript(handler: "late", reply: .twice),
            .callNative(handler: "absent", data: -0.0, callback: true), .answerJavaScript(data: nil, newest: true),
            .corruptFetch(ExploreCorruptFetch(result: "not json")), .openFrame(url: "http://__wvjb_queue_message__"),
            .reload, .navigate, .settle(horizon: 100),
        ]
        let file = ExploreCaseFile(
            id: "explore.every-step", summary: "s", clauses: ["CB-2"], foundWith: "f",
            program: ExploreProgram(
                operations: operations, schedule: ExploreSchedule(evaluations: [1, 2], navigations: [16])))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json")
            .path
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ExploreCaseFile.load(from: path) == file)
    }

    @Test(
        "a malformed case file is refused with what is wrong and where",
        arguments: [
            ("{", "is not JSON"),
            (
                #"{"format":"wvjb-explore-case/9","id":"explore.x","clauses":[],"operations":[]}"#,
                "this kit reads \"wvjb-explore-case/1\""
            ),
            (
                #"{"format":"wvjb-explore-case/1","id":"startup.x","clauses":[],"operations":[]}"#,
                "is not a case-file id: \"explore.\" and dot-separated segments"
            ),
            (
                #"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":["ORD-1"],"operations":[{"op":"jump"}]}"#,
                "operation 0: unknown op \"jump\""
            ),
            (
                #"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":["ORD-1"],"operations":[{"op":"settle","horizon":-1}]}"#,
                "operation 0: \"horizon\""
            ),
            (
                #"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":["ORD-1"],"operations":[{"op":"registerNative","handler":"a","reply":"maybe"}]}"#,
                "reply \"maybe\" is not one of"
            ),
            (
                #"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":["ORD-1"],"schedule":{"evaluations":[0.5]},"operations":[]}"#,
                "whole milliseconds"
            ),
        ])
    func malformedCaseFiles(text: String, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try ExploreCaseFile.load(from: path)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains(path)
        }
    }

    /// A case file of `operations` (JSON texts of steps), with `extra` members.
    nonisolated static func caseFileText(_ operations: [String], extra: String = "") -> String {
        #"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":["ORD-1"],"# + extra + #""operations":["#
            + operations.joined(separator: ",") + "]}"
    }

    @Test(
        "a case file beyond explore's limits (steps, data depth and size, numbers JSON cannot carry, text, schedule, clauses) is refused naming the step and the limit",
        arguments: [
            (
                caseFileText(Array(repeating: #"{"op":"reset"}"#, count: 201)),
                "\"operations\" has 201 steps; a program has at most 200"
            ),
            (
                caseFileText([
                    #"{"op":"callNative","handler":"alpha","callback":false,"data":"#
                        + String(repeating: "[", count: 129) + String(repeating: "]", count: 129) + "}"
                ]),
                "operation 0: \"data\" nests 129 levels of arrays and objects; a program's data nests at most 128"
            ),
            (
                caseFileText([
                    #"{"op":"reset"}"#, #"{"op":"callJavaScript","handler":"echo","callback":true,"data":[1e400]}"#,
                ]),
                "operation 1: \"data\" holds a number a double cannot hold (such as 1e400"
            ),
            (
                caseFileText([#"{"op":"answerJavaScript","data":""# + String(repeating: "x", count: 1 << 20) + #""}"#]),
                "operation 0: \"data\" takes 1048578 bytes as JSON; a program step's data takes at most 1 MiB"
            ),
            (
                caseFileText([
                    #"{"op":"registerNative","reply":"echo","handler":""# + String(repeating: "h", count: 4_097)
                        + #""}"#
                ]),
                "operation 0: \"handler\" has 4097 characters; at most 4096"
            ),
            (
                caseFileText(
                    [],
                    extra: #""schedule":{"evaluations":["# + Array(repeating: "0", count: 65).joined(separator: ",")
                        + "]},"),
                "\"schedule\": \"evaluations\" has 65 delays; at most 64"
            ),
            (
                caseFileText([]).replacingOccurrences(of: #""clauses":["ORD-1"]"#, with: #""clauses":["CB-2","$(x)"]"#),
                "\"clauses\" must hold clause or obligation ids"
            ),
            (
                caseFileText([]).replacingOccurrences(of: #""clauses":["ORD-1"]"#, with: #""clauses":[]"#),
                "\"clauses\" is empty: name the clauses of spec/protocol.md the program checks"
            ),
            (
                caseFileText([]).replacingOccurrences(
                    of: #""clauses":["ORD-1"]"#, with: #""clauses":["ORD-1","ZZZ-9"]"#),
                "\"clauses\": \"ZZZ-9\" is not a clause of spec/protocol.md"
            ),
            (
                caseFileText([]).replacingOccurrences(of: #""clauses":["ORD-1"]"#, with: #""clauses":["ORD-1.z"]"#),
                "\"clauses\": \"ORD-1.z\" is not an obligation of spec/protocol.md's appendix C"
            ),
        ])
    func caseFileBeyondExploreLimitsIsRefused(text: String, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do throws(ExploreCaseFile.Failure) {
            _ = try ExploreCaseFile.load(from: path)
            Issue.record("loaded")
        } catch {
            #expect(error.description.hasPrefix("case file \(path): " + message), "\(error.description.prefix(300))")
        }
    }

    @Test(
        "a case file whose program the kit itself cannot run within its turn limit is a harness error (exit 78), never the implementation's timeout",
        .fullTier
    )
    func programTheKitCannotRunIsAHarnessError() async throws {
        let reference = try ConformanceRunner.referenceJavaScriptSide()
        let spinning = ConformanceRunner.Configuration(
            bridgeJavaScriptSource: reference + "\n(function spin() { setTimeout(spin, 0); })();")
        let file = ExploreCaseFile(
            id: "explore.spins", summary: "s", clauses: ["ORD-1"], foundWith: "f",
            program: ExploreProgram(operations: [.settle(horizon: 0)]))
        let stuckReference = Explorer(
            candidateRunner: try ConformanceRunner(configuration: spinning),
            referenceRunner: try ConformanceRunner(configuration: spinning),
            spec: try ProtocolSpec.bundled(), candidate: { ReferenceBridgeAdapter() },
            reference: { _ in ReferenceBridgeAdapter() })
        let bothStuck = try await Kit.run([stuckReference.regressionCase(for: file)], configuration: spinning)[0]
        #expect(bothStuck.verdict == .harnessError, "\(bothStuck.report)")
        #expect(
            bothStuck.interruption?.text.contains("the kit cannot run its program within its limits") == true,
            "\(bothStuck.interruption?.text ?? "")")

        let onlyTheImplementationStuck = try await Kit.run(
            [try Self.explorer().regressionCase(for: file)], configuration: spinning)[0]
        #expect(onlyTheImplementationStuck.verdict == .timeout, "\(onlyTheImplementationStuck.report)")
    }

    @Test(
        "every program explore generates fits the case-file limits, so a counterexample it saves always loads again",
        .fullTier)
    func generatedProgramsFitCaseFileLimits() throws {
        let generator = try Self.generator(maxOperations: ExploreLimits.maximumOperations)
        for run in 0..<300 {
            let program = generator.program(seed: ExploreRandom.programSeed(run: run, of: 7))
            #expect(program.operations.count <= ExploreLimits.maximumOperations)
            for operation in program.operations {
                if let data = operation.data {
                    #expect(ExploreLimits.problem(with: data) == nil, "program \(run): \(operation)")
                }
            }
            #expect(
                ExploreSchedule.lists.allSatisfy {
                    program.schedule[keyPath: $0].count <= ExploreLimits.maximumScheduleLength
                })
        }
    }

    @Test(
        "each corrupt fetch result explore draws carries the clause it tests and data markers unique to it; a case file's own result carries neither"
    )
    func corruptFetchesCarryTheirClauses() throws {
        let spec = try ProtocolSpec.bundled()
        for fetch in ExploreCorruptFetch.all {
            let clause = try #require(fetch.clause, "\(fetch.result)")
            #expect(spec.clause(clause.id) != nil, "\(fetch.result) cites \(clause), which the spec does not have")
            for marker in fetch.markers {
                #expect(
                    ExploreCorruptFetch.all.filter { $0.result.contains(marker) }.map(\.result) == [fetch.result],
                    "\(marker)")
            }
            // A case file names the result by its text, and gets the same datum back.
            #expect(ExploreCorruptFetch(result: fetch.result) == fetch)
        }
        #expect(ExploreCorruptFetch.all.filter(\.throwsError).map(\.result) == [ExploreCorruptFetch.throwsText])
        let foreign = ExploreCorruptFetch(result: #"[{"handlerName":"alpha","data":"before a trailing comma"},,]"#)
        #expect(foreign.clause == nil && foreign.markers.isEmpty && !foreign.throwsError)
    }

    @Test("a difference that came of a corrupt fetch cites the clause the fetch's datum carries")
    func corruptFetchDifferenceCitesItsClause() async throws {
        // The mutant drops a whole batch for one element that is not an object: alpha never gets the
        // batch's data, which only the mixed batch carries.
        let mutant = try #require(MutantCatalogue.mutant(named: "non-object-element-drops-batch"))
        let mixedBatch = try #require(ExploreCorruptFetch.all.first { $0.markers == ["from a mixed batch"] })
        let program = ExploreProgram(
            operations: [
                .registerNative(handler: "alpha", reply: .echo), .settle(horizon: 0), .corruptFetch(mixedBatch),
                .callNative(handler: "alpha", data: "queued", callback: false), .settle(horizon: 0),
            ], schedule: ExploreSchedule())
        let explorer = try Self.explorer(configuration: try mutant.configuration(), candidate: { mutant.makeAdapter() })
        let comparison = await explorer.compare(program)
        #expect(comparison.differences.contains { $0.clause == "FLUSH-5" }, "\(comparison.differences)")
        let onReference = try await Self.explorer().compare(program)
        #expect(onReference.differences.isEmpty, "\(onReference.differences)")
    }

    @Test(
        "ConformanceExploration, the helper for implementers' tests, reports a mutant's shrunk counterexample",
        .fullTier)
    func implementerHelper() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "batch-reversed"))
        let outcome = try await ConformanceExploration.explore(adapter: { mutant.makeAdapter() }, seed: 1, runs: 300)
        #expect(outcome.foundDifference)
        #expect(try #require(outcome.shrunkSteps) <= 6)
        #expect(
            outcome.description.contains("[ORD-2]") && outcome.description.contains("--replay"),
            "\(outcome.description)")
        #expect(outcome.caseFileText?.contains("\"format\": \"wvjb-explore-case/1\"") == true)
        let clean = try await ConformanceExploration.explore(adapter: { ReferenceBridgeAdapter() }, seed: 1, runs: 20)
        #expect(!clean.foundDifference && clean.programsRun == 20)
    }
}

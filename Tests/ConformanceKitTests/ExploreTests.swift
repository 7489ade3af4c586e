import BridgeMutants
import ConformanceKit
import ConformanceTesting
import Foundation
import ReferenceBridge
import StrictJSON
import Testing

/// `conformance explore`: programs from seeds, the reference as oracle, shrinking, case files.
@Suite("Explore: random programs against the reference")
@MainActor
struct ExploreTests {
    /// An explorer of `candidate` (the reference by default), with the kit's JS side or a mutant's.
    static func explorer(
        configuration: ConformanceRunner.Configuration = .init(), candidate: @escaping AdapterFactory = { ReferenceBridgeAdapter() }
    ) throws -> Explorer {
        try Explorer.againstReference(candidate, configuration: configuration)
    }

    static func generator(maxOperations: Int = 12, capabilities: BridgeCapabilities = .allOperations) throws -> ExploreGenerator {
        ExploreGenerator(capabilities: capabilities, maxOperations: maxOperations, data: ExploreDataGenerator(corpus: try PayloadCorpus.bundled()))
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

    @Test("the reference against itself: no difference in 100 programs (the README gives the 10,000-program run)")
    func referenceHasNoDifference() async throws {
        let explorer = try Self.explorer()
        let options = ExploreOptions(seed: 2026, runs: 100)
        let report = await explorer.explore(options, generator: try Self.generator())
        #expect(report.programsRun == 100)
        #expect(!report.isFailure && report.stop == nil && report.nonStrictPrograms == 0,
                "\(report.render(adapter: "reference", maxOperations: 12, replay: { "\($0)" }, bridgeJavaScriptSource: ""))")
    }

    @Test("the synchronous reference (another evaluation style) has no difference either")
    func synchronousReferenceHasNoDifference() async throws {
        let explorer = try Self.explorer(candidate: { ReferenceBridgeAdapter(evaluationStyle: .synchronous) })
        let report = await explorer.explore(ExploreOptions(seed: 99, runs: 80), generator: try Self.generator())
        #expect(!report.isFailure && report.nonStrictPrograms == 0,
                "\(report.render(adapter: "reference-sync", maxOperations: 12, replay: { "\($0)" }, bridgeJavaScriptSource: ""))")
    }

    @Test("a mutant's counterexample is shrunk to at most 6 steps, the same way for the same seed")
    func shrinksDeterministically() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "batch-reversed"))
        var reports: [ExploreReport] = []
        for _ in 0..<2 {
            let explorer = try Self.explorer(configuration: try mutant.configuration(), candidate: { mutant.makeAdapter() })
            reports.append(await explorer.explore(ExploreOptions(seed: 1, runs: 1_000), generator: try Self.generator()))
        }
        let found = try #require(reports[0].counterexample)
        #expect(found.shrunk.operations.count <= 6, "\(found.shrunk.listing)")
        #expect(found.differences.contains { $0.clause?.hasPrefix("ORD-2") == true }, "\(found.differences)")
        #expect(reports[1].counterexample?.shrunk == found.shrunk)
        #expect(reports[1].counterexample?.differences == found.differences)
        #expect(reports[1].programsRun == reports[0].programsRun)
    }

    @Test("a shrunk counterexample saved as a case file fails as a regression case on the mutant and passes on the reference")
    func caseFileRoundTrip() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "callbacks-not-removed"))
        let explorer = try Self.explorer(configuration: try mutant.configuration(), candidate: { mutant.makeAdapter() })
        let report = await explorer.explore(ExploreOptions(seed: 1, runs: 500), generator: try Self.generator())
        let file = try #require(report.caseFile(foundWith: "test"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json").path
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try ExploreCaseFile.load(from: path)
        #expect(loaded == file)
        let regression = explorer.regressionCase(for: loaded)
        let onMutant = try await Kit.run([regression], configuration: try mutant.configuration()) { mutant.makeAdapter() }[0]
        #expect(onMutant.verdict == .fail)
        #expect(onMutant.failures.contains { $0.clause == "CB-2" }, "\(onMutant.report)")
        let onReference = try await Kit.run([regression], configuration: .init())[0]
        #expect(onReference.verdict == .pass, "\(onReference.report)")
    }

    @Test("case files keep null data apart from no data, and every kind of step")
    func caseFileKeepsEveryStep() throws {
        let operations: [ExploreOperation] = [
            .registerNative(handler: "alpha", reply: .later), .removeNative(handler: "beta"),
            .callJavaScript(handler: "echo", data: .null, callback: true), .callJavaScript(handler: "echo", data: nil, callback: false),
            .callJavaScriptUnserializable(handler: "sink", number: .negativeInfinity), .answerNative(handler: "alpha", data: ["k": [1, "\u{2028}"]]),
            .reset, .disableSafetyTimeout, .registerJavaScript(handler: "late", reply: .twice),
            .callNative(handler: "absent", data: -0.0, callback: true), .answerJavaScript(data: nil, newest: true),
            .corruptFetch(result: "not json"), .openFrame(url: "http://__wvjb_queue_message__"), .reload, .navigate, .settle(horizon: 100),
        ]
        let file = ExploreCaseFile(id: "explore.every-step", summary: "s", clauses: ["CB-2"], foundWith: "f",
                                   program: ExploreProgram(operations: operations, schedule: ExploreSchedule(evaluations: [1, 2], navigations: [16])))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json").path
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ExploreCaseFile.load(from: path) == file)
    }

    @Test("a malformed case file is refused with what is wrong and where", arguments: [
        ("{", "is not JSON"),
        (#"{"format":"wvjb-explore-case/9","id":"explore.x","clauses":[],"operations":[]}"#, "this kit reads \"wvjb-explore-case/1\""),
        (#"{"format":"wvjb-explore-case/1","id":"startup.x","clauses":[],"operations":[]}"#, "must start with \"explore.\""),
        (#"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":[],"operations":[{"op":"jump"}]}"#, "operation 0: unknown op \"jump\""),
        (#"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":[],"operations":[{"op":"settle","horizon":-1}]}"#, "operation 0: \"horizon\""),
        (#"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":[],"operations":[{"op":"registerNative","handler":"a","reply":"maybe"}]}"#, "reply \"maybe\" is not one of"),
        (#"{"format":"wvjb-explore-case/1","id":"explore.x","clauses":[],"schedule":{"evaluations":[0.5]},"operations":[]}"#, "whole milliseconds"),
    ])
    func malformedCaseFiles(text: String, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try ExploreCaseFile.load(from: path)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains(path)
        }
    }

    @Test("ConformanceExploration, the helper for implementers' tests, reports a mutant's shrunk counterexample")
    func implementerHelper() async throws {
        let mutant = try #require(MutantCatalogue.mutant(named: "batch-reversed"))
        let outcome = try await ConformanceExploration.explore(adapter: { mutant.makeAdapter() }, seed: 1, runs: 300)
        #expect(outcome.foundDifference)
        #expect(try #require(outcome.shrunkSteps) <= 6)
        #expect(outcome.description.contains("[ORD-2]") && outcome.description.contains("--replay"), "\(outcome.description)")
        #expect(outcome.caseFileText?.contains("\"format\": \"wvjb-explore-case/1\"") == true)
        let clean = try await ConformanceExploration.explore(adapter: { ReferenceBridgeAdapter() }, seed: 1, runs: 20)
        #expect(!clean.foundDifference && clean.programsRun == 20)
    }
}


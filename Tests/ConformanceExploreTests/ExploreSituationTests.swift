import ConformanceKit
import ReferenceBridge
import ReferenceOracle
import TestTiers
import Testing

/// Explore reaches every situation the spec describes: for each kind, the first program of seed 1 that builds
/// it (its number in the run is named, so a change to the generator shows here), and the reference passes it.
@Suite("Explore: every situation kind is generated, and the reference passes it")
@MainActor
struct ExploreSituationTests {
    /// A situation kind, what shows a program builds it, and the number (from 0) of the first program of seed 1
    /// that does.
    struct Situation: CustomTestStringConvertible, Sendable {
        var name: String
        var firstRun: Int
        var builds: @Sendable (ExploreProgram) -> Bool
        var testDescription: String { "\(name): program \(firstRun) of seed 1" }
    }

    nonisolated static let situations: [Situation] = [
        Situation(name: "re-entrancy: a called native handler that acts inside its batch", firstRun: 24) { program in
            let reentrant: Set<ExploreOperation.NativeReply> = [
                .answerThenCall, .callThenAnswer, .registersNext, .removesNext, .removesItself, .resets,
                .disablesSafety,
            ]
            return program.operations.enumerated().contains { index, operation in
                guard case let .registerNative(handler, reply) = operation, reentrant.contains(reply) else {
                    return false
                }
                return program.operations[(index + 1)...].contains {
                    if case .callNative(handler, _, _) = $0 { return true }
                    return false
                }
            }
        },
        Situation(name: "re-entrancy: a native callback that resets and calls again", firstRun: 10) { program in
            program.operations.contains {
                if case .callJavaScriptReentrant(_, _, .resetsAndCallsAgain) = $0 { return true }
                return false
            }
        },
        Situation(name: "re-entrancy: a JS handler that asks native and answers from the callback", firstRun: 859) {
            program in
            program.operations.enumerated().contains { index, operation in
                guard case let .registerJavaScript(handler, .asksNative) = operation else { return false }
                return program.operations[(index + 1)...].contains {
                    if case .callJavaScript(handler, _, true) = $0 { return true }
                    return false
                }
            }
        },
        Situation(name: "the safety switch used twice, with a page change or reset between", firstRun: 65) { program in
            let switches = program.operations.indices.filter { program.operations[$0] == .disableSafetyTimeout }
            guard let first = switches.first, let last = switches.last, first < last else { return false }
            return program.operations[first...last].contains { $0 == .reload || $0 == .navigate || $0 == .reset }
        },
        Situation(name: "names: the empty native name registered and called", firstRun: 908) { program in
            program.operations.contains { $0 == .registerNative(handler: "", reply: .echo) }
                && program.operations.contains {
                    if case .callNative("", _, _) = $0 { return true }
                    return false
                }
        },
        Situation(name: "ids: a callback id that is not a string", firstRun: 26) { program in
            program.operations.contains {
                if case .corruptFetch(let fetch) = $0 {
                    return fetch.clause?.id == "ID-3" && fetch.result.contains("callbackId\":7")
                }
                return false
            }
        },
        Situation(name: "malformed input: a batch in Foundation white space", firstRun: 72) { program in
            program.operations.contains {
                if case .corruptFetch(let fetch) = $0 { return fetch.result.hasPrefix("\u{00A0}") }
                return false
            }
        },
        Situation(name: "malformed input: a navigation to a string that is not a URL", firstRun: 100) { program in
            program.operations.contains { $0 == .openFrame(url: "https://__wvjb_queue_message__ x") }
        },
        Situation(name: "malformed input: data changed between callHandler and the fetch", firstRun: 15) { program in
            program.operations.contains {
                if case .pageInput(.dataChangedAfterCall, _) = $0 { return true }
                return false
            }
        },
        Situation(name: "malformed input: cyclic data", firstRun: 6) { program in
            program.operations.contains {
                if case .pageInput(.cyclicData, _) = $0 { return true }
                return false
            }
        },
        Situation(name: "malformed input: polluted prototypes", firstRun: 5) { program in
            program.operations.contains {
                if case .pageInput(.pollutedPrototypes, _) = $0 { return true }
                return false
            }
        },
        Situation(name: "malformed input: forty calls in one turn", firstRun: 16) { program in
            program.operations.contains {
                if case .pageInput(.burst, _) = $0 { return true }
                return false
            }
        },
        Situation(name: "scheduling: two navigation decisions in one main-queue turn", firstRun: 3) { program in
            guard let hop = program.schedule.mainQueueHops.first, hop >= 1 else { return false }
            return zip(program.operations, program.operations.dropFirst()).contains { pair in
                if case .callNative = pair.0, case .callNative = pair.1 { return true }
                return false
            }
        },
    ]

    @Test(
        "the first program of seed 1 building the situation, and the reference passes it",
        arguments: TestTier.sample(situations))
    func situationGeneratedAndPassed(_ situation: Situation) async throws {
        let generator = try ExploreTests.generator()
        let run = (0..<20_000).first {
            situation.builds(generator.program(seed: ExploreRandom.programSeed(run: $0, of: 1)))
        }
        let found = try #require(run)
        #expect(found == situation.firstRun, "the first program building it is now number \(found)")
        let explorer = try ExploreTests.explorer()
        let options = ExploreOptions(seed: 1, runs: 1, replay: ExploreRandom.programSeed(run: found, of: 1))
        let report = await explorer.explore(options, generator: generator)
        #expect(
            !report.isFailure && report.nonStrictPrograms == 0,
            "\(report.render(adapter: "reference", maxOperations: 12, replay: { "\($0)" }, bridgeJavaScriptSource: ""))"
        )
    }
}

import ConformanceKit
import StrictJSON
import Testing

/// The shrinker alone, on predicates that need no engine.
@Suite("Explore: the shrinker")
@MainActor
struct ExploreShrinkerTests {
    static let noise: [ExploreOperation] = [
        .registerNative(handler: "alpha", reply: .twice), .settle(horizon: 100),
        .callNative(handler: "beta", data: ["a": [1, 2, "x"]], callback: true),
        .reload, .registerJavaScript(handler: "late", reply: .later), .answerJavaScript(data: "held", newest: false),
        .navigate,
    ]

    @Test("a failure that needs a reset and then a call with a callback shrinks to exactly those two steps, simplified")
    func shrinksToTheSteps() async {
        let program = ExploreProgram(
            operations: Self.noise + [.reset] + Self.noise + [
                .callJavaScript(handler: "echo", data: ["deep": [[["x"]]]], callback: true)
            ] + Self.noise,
            schedule: ExploreSchedule(evaluations: [16, 2], completions: [5], navigations: [1]))
        let result = await ExploreShrinker().shrink(program) { candidate in
            guard let reset = candidate.operations.firstIndex(of: .reset) else { return false }
            return candidate.operations[reset...].contains {
                if case .callJavaScript(_, _, true) = $0 { return true }; return false
            }
        }
        #expect(
            result.program
                == ExploreProgram(operations: [.reset, .callJavaScript(handler: "echo", data: nil, callback: true)]))
        #expect(result.attempts < 400, "\(result.attempts) attempts")
    }

    @Test("data shrinks to the smallest value that still fails")
    func shrinksData() async {
        let program = ExploreProgram(operations: [
            .callJavaScript(handler: "echo", data: ["a": ["\u{2028}xyz", 3, true], "b": "long text"], callback: false)
        ])
        let result = await ExploreShrinker().shrink(program) { candidate in
            candidate.operations.first?.data?.canonicalText.contains("\\u2028") == true
        }
        #expect(result.program.operations == [.callJavaScript(handler: "echo", data: "\u{2028}", callback: false)])
    }

    @Test("every candidate is strictly smaller, so shrinking ends; and the attempt limit holds")
    func candidatesAreSmaller() async {
        let program = ExploreProgram(
            operations: Self.noise + Self.noise, schedule: ExploreSchedule(evaluations: [3, 0]))
        func weight(_ program: ExploreProgram) -> [Int] {
            let schedule = program.schedule
            return [
                program.size.steps, program.size.data, program.size.schedule,
                schedule.evaluations.count + schedule.completions.count + schedule.navigations.count,
            ]
        }
        for candidate in ExploreShrinker.candidates(simplifying: program) {
            #expect(candidate != program)
            let (a, b) = (weight(candidate), weight(program))
            #expect(
                a.lexicographicallyPrecedes(b)
                    || (a == b
                        && candidate.operations.map { $0.line(at: 0) } != program.operations.map { $0.line(at: 0) })
            )
        }
        let limited = await ExploreShrinker(maxAttempts: 5).shrink(program) { _ in false }
        #expect(limited.attempts == 5 && limited.program == program)
    }

    @Test("smaller JSON values head towards null and never grow")
    func smallerValues() {
        let value: JSONValue = ["k": [1.5, "abc", ["x": true]]]
        func weight(_ data: JSONValue) -> Int {
            ExploreProgram(operations: [.answerJavaScript(data: data, newest: false)]).size.data
        }
        for smaller in ExploreShrinker.smaller(value) {
            #expect(weight(smaller) < weight(value), "\(smaller.canonicalText)")
        }
        #expect(ExploreShrinker.smaller(.null).isEmpty)
    }
}

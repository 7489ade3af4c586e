import ConformanceAdapter
import ConformanceCatalogue
import ConformanceExplore
import ConformanceSupport
import StrictJSON

/// Differential exploration of the container profile: generated programs (`ContainerProgram`) run against the
/// implementation and the reference container, and the first program whose observations differ, shrunk step by
/// step to the smallest program that still differs. Strength that does not depend on guessing the defect: no case
/// names the situations a program draws.
@MainActor
package struct ContainerExplorer {
    /// A program on which the implementation and the reference differ.
    package struct Finding: Sendable, CustomStringConvertible {
        /// The program as drawn.
        package let program: ContainerProgram
        /// The program shrunk: every step left is needed for the difference.
        package let shrunk: ContainerProgram
        /// Where the shrunk program's observations first differ, and what each side showed there.
        package let difference: (index: Int, reference: String, implementation: String)
        /// How many programs ran before this one was found (itself included).
        package let programs: Int

        /// The finding, as a report shows it.
        package var description: String {
            """
            program \(programs) (seed \(program.seed)) differs from the reference; shrunk to \(shrunk.steps.count) of \
            \(program.steps.count) steps:
            \(shrunk.steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
            observation \(difference.index + 1): the reference shows \(difference.reference); the implementation \
            shows \(difference.implementation)
            """
        }
    }

    /// Runs the implementation, offering its JS side.
    private let runner: ContainerRunner
    /// Runs the reference, offering the kit's JS side.
    private let referenceRunner: ContainerRunner
    private let reference: ContainerAdapterFactory
    /// The values programs draw from besides the small pool: the hostile corpus's round-trip payloads.
    package let corpus: [JSONValue]
    /// The reference's observations per program, so shrinking runs each candidate against it once.
    private var referenceRuns: [[String]: (observations: [ContainerObservation], kitFault: String?)] = [:]
    /// Programs the implementation could not take (a synchronous call to a container without them, a throwing
    /// handler out of process): no difference, and counted here.
    package private(set) var programsNotApplicable = 0
    /// Programs the kit failed to run, on either side (a harness error): never a difference of the
    /// implementation's, and each said here, at most `maximumKitFaults` of them.
    package private(set) var kitFaults: [String] = []
    /// The most kit faults kept.
    package static let maximumKitFaults = 10

    /// An explorer offering the implementation `javaScriptSide` (the kit's when nil), comparing with `reference`,
    /// which is offered the kit's.
    package init(javaScriptSide: String? = nil, reference: @escaping ContainerAdapterFactory) throws(HarnessError) {
        runner = try ContainerRunner(javaScriptSide: javaScriptSide)
        referenceRunner = try ContainerRunner()
        self.reference = reference
        corpus = try PayloadCorpus.bundled().payloads(of: .roundTrip).map(\.nativeValue)
    }

    /// Runs programs `0..<programs` of `seed` until one differs; nil when none does.
    /// - Parameter mayStart: Asked before each program with its index; false ends the exploration there.
    package mutating func explore(
        programs: Int, seed: UInt64, adapter: ContainerAdapterFactory, mayStart: (Int) -> Bool = { _ in true }
    ) async -> Finding? {
        for run in 0..<programs {
            guard mayStart(run) else { return nil }
            let programSeed = ExploreRandom.programSeed(run: run, of: seed)
            if let finding = await finding(programSeed: programSeed, adapter: adapter, programs: run + 1) {
                return finding
            }
        }
        return nil
    }

    /// The program of `programSeed` (a finding's `program.seed`), shrunk when it differs; nil when it does not.
    /// - Parameter programs: How many programs ran up to this one, itself included.
    package mutating func finding(programSeed: UInt64, adapter: ContainerAdapterFactory, programs: Int = 1) async
        -> Finding?
    {
        let program = ContainerProgram(seed: programSeed, corpus: corpus)
        guard await difference(in: program, adapter: adapter) != nil else { return nil }
        let shrunk = await shrink(program, adapter: adapter)
        guard let difference = await difference(in: shrunk, adapter: adapter) else { return nil }
        return Finding(program: program, shrunk: shrunk, difference: difference, programs: programs)
    }

    /// The first observation where the implementation's run of `program` differs from the reference's; nil when
    /// none does, when the implementation cannot take the program (`programsNotApplicable`), or when the kit
    /// failed on either side (`kitFaults`).
    package mutating func difference(in program: ContainerProgram, adapter: ContainerAdapterFactory) async
        -> (index: Int, reference: String, implementation: String)?
    {
        let (expected, referenceFault) = await referenceObservations(of: program)
        let result = await runner.run(Self.containerCase(program), adapter: adapter)
        if let fault = referenceFault ?? Self.kitFault(result) {
            if kitFaults.count < Self.maximumKitFaults { kitFaults.append("program seed \(program.seed): \(fault)") }
            return nil
        }
        if result.verdict == .notApplicable {
            programsNotApplicable += 1
            return nil
        }
        let actual = ContainerObservation.of(result)
        guard expected != actual else { return nil }
        let index =
            zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, actual.count)
        func show(_ list: [ContainerObservation]) -> String {
            index < list.count ? list[index].description : "nothing more"
        }
        return (index, show(expected), show(actual))
    }

    private mutating func referenceObservations(of program: ContainerProgram) async -> (
        observations: [ContainerObservation], kitFault: String?
    ) {
        let key = program.steps.map(\.description)
        if let known = referenceRuns[key] { return known }
        let result = await referenceRunner.run(Self.containerCase(program), adapter: reference)
        let observed = (ContainerObservation.of(result), Self.kitFault(result).map { "the reference's run: " + $0 })
        referenceRuns[key] = observed
        return observed
    }

    /// What the kit failed at in `result`'s run, when its verdict is a harness error.
    private static func kitFault(_ result: CaseResult) -> String? {
        guard result.verdict == .harnessError else { return nil }
        return result.interruption?.text ?? "a harness error"
    }

    /// `program` without every step it can lose and still differ, one step at a time until none can go.
    private mutating func shrink(_ program: ContainerProgram, adapter: ContainerAdapterFactory) async
        -> ContainerProgram
    {
        var current = program
        var removedOne = true
        while removedOne {
            removedOne = false
            for index in current.steps.indices.reversed() {
                var candidate = current
                candidate.steps.remove(at: index)
                if await difference(in: candidate, adapter: adapter) != nil {
                    current = candidate
                    removedOne = true
                }
            }
        }
        return current
    }

    /// What the page of every program does first: notes whether the JS side is there for its first script, and
    /// notes each answer the native side evaluates (`callbackDispatcher`), its id numbered by first appearance (ids
    /// are the JS side's to choose) and its JSON text parsed.
    static let pageScript = """
        conformance.note("ready", typeof containerBridge);
        var answerIDs = {}, answerCount = 0, lastAnswerID = "none";
        var dispatchAnswer = window.callbackDispatcher;
        window.callbackDispatcher = function (id, json) {
            if (!answerIDs.hasOwnProperty(id)) { answerCount += 1; answerIDs[id] = answerCount; }
            lastAnswerID = id;
            var value;
            try { value = json === "" ? "(empty)" : JSON.parse(json); } catch (error) { value = "(not JSON)"; }
            conformance.note("dispatched", [answerIDs[id], value]);
            return typeof dispatchAnswer === "function" ? dispatchAnswer(id, json) : undefined;
        };
        """

    /// The program as a case: the page (`pageScript`), then each step and the page run until idle.
    static func containerCase(_ program: ContainerProgram) -> ContainerCase {
        ContainerCase(
            id: "explore.program-\(program.seed)", clauses: [], needsSynchronousCalls: program.callsSynchronously,
            usesThrowingHandlers: program.registersThrowingHandlers,
            summary: "a generated program"
        ) { context in
            context.loadPage(pageScript)
            try await context.runUntilIdle()
            for step in program.steps {
                try perform(step, in: context)
                try await context.runUntilIdle()
            }
        }
    }

    private static func perform(_ step: ContainerStep, in context: ContainerCaseContext) throws {
        func js(_ value: JSONValue?) -> String { value?.canonicalText ?? "undefined" }
        func quoted(_ text: String) -> String { JSONValue.string(text).canonicalText }
        switch step {
        case let .register(handler, action, reply):
            try context.register(handler: handler, action: action, reply: reply.contextReply)
        case let .call(handler, action, params, callback, count):
            context.runInPage(
                (0..<count).map { index in
                    let callbackArgument =
                        callback.map { ", conformance.callback(\(quoted(index == 0 ? $0 : "\($0).\(index)")))" } ?? ""
                    return
                        "containerBridge.call(\(quoted(handler)), \(quoted(action)), \(js(params))\(callbackArgument));"
                }.joined(separator: "\n"))
        case let .post(handler, action, params, callbackID, callbackFunction):
            let body: JSONValue = .object(
                [
                    "handler": .string(handler), "action": .string(action), "callbackId": .string(callbackID),
                    "callbackFunction": .string(callbackFunction),
                ].merging(params.map { ["params": $0] } ?? [:]) { a, _ in a })
            context.runInPage("window.webkit.messageHandlers.WKJSBridge.postMessage(\(body.canonicalText));")
        case let .redispatch(knownID, json):
            let id = knownID ? "lastAnswerID" : quoted("no-such-id")
            context.runInPage(
                "try { callbackDispatcher(\(id), \(quoted(json))); conformance.note(\"redispatch\", \"returned\"); } "
                    + "catch (error) { conformance.note(\"redispatch\", \"threw\"); }")
        case let .callSync(handler, action, params, label):
            context.runInPage(
                "conformance.note(\(quoted(label)), containerBridge.callSync(\(quoted(handler)), \(quoted(action)), \(js(params))));"
            )
        case let .listen(eventID, label, returns):
            context.runInPage(
                "onListenEvent(\(quoted(eventID)), function (data) { conformance.note(\(quoted(label)), data); return \(js(returns)); });"
            )
        case let .event(eventID, data, completion):
            try context.sendEvent(eventID, data: data, label: completion)
        case let .answerHeld(name, value):
            context.answerHeld(name, with: value)
        }
    }
}

import ConformanceBrowser
import ConformanceObligations
import StrictJSON

/// An obligation that must hold at every moment of a bridge's life: a row of the situation table (spec,
/// appendix C.1). A probe says what the native side does (`nativeSteps`, run at the top level or inside a
/// handler, as the situation decides) and what the page does (`pageScript`, with the page's bridge as
/// `bridge`), and judges the transcript, each failure citing the obligation of the side that broke it.
enum SituationProbe: String, CaseIterable, Sendable {
    /// A native call with a response callback reaches the JS handler once and its answer the callback once.
    case nativeCallAnswered = "native-call-answered"
    /// A JS call with a response callback reaches the native handler once and its answer the callback once.
    case jsCallAnswered = "js-call-answered"
    /// Three native calls reach the JS handler in the order they were made.
    case nativeCallsInOrder = "native-calls-in-order"
    /// Three JS calls made in one turn reach the native handler in the order they were made.
    case jsCallsInOrder = "js-calls-in-order"

    /// The data of the probe's calls: distinct from the warm-up's, so that only the probe's own traffic is read.
    static let data: JSONValue = ["probe": "answered", "at": 1]

    /// What the row says in the spec's table.
    var summary: String {
        switch self {
        case .nativeCallAnswered: "a native call reaches the JS handler once, its answer the native callback once"
        case .jsCallAnswered: "a JS call reaches the native handler once, its answer the JS callback once"
        case .nativeCallsInOrder: "native calls reach the JS handler in send order"
        case .jsCallsInOrder: "JS calls of one turn reach the native handler in call order"
        }
    }

    /// The clauses the probe checks, its main one first.
    var clauses: [Clause] {
        switch self {
        case .nativeCallAnswered: [.cb1, .disp3, .disp5, .esc3]
        case .jsCallAnswered: [.flush7, .disp4, .disp2, .msg5, .msg3, .esc3]
        case .nativeCallsInOrder: [.ord1, .disp3, .disp5, .esc3]
        case .jsCallsInOrder: [.ord2, .ord3, .disp2, .msg5, .msg3, .flush7]
        }
    }

    /// What the native side does.
    var nativeSteps: [CaseContext.InsideStep] {
        switch self {
        case .nativeCallAnswered: [.call("echo", data: Self.data, callback: "answer")]
        case .nativeCallsInOrder: (1...3).map { .call("sink", data: .number(Double($0)), callback: nil) }
        case .jsCallAnswered, .jsCallsInOrder: []
        }
    }

    /// What the page does, as statements using `bridge`.
    var pageScript: String {
        switch self {
        case .jsCallAnswered:
            #"bridge.callHandler("echo", \#(Self.data.canonicalText), conformance.callback("answer"));"#
        case .jsCallsInOrder:
            #"bridge.callHandler("sink", 1); bridge.callHandler("sink", 2); bridge.callHandler("sink", 3);"#
        case .nativeCallAnswered, .nativeCallsInOrder: ""
        }
    }

    /// Judges what happened in `situation`, following each message from the side that sends it to the side
    /// that receives it, so that the first loss or change is blamed on the side it happened on and the later
    /// checks, which it decides, are not made.
    @MainActor
    func check(after situation: LifecycleSituation, in trail: SituationTrail) {
        let context = trail.context
        switch self {
        case .nativeCallAnswered: Self.checkNativeCallAnswered(after: situation, trail, context)
        case .jsCallAnswered: Self.checkJSCallAnswered(after: situation, trail, context)
        case .nativeCallsInOrder: Self.checkNativeCallsInOrder(after: situation, trail, context)
        case .jsCallsInOrder: Self.checkJSCallsInOrder(after: situation, trail, context)
        }
    }

    @MainActor
    private static func checkNativeCallAnswered(
        after situation: LifecycleSituation, _ trail: SituationTrail, _ context: CaseContext
    ) {
        let sent = trail.nativeCalls(to: "echo", onLastPage: situation.holdsForTheNextPage)
        guard
            context.expectEqual(
                sent.count, 1, clause: situation.nativeSendObligation,
                "evaluations of the native call to echo, made \(situation.heading)"),
            context.expectEqual(sent, [data], clause: .esc3a, "data of that call, as parsed from its literal")
        else { return }
        let handled = context.transcript.jsHandlerInvocations("echo")
        guard
            context.expectEqual(
                handled.count, 1,
                clause: handled.isEmpty ? trail.obligationForACallDispatchedTooEarly(to: "echo") ?? .disp3a : .disp3a,
                "invocations of the JS handler echo"),
            context.expectEqual(handled.map(\.data), [data], clause: .disp5a, "data the JS handler echo got"),
            context.expectEqual(
                handled.map(\.hasResponder), [true], clause: .disp5b, "whether the JS handler got a responder")
        else { return }
        let fetched = trail.responses(to: trail.callbackID(ofCallTo: "echo", fetched: false), fetched: true)
        guard
            context.expectEqual(
                fetched, [data], clause: fetched.isEmpty ? trail.undeliveredObligation : .disp5b,
                "responses to the call fetched from the page, with their data")
        else { return }
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("answer"), [data], clause: .cb1b,
            "answers the native callback got")
    }

    @MainActor
    private static func checkJSCallAnswered(
        after situation: LifecycleSituation, _ trail: SituationTrail, _ context: CaseContext
    ) {
        let fetched = trail.callsFetched(to: "echo")
        guard
            context.expectEqual(
                fetched.count, 1, clause: fetched.isEmpty ? trail.undeliveredObligation : .disp2c,
                "fetched calls to the native handler echo, made \(situation.heading)"),
            context.expectEqual(fetched, [data], clause: .msg5b, "data of the fetched call")
        else { return }
        let handled = context.transcript.nativeHandlerInvocations("echo")
        guard
            context.expectEqual(
                handled.count, 1,
                clause: handled.isEmpty ? situation.handlerPersistenceObligation ?? .flush7a : .flush7a,
                "invocations of the native handler echo"),
            context.expectEqual(handled, [data], clause: .msg3f, "data the native handler echo got")
        else { return }
        let answers = trail.responses(to: trail.callbackID(ofCallTo: "echo", fetched: true), fetched: false)
        guard
            context.expectEqual(
                answers.count, 1, clause: .flush7b, "responses to the call the native side evaluated"),
            context.expectEqual(answers, [data], clause: .esc3a, "their data, as parsed from the literal")
        else { return }
        context.expectEqual(
            context.transcript.jsCallbackInvocations("answer"), [data], clause: .disp4a, "answers the JS callback got")
    }

    @MainActor
    private static func checkNativeCallsInOrder(
        after situation: LifecycleSituation, _ trail: SituationTrail, _ context: CaseContext
    ) {
        let sent = trail.nativeCalls(to: "sink", onLastPage: situation.holdsForTheNextPage)
        guard
            context.expectEqual(
                sent.count, 3, clause: situation.nativeSendObligation,
                "evaluations of the three native calls to sink, made \(situation.heading)"),
            context.expectEqual(
                sent.sorted(by: Self.numerically), [1, 2, 3], clause: .esc3a,
                "data of those calls, as parsed from their literals"),
            context.expectEqual(
                sent, [1, 2, 3], clause: situation.nativeOrderObligation, "data of those calls, in evaluation order"
            )
        else { return }
        let got = context.transcript.jsHandlerInvocations("sink").map(\.data)
        guard
            context.expectEqual(
                got.count, 3,
                clause: got.isEmpty ? trail.obligationForACallDispatchedTooEarly(to: "sink") ?? .disp3a : .disp3a,
                "invocations of the JS handler sink"),
            context.expectEqual(got.sorted(by: Self.numerically), [1, 2, 3], clause: .disp5a, "data it got")
        else { return }
        context.expectEqual(got, [1, 2, 3], clause: .disp3b, "data the JS handler sink got, in order")
    }

    @MainActor
    private static func checkJSCallsInOrder(
        after situation: LifecycleSituation, _ trail: SituationTrail, _ context: CaseContext
    ) {
        let fetched = trail.callsFetched(to: "sink")
        guard
            context.expectEqual(
                fetched.count, 3, clause: fetched.isEmpty ? trail.undeliveredObligation : .disp2c,
                "fetched calls to the native handler sink, made \(situation.heading)"),
            context.expectEqual(
                fetched.sorted(by: Self.numerically), [1, 2, 3], clause: .msg5b, "data of the fetched calls"),
            context.expectEqual(fetched, [1, 2, 3], clause: .ord3a, "data of the fetched calls, in order")
        else { return }
        let got = context.transcript.nativeHandlerInvocations("sink")
        guard
            context.expectEqual(
                got.count, 3, clause: got.isEmpty ? situation.handlerPersistenceObligation ?? .flush7a : .flush7a,
                "invocations of the native handler sink"),
            context.expectEqual(got.sorted(by: Self.numerically), [1, 2, 3], clause: .msg3d, "data it got")
        else { return }
        context.expectEqual(got, [1, 2, 3], clause: .ord2a, "data the native handler sink got, in order")
    }

    private static func numerically(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        guard case .number(let a)? = left, case .number(let b)? = right else { return false }
        return a < b
    }
}

import ConformanceAdapter
import ConformanceObligations
import StrictJSON
import WireDialects

/// A moment in a bridge's life that every obligation of the situation table must survive: a column of the
/// table (spec, appendix C.1). Each situation brings the bridge and the page to its moment and then lets a
/// `SituationProbe` act there, the native side's steps and the page's script alike.
enum LifecycleSituation: String, CaseIterable, Sendable {
    /// Native sends before the page has loaded (held in the startup queue); the page acts in its setup callback.
    case beforeLoad = "before-load"
    /// After an exchange, the bridge is reset; native sends are made before the page reloads, the page acts after.
    case afterReset = "after-reset"
    /// After an exchange on one page, the web view navigates to another, and both sides act there.
    case onASecondPage = "on-a-second-page"
    /// The native side acts inside a native handler the page called; the page acts inside a JS handler the
    /// native side called.
    case insideAHandler = "inside-a-handler"
    /// Both sides act after a JS handler threw on a native call, through the native side's evaluation where
    /// the dialect has no alert safety timeout or the bridge can switch it off (it is switched off first), in
    /// a timer turn otherwise.
    case afterAJSHandlerThrew = "after-a-js-handler-threw"
    /// Both sides act after a native handler failed on a JS call.
    case afterANativeHandlerFailed = "after-a-native-handler-failed"
    /// Both sides act after each called a handler the other side does not have.
    case afterAMissingHandler = "after-a-missing-handler"

    /// The data of the warm-up's calls each way, and of their answers.
    static let warmUpData: JSONValue = "warm-up"

    /// The label of the page note the setup callback writes once it has registered the page's JS handlers.
    static let handlersRegisteredNote = "handlers registered"

    /// What the column's heading says in the spec's table.
    var heading: String {
        switch self {
        case .beforeLoad: "before the page loads"
        case .afterReset: "after a reset"
        case .onASecondPage: "on a second page"
        case .insideAHandler: "inside a handler"
        case .afterAJSHandlerThrew: "after a JS handler threw"
        case .afterANativeHandlerFailed: "after a native handler failed"
        case .afterAMissingHandler: "after a missing handler"
        }
    }

    /// The clauses that make the moment: cited beside the probe's own (a dialect without them leaves the cell
    /// not applicable).
    var clauses: [Clause] {
        switch self {
        case .beforeLoad: [.start1]
        case .afterReset: [.start3]
        case .onASecondPage: [.life1]
        case .insideAHandler, .afterAJSHandlerThrew: []
        case .afterANativeHandlerFailed: [.flush8]
        case .afterAMissingHandler: [.miss1]
        }
    }

    /// The clauses the moment's own checks cite when `probe` acts in it (`checkMoment(of:in:)`).
    func checkedClauses(for probe: SituationProbe) -> [Clause] {
        guard self == .insideAHandler else { return [] }
        return (probe.nativeSteps.isEmpty ? [] : [.flush7]) + (probe.pageScript.isEmpty ? [] : [.disp3])
    }

    /// What the implementation needs for the moment when `probe` acts in it.
    func requirements(for probe: SituationProbe) -> BridgeCapabilities {
        switch self {
        case .afterReset: .reset
        case .insideAHandler: probe.nativeSteps.isEmpty ? [] : .reentrantHandlers
        case .afterANativeHandlerFailed: .throwingHandlers
        case .beforeLoad, .onASecondPage, .afterAJSHandlerThrew, .afterAMissingHandler: []
        }
    }

    /// The obligation that makes the native side send a message at this moment: held and delivered after the
    /// load URL when the startup queue is armed (by the bridge's start, or by a reset, for the next page),
    /// evaluated at once otherwise.
    var nativeSendObligation: Obligation {
        switch self {
        case .beforeLoad: .start1a
        case .afterReset: .start3a
        default: .start2a
        }
    }

    /// The obligation that orders the native side's messages at this moment: the startup queue's FIFO when it
    /// holds them, send order otherwise.
    var nativeOrderObligation: Obligation {
        switch self {
        case .beforeLoad, .afterReset: .start1c
        default: .ord1a
        }
    }

    /// The obligation that keeps the native handlers registered before the moment: a reset keeps them
    /// (START-3.d), and so does a navigation to another page (LIFE-1.b); nil where nothing could drop them.
    var handlerPersistenceObligation: Obligation? {
        switch self {
        case .afterReset: .start3d
        case .onASecondPage: .life1b
        default: nil
        }
    }

    /// Whether the native side's messages are held for the page loaded after the moment, and must reach it.
    var holdsForTheNextPage: Bool { self == .afterReset }

    /// Checks that the moment came as the case made it, where a bridge could prevent it: inside a handler,
    /// the handler the other side called ran. Returns false, after a failure, when it did not.
    @MainActor
    func checkMoment(of probe: SituationProbe, in context: CaseContext) -> Bool {
        guard self == .insideAHandler else { return true }
        if !probe.nativeSteps.isEmpty,
            !context.expectEqual(
                context.transcript.nativeHandlerInvocations("act"), ["act"], clause: .flush7a,
                "invocations of the native handler act, which makes the probe's calls")
        {
            return false
        }
        if !probe.pageScript.isEmpty,
            !context.expectEqual(
                context.transcript.jsHandlerInvocations("act").map(\.data), ["act"], clause: .disp3a,
                "invocations of the JS handler act, which makes the probe's calls")
        {
            return false
        }
        return true
    }

    /// Brings the bridge to the moment, lets `probe` act there, and runs until idle.
    /// - Returns: How many transcript entries there were when the moment came: what the bridges did from there
    ///   on is the probe's.
    @MainActor
    func run(_ probe: SituationProbe, in context: CaseContext) async throws -> Int {
        try context.registerHandler("echo", answer: .echo)
        try context.registerHandler("sink", answer: .none)
        try context.registerHandler("warm", answer: .echo)
        switch self {
        case .beforeLoad:
            try act(probe.nativeSteps, in: context)
            context.loadPage(Self.page(for: probe, actingInSetup: true))
            try await context.runUntilIdle()
            return 0
        case .afterReset:
            try await Self.startWithAnExchange(probe, in: context)
            let moment = context.transcript.entries.count
            try context.reset()
            try act(probe.nativeSteps, in: context)
            context.reload()
            try await context.runUntilIdle()
            try await pageActs(probe, in: context)
            return moment
        case .onASecondPage:
            try await Self.startWithAnExchange(probe, in: context)
            let moment = context.transcript.entries.count
            context.loadPage(Self.page(for: probe), url: "https://app.example/second.html")
            try await context.runUntilIdle()
            _ = try await bothAct(probe, in: context)
            return moment
        case .insideAHandler:
            try context.registerHandler("act", answer: .steps(probe.nativeSteps))
            try await Self.startWithAnExchange(probe, in: context)
            let moment = context.transcript.entries.count
            if !probe.nativeSteps.isEmpty { context.runInPage(Self.inBridge(#"bridge.callHandler("act", "act");"#)) }
            if !probe.pageScript.isEmpty { try context.callHandler("act", data: "act") }
            try await context.runUntilIdle()
            return moment
        case .afterAJSHandlerThrew:
            try await Self.startWithAnExchange(probe, in: context)
            if context.runDialect.disableSafetyTimeoutHandler != nil,
                context.offeredCapabilities.contains(.disableSafetyTimeout)
            {
                try context.disableSafetyTimeout()
                try await context.runUntilIdle()
            }
            try context.callHandler("thrower", data: "throw")
            try await context.runUntilIdle()
            return try await bothAct(probe, in: context)
        case .afterANativeHandlerFailed:
            try context.registerThrowingHandler("failing")
            try await Self.startWithAnExchange(probe, in: context)
            context.runInPage(Self.inBridge(#"bridge.callHandler("failing", "fail");"#))
            try await context.runUntilIdle()
            return try await bothAct(probe, in: context)
        case .afterAMissingHandler:
            try await Self.startWithAnExchange(probe, in: context)
            try context.callHandler("nobody", data: "to no JS handler")
            context.runInPage(Self.inBridge(#"bridge.callHandler("nobody", "to no native handler");"#))
            try await context.runUntilIdle()
            return try await bothAct(probe, in: context)
        }
    }

    /// Loads the page and runs one answered call each way with the `warm` handlers, so that the moment comes
    /// after traffic, as it does in an app.
    @MainActor
    private static func startWithAnExchange(_ probe: SituationProbe, in context: CaseContext) async throws {
        context.loadPage(page(for: probe))
        try await context.runUntilIdle()
        try context.callHandler("warm", data: warmUpData, callback: "warm-up")
        context.runInPage(inBridge(#"bridge.callHandler("warm", "warm-up", conformance.callback("warm-up"));"#))
        try await context.runUntilIdle()
    }

    /// Lets both sides act at the top level, returning how many transcript entries there were before.
    @MainActor
    private func bothAct(_ probe: SituationProbe, in context: CaseContext) async throws -> Int {
        let moment = context.transcript.entries.count
        try act(probe.nativeSteps, in: context)
        try await pageActs(probe, in: context)
        return moment
    }

    @MainActor
    private func pageActs(_ probe: SituationProbe, in context: CaseContext) async throws {
        if !probe.pageScript.isEmpty { context.runInPage(Self.inBridge("pageActs(bridge);")) }
        try await context.runUntilIdle()
    }

    /// Does the native side's steps at the top level, as the app does outside any handler.
    @MainActor
    private func act(_ steps: [CaseContext.InsideStep], in context: CaseContext) throws {
        for step in steps {
            guard case let .call(name, data, callback) = step else { continue }
            try context.callHandler(name, data: data, callback: callback)
        }
    }

    /// `statements` run with the page's bridge as `bridge`.
    private static func inBridge(_ statements: String) -> String {
        "(function (bridge) { \(statements) })(window.WebViewJavascriptBridge);"
    }

    /// The page every cell loads: its setup callback registers the recording and answering JS handlers, one
    /// that throws and one (`act`) that runs the probe's page script; the script also runs in the setup
    /// callback when `actingInSetup`.
    private static func page(for probe: SituationProbe, actingInSetup: Bool = false) -> String {
        """
        function pageActs(bridge) {
        \(probe.pageScript)
        }
        \(WireDialect.canonical.pageSetupCall)(function (bridge) {
            bridge.registerHandler("echo", conformance.echoHandler("echo"));
            bridge.registerHandler("sink", conformance.recordingHandler("sink"));
            bridge.registerHandler("warm", conformance.echoHandler("warm"));
            bridge.registerHandler("thrower", function () { throw new Error("thrown by a JS handler, as the case asks"); });
            bridge.registerHandler("act", function (data) {
                conformance.recordingHandler("act")(data);
                pageActs(bridge);
            });
            conformance.note(\(CanonicalJSON.quote(handlersRegisteredNote)), true);
            \(actingInSetup ? "pageActs(bridge);" : "")
        });
        """
    }
}

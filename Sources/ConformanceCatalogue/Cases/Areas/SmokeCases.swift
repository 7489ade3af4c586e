import ConformanceAdapter
import ConformanceBrowser
import ConformanceObligations
import StrictJSON
import WireDialects

/// A handful of trivial steps that tell "the adapter is wired wrong" from "the implementation is wrong",
/// in the manner of Bowtie's smoke check. Not part of the catalogue; run with `conformance smoke`.
///
/// When a step fails, its transcript is read for who is at fault: the adapter (the step's hint says what
/// it must do), the bridge (the adapter did its part, so a full run names the clause broken), or either
/// (the evidence cannot tell; the diagnosis says how to find out).
package enum SmokeCases {
    /// Who a failed step points at, as far as its transcript shows.
    package enum Fault: Sendable, Equatable {
        /// The adapter's wiring: the step's hint says what to fix.
        case adapter
        /// The bridge: the adapter did its part.
        case bridge
        /// The adapter or the bridge: the transcript cannot tell them apart.
        case adapterOrBridge
        /// The kit itself (a harness error): neither the adapter nor the bridge.
        case kit
    }

    /// What a failed step points at, and why.
    package struct Diagnosis: Sendable, Equatable {
        /// Who is at fault.
        package var fault: Fault
        /// What the transcript shows and how to go on; nil when the step's hint says it all.
        package var explanation: String?

        /// Creates a diagnosis.
        /// - Parameters:
        ///   - fault: Who is at fault.
        ///   - explanation: What the evidence shows, or nil.
        package init(fault: Fault, explanation: String?) {
            self.fault = fault
            self.explanation = explanation
        }
    }

    /// One smoke step and the hint printed when it fails.
    package struct Step: Sendable {
        /// The case that checks the step.
        package let check: ConformanceCase
        /// What to look at in the adapter when the step fails.
        package let hint: String
        /// Reads the transcript of a failed run of the step whose own check failed.
        fileprivate let diagnose: @Sendable (Transcript) -> Diagnosis

        /// Who a failed run of the step points at, from the failures it recorded and its transcript (a run
        /// that was interrupted, by an adapter error, a crash or a timeout, is the caller's to judge). A step
        /// whose own check held but whose bridge broke a rule the web view enforces (a navigation decided
        /// twice, ...) points at the bridge.
        /// - Parameters:
        ///   - failures: The step's failures.
        ///   - transcript: What the step observed.
        package func diagnosis(failures: [CheckFailure], transcript: Transcript) -> Diagnosis {
            if !failures.isEmpty, failures.allSatisfy({ !check.clauses.contains($0.clause) }) {
                return Diagnosis(
                    fault: .bridge,
                    explanation: "the step itself worked, but the bridge broke a rule the web view enforces: "
                        + "a bridge defect, not wiring (a full run names the clause)")
            }
            return diagnose(transcript)
        }
    }

    /// The steps in `dialect`, in the order they build on each other: how the adapter attaches the bridge
    /// (as the navigation delegate, or with its script message handlers, as the dialect signals), then one
    /// injection and one call each way. Each step's case is written in one dialect and renamed into the run's.
    /// - Parameter dialect: The run's wire.
    package static func steps(in dialect: WireDialect) -> [Step] {
        let attach =
            [attachAsNavigationDelegate(), attachWithScriptMessageHandlers()].first {
                DialectApplicability.whyNotApplicable($0.check, in: dialect) == nil
            } ?? attachAsNavigationDelegate()
        let loadSignal = describe(dialect.loadSignal), queueSignal = describe(dialect.queueSignal)
        let loadSignalName =
            switch dialect.loadSignal {
            case .navigation(let navigation): navigation.host
            case .scriptMessage(let name): "a script message to \(name)"
            }
        return [
            attach,
            Step(
                check: ConformanceCase(
                    id: "smoke.injection", clauses: [.boot3],
                    summary: "the bridge injects the JS side on \(loadSignalName)"
                ) { context in
                    try await CasePages.start(context)
                    context.runInPage("conformance.note(\"bridge\", typeof window.WebViewJavascriptBridge);")
                    try await context.runUntilIdle()
                    context.expectEqual(
                        context.transcript.pageNotes("bridge"), ["object"], clause: .boot3a,
                        "typeof window.WebViewJavascriptBridge")
                },
                hint:
                    "on \(loadSignal) the bridge must evaluate webView.bridgeJavaScriptSource (or its own JS side)",
                diagnose: diagnoseInjection),
            Step(
                check: ConformanceCase(
                    id: "smoke.native-to-js", clauses: [.ord1], summary: "one native call reaches a JS handler"
                ) { context in
                    try await CasePages.start(context)
                    try context.callHandler("sink", data: "hello")
                    try await context.runUntilIdle()
                    context.expectEqual(
                        context.transcript.jsHandlerInvocations("sink").map(\.data), ["hello"], clause: .ord1a,
                        "data the JS handler got")
                },
                hint:
                    "callHandler(_:data:responseCallback:) must forward to the bridge, which evaluates through webView.evaluateJavaScript",
                diagnose: diagnoseNativeToJS),
            Step(
                check: ConformanceCase(
                    id: "smoke.js-to-native", clauses: [.flush7], summary: "one JS call reaches a native handler"
                ) { context in
                    try context.registerHandler("sink", answer: .none)
                    try await CasePages.start(
                        context,
                        page:
                            "setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler(\"sink\", \"hello\"); });"
                    )
                    context.expectEqual(
                        context.transcript.nativeHandlerInvocations("sink"), ["hello"], clause: .flush7a,
                        "data the native handler got")
                },
                hint:
                    "registerHandler must forward to the bridge, and the bridge must fetch the queue on \(queueSignal)",
                diagnose: diagnoseJSToNative),
        ]
    }

    /// The attach step of a dialect that signals through navigations: the bridge is the navigation delegate,
    /// and the page loads through it.
    private static func attachAsNavigationDelegate() -> Step {
        Step(
            check: ConformanceCase(
                id: "smoke.attach", clauses: [.boot2], summary: "the adapter attaches and the page loads"
            ) { context in
                context.loadPage("conformance.note(\"loaded\", true);")
                try await context.runUntilIdle()
                context.expectEqual(
                    context.transcript.pageNotes("loaded"), [true], clause: .boot2a, "whether the page loaded")
            },
            hint:
                "attach(to:) must create the bridge and make it (or a proxy) webView.navigationDelegate, allowing non-bridge URLs",
            diagnose: { _ in Diagnosis(fault: .adapter, explanation: nil) })
    }

    /// The attach step of a dialect that signals through script messages: the bridge adds its script message
    /// handlers when it attaches, so the page has both when it loads (written in the wkwvjb dialect's words).
    private static func attachWithScriptMessageHandlers() -> Step {
        let (inject, flush) = ("iOS_Native_InjectJavascript", "iOS_Native_FlushMessageQueue")
        return Step(
            check: ConformanceCase(
                id: "smoke.attach", clauses: [.wk5], dialects: [.wkwvjb],
                summary: "the adapter attaches and the page has the bridge's script message handlers"
            ) { context in
                context.loadPage(
                    """
                    var handlers = window.webkit && window.webkit.messageHandlers;
                    conformance.note("\(inject)", handlers ? typeof handlers.\(inject) : "no window.webkit");
                    conformance.note("\(flush)", handlers ? typeof handlers.\(flush) : "no window.webkit");
                    """)
                try await context.runUntilIdle()
                context.expectEqual(
                    context.transcript.pageNotes(inject) + context.transcript.pageNotes(flush), ["object", "object"],
                    clause: .wk5a,
                    "typeof window.webkit.messageHandlers.\(inject) and .\(flush) when the page loaded")
            },
            hint:
                "attach(to:) must create the bridge, which adds its script message handlers to the web view "
                + "(webView.wkWebView.configuration.userContentController, or webView.addScriptMessageHandler)",
            diagnose: { _ in Diagnosis(fault: .adapter, explanation: nil) })
    }

    /// How `signal` reaches the native side, for a hint.
    private static func describe(_ signal: WireSignal) -> String {
        switch signal {
        case .navigation(let navigation): navigation.url
        case .scriptMessage(let name): "a script message to \(name)"
        }
    }

    /// Who decided `__bridge_loaded__`: nobody (no delegate: the adapter did not install the bridge), the
    /// delegate allowing it (the bridge does not know its URL), or cancelling it and then evaluating
    /// nothing (a proxy delegate that does not forward, or a bridge that does not inject) or a script that
    /// did not define the bridge (the bridge's JS side).
    private static func diagnoseInjection(_ transcript: Transcript) -> Diagnosis {
        let wire = transcript.dialect
        let load = wire.loadSignal.navigation
        let decisions = transcript.events.compactMap { event -> (policy: NavigationActionPolicy, defaulted: Bool)? in
            if case let .navigationDecided(_, url, policy, defaulted) = event, let load,
                url.lowercased().contains(load.host)
            {
                return (policy, defaulted)
            }
            return nil
        }
        guard let decision = decisions.first(where: { !$0.defaulted }) else {
            return Diagnosis(fault: .adapter, explanation: nil)
        }
        let loadURL = load?.url ?? "the load signal"
        if decision.policy != .cancel {
            return Diagnosis(
                fault: .bridge,
                explanation: "the navigation delegate allowed \(loadURL), so it is installed, "
                    + "but it does not treat the URL as the bridge's")
        }
        let evaluated = transcript.nativeEvaluations.count
        if evaluated == 0 {
            return Diagnosis(
                fault: .adapterOrBridge,
                explanation: "the navigation delegate cancelled \(loadURL) but nothing "
                    + "was evaluated afterwards. Either the adapter's delegate (a proxy) does not hand the URL to the bridge, or the bridge "
                    + "does not inject its JS side; a log line in the bridge's navigation handling tells them apart")
        }
        return Diagnosis(
            fault: .bridge,
            explanation: "the bridge cancelled \(loadURL) and evaluated \(evaluated) script(s), "
                + "so the adapter did its part, but window.\(wire.javaScriptGlobal) is not an object: the JS side it evaluated is at fault"
        )
    }

    /// What followed the adapter's `callHandler`: no evaluation at all (the adapter did not forward, or the
    /// bridge did not send), or commands that did not reach the JS handler (the bridge's commands).
    private static func diagnoseNativeToJS(_ transcript: Transcript) -> Diagnosis {
        guard
            let call = transcript.events.lastIndex(where: {
                if case .adapterAction(.callHandler) = $0 { true } else { false }
            })
        else {
            return Diagnosis(fault: .adapter, explanation: nil)
        }
        let sent = transcript.events[(call + 1)...].compactMap { event -> String? in
            if case let .evaluationStarted(_, style, command) = event, style != .harness { return command.script }
            return nil
        }
        guard let first = sent.first else {
            return Diagnosis(
                fault: .adapterOrBridge,
                explanation: "the adapter's callHandler(\"sink\", data: \"hello\") returned, but nothing was "
                    + "evaluated in the page afterwards. Either the adapter does not forward the call to the bridge, or the bridge does not "
                    + "send it (it keeps it queued, e.g. in its startup queue after the JS side was injected, or drops it). To tell them "
                    + "apart, log or break in the bridge's own callHandler: reached, the bridge is at fault and `conformance run` names the "
                    + "clause; not reached, the adapter is")
        }
        return Diagnosis(
            fault: .bridge,
            explanation: "the bridge evaluated \(sent.count) script(s) after the call (the first: "
                + "\(PrintableText.abbreviate(first, limit: 100))), so the adapter forwarded it, but the JS handler did not get \"hello\": "
                + "the bridge's command is at fault (a full run names the clause)")
    }

    /// Whether the bridge fetched the queue (if not, its navigation handling is at fault) and called the
    /// handler (with other data: the bridge's parsing; not at all: the adapter did not register the
    /// handler with the bridge, or the bridge did not dispatch the call).
    private static func diagnoseJSToNative(_ transcript: Transcript) -> Diagnosis {
        let wire = transcript.dialect
        guard transcript.nativeEvaluations.contains(where: { $0.script.contains(wire.fetchFunction) }) else {
            return Diagnosis(
                fault: .bridge,
                explanation: "the bridge never evaluated \(wire.fetchCommand.dropLast()), though JS "
                    + "signalled \(wire.queueSignal.navigation?.url ?? "the queue") and the earlier steps show its navigation delegate is installed: "
                    + "the bridge does not fetch the queue")
        }
        let got = transcript.nativeHandlerInvocations("sink")
        guard got.isEmpty else {
            let shown = got.map { $0.map(\.canonicalText) ?? "no data" }.joined(separator: ", ")
            return Diagnosis(
                fault: .bridge,
                explanation: "the native handler was called (with \(PrintableText.abbreviate(shown, limit: 100))), "
                    + "so the adapter registered it, but not once with \"hello\": the bridge's handling of the fetched batch is at fault"
            )
        }
        return Diagnosis(
            fault: .adapterOrBridge,
            explanation: "the bridge fetched the queue, but the native handler \"sink\" was not called. "
                + "Either the adapter's registerHandler does not register the handler with the bridge, or the bridge does not dispatch "
                + "the fetched call. To tell them apart, log in the bridge's registerHandler and where it looks handlers up"
        )
    }
}

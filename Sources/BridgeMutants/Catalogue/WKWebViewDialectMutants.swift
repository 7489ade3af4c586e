import ConformanceKit
import ConformanceObligations
import ReferenceBridge
import WireDialects

extension MutantCatalogue {
    /// Mutants of the wkwvjb dialect's reference (spec section 13.2): its JS side, its page snippet and its glue,
    /// each breaking one of the dialect's own obligations (WK-1 to WK-5) or a canonical one in the dialect's words
    /// (a port renamed halfway). They run in the wkwvjb profile.
    static let wkwvjbMutants: [Mutant] = [
        wkwvjbJavaScriptSide(
            "wkwvjb-js-signals-only-an-empty-queue",
            "the JS side posts to iOS_Native_FlushMessageQueue only for the first message of a queue, an optimisation that relies on native fetching at once",
            obligation: .wk1a,
            replacing: "        window.webkit.messageHandlers.iOS_Native_FlushMessageQueue.postMessage(null);",
            with:
                "        if (sendMessageQueue.length === 1) { window.webkit.messageHandlers.iOS_Native_FlushMessageQueue.postMessage(null); }"
        ),
        wkwvjbJavaScriptSide(
            "wkwvjb-js-posts-the-message",
            "the JS side posts the message itself to iOS_Native_FlushMessageQueue instead of null",
            obligation: .wk1b, replacing: "iOS_Native_FlushMessageQueue.postMessage(null);",
            with: "iOS_Native_FlushMessageQueue.postMessage(message);"),
        wkwvjbJavaScriptSide(
            "wkwvjb-js-keeps-the-messaging-iframe",
            "the JS side still signals through the canonical messaging iframe as well as the script message",
            obligation: .wk1c,
            replacing: "        window.webkit.messageHandlers.iOS_Native_FlushMessageQueue.postMessage(null);",
            with: """
                        window.webkit.messageHandlers.iOS_Native_FlushMessageQueue.postMessage(null);
                        var frame = document.createElement("iframe");
                        frame.src = "https://__wvjb_queue_message__";
                        document.documentElement.appendChild(frame);
                """),
        wkwvjbJavaScriptSide(
            "wkwvjb-js-setup-callbacks-called-synchronously",
            "the JS side calls window.WKWVJBCallbacks synchronously during its injection, before the native side sends its startup queue (found by the mechanical mutants and explore, no case caught it)",
            obligation: .boot7c, replacing: "setTimeout(callWKWVJBCallbacks, 0);", with: "callWKWVJBCallbacks();"),
        wkwvjbPageSnippet(
            "wkwvjb-snippet-defers-with-bridge-present",
            "with the bridge present, the snippet calls back on a timer instead of at once", obligation: .wk4a,
            replacing: "        return callback(WKWebViewJavascriptBridge);",
            with: "        return setTimeout(function () { callback(WKWebViewJavascriptBridge); }, 0);"),
        wkwvjbPageSnippet(
            "wkwvjb-snippet-ignores-pending-callbacks",
            "the snippet has no `window.WKWVJBCallbacks` branch: each early setup starts a new list and posts again",
            obligation: .wk4b,
            replacing:
                "    if (window.WKWVJBCallbacks) {\n        return window.WKWVJBCallbacks.push(callback);\n    }\n",
            with: ""),
        wkwvjbPageSnippet(
            "wkwvjb-snippet-posts-a-word", "the snippet posts the string \"inject\" instead of null",
            obligation: .wk4c, replacing: "iOS_Native_InjectJavascript.postMessage(null);",
            with: "iOS_Native_InjectJavascript.postMessage(\"inject\");"),
        wkwvjbGlue(
            "wkwvjb-startup-queue-before-completion",
            "the glue sends the startup queue right after asking for the JS side's evaluation, as the canonical bridge does, so held calls reach the page before its handlers",
            obligation: .wk3b, .startupQueueBeforeCompletion),
        wkwvjbGlue(
            "wkwvjb-injects-once-per-bridge", "the glue injects the JS side for the first inject message only",
            obligation: .wk3a, .injectsOnce),
        wkwvjbGlue(
            "wkwvjb-fetches-twice-per-message", "the glue evaluates the fetch command twice for each flush message",
            obligation: .wk2a, .fetchesTwice),
        wkwvjbGlue(
            "wkwvjb-fetch-without-semicolon",
            "the glue evaluates `WKWebViewJavascriptBridge._fetchQueue()`, no semicolon",
            obligation: .wk2b, .fetchWithoutSemicolon),
        wkwvjbGlue(
            "wkwvjb-document-start-without-evaluation",
            "the glue injects the JS side at document start and answers the inject message that script posts by sending the startup queue without evaluating the JS side",
            obligation: .wk3a, .documentStartWithoutEvaluation),
        wkwvjbGlue(
            "wkwvjb-flush-handler-added-late",
            "the glue adds its iOS_Native_FlushMessageQueue handler only when it injects, after the page has loaded",
            obligation: .wk5a, .flushHandlerAddedLate),
        // The canonical clauses in the dialect's words: a port renamed halfway.
        wkwvjbJavaScriptSide(
            "wkwvjb-js-canonical-callback-key",
            "the JS side writes a call's callback id under the canonical key callbackId, a port that renamed the other keys only",
            obligation: .msg1a, replacing: "message.callbackID = callbackId;",
            with: "message.callbackId = callbackId;"),
        Mutant(
            id: "wkwvjb-native-ids-objc-prefix",
            defect:
                "the native side forms its callback ids objc_cb_<n>, the canonical prefix kept where the dialect says native_iOS_cb_<n>",
            obligation: .id2a, caughtBy: caughtBy(Obligation.id2a), dialect: .wkwvjb
        ) { ReferenceBridgeAdapter(dialect: wkwvjbWithCanonicalNativeIDs) },
    ]

    /// The wkwvjb dialect with the canonical native callback id prefix: what the halfway port's native side speaks.
    private static let wkwvjbWithCanonicalNativeIDs = WireDialect(
        name: WireDialect.wkwvjb.name, javaScriptGlobal: WireDialect.wkwvjb.javaScriptGlobal,
        registerHandlerFunction: WireDialect.wkwvjb.registerHandlerFunction,
        callHandlerFunction: WireDialect.wkwvjb.callHandlerFunction,
        deliveryFunction: WireDialect.wkwvjb.deliveryFunction, fetchFunction: WireDialect.wkwvjb.fetchFunction,
        pageSetupFunction: WireDialect.wkwvjb.pageSetupFunction,
        waitingCallbacksGlobal: WireDialect.wkwvjb.waitingCallbacksGlobal, loadSignal: WireDialect.wkwvjb.loadSignal,
        queueSignal: WireDialect.wkwvjb.queueSignal, keys: WireDialect.wkwvjb.keys,
        callbackIDs: CallbackIDForms(
            nativePrefix: WireDialect.canonical.callbackIDs.nativePrefix,
            javaScriptPrefix: WireDialect.wkwvjb.callbackIDs.javaScriptPrefix),
        disableSafetyTimeoutHandler: nil, nativeSideWord: WireDialect.wkwvjb.nativeSideWord)

    /// The cases that catch each obligation a mutant here breaks.
    private static let wkwvjbCases: [Obligation: [String]] = [
        .wk1a: ["js-side.wkwvjb.one-post-per-call"], .wk1b: ["js-side.wkwvjb.one-post-per-call"],
        .wk1c: ["js-side.wkwvjb.one-post-per-response"],
        .wk2a: ["flush.wkwvjb.one-fetch-per-flush-message"],
        .wk2b: ["flush.wkwvjb.one-fetch-per-flush-message"],
        .wk3a: ["startup.wkwvjb.inject-then-startup-queue"],
        .wk3b: ["startup.wkwvjb.inject-then-startup-queue"],
        .wk4a: ["bootstrap.wkwvjb.page-setup-snippet"],
        .wk4b: ["bootstrap.wkwvjb.page-setup-snippet"],
        .wk4c: ["bootstrap.wkwvjb.page-setup-snippet"],
        .wk5a: ["bootstrap.wkwvjb.handlers-before-load"],
        .boot7c: ["bootstrap.setup-callbacks.after-injection"],
        // Canonical clauses in the dialect's words, caught by the canonical cases renamed.
        .msg1a: ["js-side.messages.call-shapes"],
        .id2a: ["callbacks.native.id-format", "startup.held-calls.callback-ids"],
    ]

    /// The cases that must catch a mutant breaking `obligation`.
    private static func caughtBy(_ obligation: Obligation) -> [String] { wkwvjbCases[obligation] ?? [] }

    /// A JS-side mutant of the wkwvjb dialect: its reference JS side with `original` replaced by `broken`.
    static func wkwvjbJavaScriptSide(
        _ id: String, _ defect: String, obligation: Obligation, replacing original: String, with broken: String
    ) -> Mutant {
        Mutant(
            id: id, defect: defect, obligation: obligation, caughtBy: caughtBy(obligation), dialect: .wkwvjb,
            breakJavaScriptSide: { $0.replacingOccurrences(of: original, with: broken) }
        ) { ReferenceBridgeAdapter(dialect: .wkwvjb) }
    }

    /// A page-snippet mutant of the wkwvjb dialect: its snippet with `original` replaced by `broken`.
    static func wkwvjbPageSnippet(
        _ id: String, _ defect: String, obligation: Obligation, replacing original: String, with broken: String
    ) -> Mutant {
        Mutant(
            id: id, defect: defect, obligation: obligation, caughtBy: caughtBy(obligation), dialect: .wkwvjb,
            breakPageSetup: { $0.replacingOccurrences(of: original, with: broken) }
        ) { ReferenceBridgeAdapter(dialect: .wkwvjb) }
    }

    /// A glue mutant of the wkwvjb dialect: the reference core behind a glue with `defect`.
    static func wkwvjbGlue(_ id: String, _ defect: String, obligation: Obligation, _ kind: WKWVJBGlueMutant.Defect)
        -> Mutant
    {
        Mutant(id: id, defect: defect, obligation: obligation, caughtBy: caughtBy(obligation), dialect: .wkwvjb) {
            WKWVJBGlueMutant(kind)
        }
    }
}

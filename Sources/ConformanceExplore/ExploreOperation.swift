import ConformanceAdapter
import StrictJSON

/// One step of an explored program: something the native side, the page or the harness does.
///
/// Programs name handlers from small fixed pools (`ExplorePage`), so that calls meet registered handlers,
/// removed ones and missing ones. Callback labels come from the operation's position (`n3` is the native
/// callback of operation 3, `j5` the JS callback of operation 5), so a program and its transcript read
/// together.
package enum ExploreOperation: Hashable, Sendable {
    /// How a native handler registered by the program answers.
    package enum NativeReply: String, CaseIterable, Sendable {
        /// Answers with the data it got, before it returns.
        case echo
        /// Answers nil.
        case null
        /// Answers twice with the data it got.
        case twice
        /// Keeps its responder; `answerNative` answers later.
        case later
        /// Never answers.
        case never
        /// Answers, then calls the page's JS handler `sink` before it returns (re-entrancy).
        case answerThenCall
        /// Calls the page's JS handler `sink`, then answers before it returns.
        case callThenAnswer
        /// Registers the next native handler of the pool (answering echo), then answers.
        case registersNext
        /// Removes the next native handler of the pool, then answers (needs `SupportsRemoveHandler`).
        case removesNext
        /// Removes itself, then answers (needs `SupportsRemoveHandler`).
        case removesItself
        /// Resets the bridge, then answers (needs `SupportsReset`).
        case resets
        /// Switches the safety off, then answers (needs `SupportsDisablingSafetyTimeout`).
        case disablesSafety

        /// The optional adapter operation the reply uses.
        package var requiredCapabilities: BridgeCapabilities {
            switch self {
            case .echo, .null, .twice, .later, .never: []
            case .answerThenCall, .callThenAnswer, .registersNext: .reentrantHandlers
            case .removesNext, .removesItself: [.removeHandler, .reentrantHandlers]
            case .resets: [.reset, .reentrantHandlers]
            case .disablesSafety: [.disableSafetyTimeout, .reentrantHandlers]
            }
        }
    }

    /// What a native callback does once it has its answer, inside the bridge that called it (re-entrancy).
    package enum CallbackReentry: String, CaseIterable, Sendable {
        /// Calls the same JS handler again, with a callback of its own.
        case callsAgain
        /// Resets the bridge, then calls the same JS handler again with a callback (needs `SupportsReset`).
        case resetsAndCallsAgain
        /// Registers the native handler `alpha` (answering echo).
        case registersHandler
        /// Removes the native handler `alpha` (needs `SupportsRemoveHandler`).
        case removesHandler
        /// Switches the safety off (needs `SupportsDisablingSafetyTimeout`).
        case disablesSafety

        /// The optional adapter operation the callback uses.
        package var requiredCapabilities: BridgeCapabilities {
            switch self {
            case .callsAgain, .registersHandler: .reentrantHandlers
            case .resetsAndCallsAgain: [.reset, .reentrantHandlers]
            case .removesHandler: [.removeHandler, .reentrantHandlers]
            case .disablesSafety: [.disableSafetyTimeout, .reentrantHandlers]
            }
        }
    }

    /// Input a page gives the native side that a hurried port does not expect.
    package enum PageInput: String, CaseIterable, Sendable {
        /// Calls the handler with an object, then changes the object before the fetch (DISP-2: sent as changed).
        case dataChangedAfterCall
        /// Calls the handler with cyclic data: the fetch throws from then on (DISP-2's note, FLUSH-2).
        case cyclicData
        /// Calls the handler forty times in one turn.
        case burst
        /// Adds enumerable members to `Array.prototype` and `Object.prototype`, for this page and the pages the
        /// program loads after it, and reloads.
        case pollutedPrototypes
    }

    /// How a JS handler registered by the program answers (the page's handlers are fixed: `ExplorePage`).
    package enum JavaScriptReply: String, CaseIterable, Sendable {
        /// Answers with the data it got.
        case echo
        /// Answers twice with the data it got.
        case twice
        /// Keeps its responder; `answerJavaScript` answers later.
        case later
        /// Never answers.
        case never
        /// Calls the native handler `alpha` with the data it got, and answers from inside that call's callback.
        case asksNative
    }

    /// Native: `registerHandler(handler)`, answering as `reply` says.
    case registerNative(handler: String, reply: NativeReply)
    /// Native: `removeHandler(handler)` (needs `SupportsRemoveHandler`).
    case removeNative(handler: String)
    /// A number JSON cannot carry.
    package enum SpecialNumber: String, CaseIterable, Sendable {
        case nan = "NaN"
        case infinity = "Infinity"
        case negativeInfinity = "-Infinity"

        /// The number.
        package var value: Double {
            switch self {
            case .nan: .nan
            case .infinity: .infinity
            case .negativeInfinity: -.infinity
            }
        }
    }

    /// URLs a page can point an iframe at: bridge URLs, and look-alikes that are not (BOOT-1, BOOT-2).
    package static let frameURLs = [
        "https://__wvjb_queue_message__", "https://__bridge_loaded__", "HTTPS://__WVJB_QUEUE_MESSAGE__",
        "wvjbscheme://__BRIDGE_LOADED__",
        "wvjbscheme://__wvjb_queue_message__", "https://__wvjb_queue_message__:443/",
        "https://__wvjb_queue_message__/?n=1",
        "https://__bridge_loaded__/#top", "http://__wvjb_queue_message__",
        "https://example.com/__wvjb_queue_message__", "https://__bridge_loaded__.example.com/",
        "https://__wvjb_queue_message__x/",
        "https://cdn.example/frame.html", "about:blank",
        // Strings Foundation's URL(string:) does not take for URLs: still decided, exactly once (BOOT-1).
        "https://__wvjb_queue_message__ x", "https://__wvjb_queue_message__:port/", "https://[::1",
    ]

    /// Native: `callHandler(handler, data:)`, with a response callback when `callback` is set.
    case callJavaScript(handler: String, data: JSONValue?, callback: Bool)
    /// Native: `callHandler(handler, data:)` with a callback that, once answered, does `then` inside the bridge.
    case callJavaScriptReentrant(handler: String, data: JSONValue?, then: CallbackReentry)
    /// Page: gives the native handler `handler` input a hurried port does not expect.
    case pageInput(PageInput, handler: String)
    /// Native: `callHandler(handler, data: ["n": number])` with a number JSON cannot carry (ESC-4: not sent, logged,
    /// later sends unaffected).
    case callJavaScriptUnserializable(handler: String, number: SpecialNumber)
    /// Native: answers the oldest unanswered invocation of the `later` native handler `handler`.
    case answerNative(handler: String, data: JSONValue?)
    /// Native: `reset()` (needs `SupportsReset`).
    case reset
    /// Native: `disableJavscriptAlertBoxSafetyTimeout()` (needs `SupportsDisablingSafetyTimeout`).
    case disableSafetyTimeout
    /// Page: `bridge.registerHandler(handler, …)` through the setup snippet, answering as `reply` says.
    case registerJavaScript(handler: String, reply: JavaScriptReply)
    /// Page: `bridge.callHandler(handler, data, callback)` through the setup snippet.
    case callNative(handler: String, data: JSONValue?, callback: Bool)
    /// Page: answers the oldest held responder of the current page (the newest when `newest` is set:
    /// calls answered out of order), if any.
    case answerJavaScript(data: JSONValue?, newest: Bool)
    /// Page: the next `_fetchQueue()` returns `fetch.result` (or throws) instead of the queue (which stays
    /// for the fetch after).
    case corruptFetch(ExploreCorruptFetch)
    /// Page: adds an iframe whose `src` is `url`; the native side decides the navigation.
    case openFrame(url: String)
    /// The user reloads the page once it is idle, and the harness lets the load finish before the next
    /// step. LIFE-2 leaves free what becomes of a native send whose evaluation meets a navigation, so a
    /// program never races one with a page change.
    case reload
    /// The page navigates to the other of the program's two URLs; the load finishes as for `reload`.
    case navigate
    /// Time passes: the page runs until idle, running timers due within `horizon` virtual milliseconds.
    case settle(horizon: Int)

    /// The optional operation this step needs from the adapter.
    package var requiredCapabilities: BridgeCapabilities {
        switch self {
        case .removeNative: .removeHandler
        case .reset: .reset
        case .disableSafetyTimeout: .disableSafetyTimeout
        case .registerNative(_, let reply): reply.requiredCapabilities
        case .callJavaScriptReentrant(_, _, let then): then.requiredCapabilities
        default: []
        }
    }

    /// Whether the page's JavaScript runs the step (it needs a loaded page with the bridge's setup snippet).
    package var isPageStep: Bool {
        switch self {
        case .registerJavaScript, .callNative, .answerJavaScript, .corruptFetch, .openFrame, .pageInput: true
        default: false
        }
    }

    /// Whether the step lets the page run until idle (after it, the program's first page has loaded).
    package var runsUntilIdle: Bool {
        switch self {
        case .reload, .navigate, .settle: true
        default: false
        }
    }

    /// The data the step sends, if it sends any.
    package var data: JSONValue? {
        switch self {
        case .callJavaScript(_, let data, _), .answerNative(_, let data), .callNative(_, let data, _),
            .answerJavaScript(let data, _), .callJavaScriptReentrant(_, let data, _):
            data
        default: nil
        }
    }

    /// The step with its data replaced (steps without data are returned as they are).
    package func replacingData(with data: JSONValue?) -> ExploreOperation {
        switch self {
        case let .callJavaScript(handler, _, callback):
            .callJavaScript(handler: handler, data: data, callback: callback)
        case let .answerNative(handler, _): .answerNative(handler: handler, data: data)
        case let .callNative(handler, _, callback): .callNative(handler: handler, data: data, callback: callback)
        case .answerJavaScript(_, let newest): .answerJavaScript(data: data, newest: newest)
        case let .callJavaScriptReentrant(handler, _, then):
            .callJavaScriptReentrant(handler: handler, data: data, then: then)
        default: self
        }
    }

    /// One line for a transcript: who acts, and what. `index` is the step's position (callback labels).
    package func line(at index: Int) -> String {
        func show(_ data: JSONValue?) -> String {
            data.map { PrintableText.abbreviate($0, limit: 120) } ?? "nil"
        }
        let quote = CanonicalJSON.quote
        switch self {
        case let .registerNative(handler, reply):
            return "native  registerHandler(\(quote(handler))), answering \(reply.rawValue)"
        case let .removeNative(handler): return "native  removeHandler(\(quote(handler)))"
        case let .callJavaScript(handler, data, callback):
            return
                "native  callHandler(\(quote(handler)), data: \(show(data))\(callback ? ", callback n\(index)" : ""))"
        case let .callJavaScriptReentrant(handler, data, then):
            return
                "native  callHandler(\(quote(handler)), data: \(show(data)), callback n\(index) that \(then.rawValue))"
        case let .pageInput(input, handler):
            return "page    \(input.rawValue) for \(quote(handler))"
        case let .callJavaScriptUnserializable(handler, number):
            return "native  callHandler(\(quote(handler)), data: {\"n\": \(number.rawValue)}) (not JSON)"
        case let .answerNative(handler, data):
            return "native  answer the held call of \(quote(handler)) with \(show(data))"
        case .reset: return "native  reset()"
        case .disableSafetyTimeout: return "native  disableJavscriptAlertBoxSafetyTimeout()"
        case let .registerJavaScript(handler, reply):
            return "js      bridge.registerHandler(\(quote(handler))), answering \(reply.rawValue)"
        case let .callNative(handler, data, callback):
            let arguments =
                [quote(handler)] + (data.map { [show($0)] } ?? []) + (callback ? ["callback j\(index)"] : [])
            return "js      bridge.callHandler(\(arguments.joined(separator: ", ")))"
        case let .answerJavaScript(data, newest):
            return
                "js      answer the \(newest ? "newest" : "oldest") held responder with \(data.map { show($0) } ?? "undefined")"
        case let .corruptFetch(fetch):
            return "page    the next _fetchQueue() returns \(quote(fetch.result)) instead of the queue"
        case let .openFrame(url): return "page    adds an iframe with src \(quote(url))"
        case .reload: return "page    once idle, reload, and let the load finish"
        case .navigate: return "page    once idle, navigate to the other page, and let the load finish"
        case let .settle(horizon): return "time    run until idle, timers up to \(horizon) ms ahead"
        }
    }
}

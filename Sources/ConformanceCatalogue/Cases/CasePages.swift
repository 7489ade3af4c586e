import StrictJSON
import WireDialects

/// Page scripts shared by several cases, in the run's dialect.
enum CasePages {
    /// A page script that asks for each of `urls` through an iframe of its own, given its `src` before it
    /// joins the document: one navigation request each, in the simulation and in a real web view alike (a
    /// real one asks only about the last of several `src` one iframe gets in a turn, and about `about:blank`
    /// for an iframe appended without one).
    static func iframeRequests(_ urls: [String]) -> String {
        urls.map {
            "(function () { var frame = document.createElement(\"iframe\"); frame.src = \(CanonicalJSON.quote($0)); "
                + "document.body.appendChild(frame); })();"
        }.joined(separator: "\n")
    }

    /// Page JavaScript, in the case's words, that asks the native side for the JS side as the page setup snippet
    /// would, and nothing else: an iframe loading the load URL, or a post to the load signal's script message
    /// handler.
    /// - Parameter context: The case: the signal is the run's (`CaseContext.writtenSignal(_:)`).
    @MainActor
    static func loadSignal(for context: CaseContext) -> String {
        signal(context.writtenSignal(\.loadSignal))
    }

    /// The v5 load URL in the case's words (`wvjbscheme://__BRIDGE_LOADED__`: the load signal's second scheme,
    /// its host in upper case), or nil when the run's dialect accepts no second scheme for its load signal.
    @MainActor
    static func olderLoadURL(for context: CaseContext) -> String? {
        guard let run = context.runDialect.loadSignal.navigation, run.schemes.count > 1,
            case .navigation(let own) = context.writtenSignal(\.loadSignal), own.schemes.count > 1
        else { return nil }
        return own.schemes[1] + "://" + own.host.uppercased()
    }

    /// Page JavaScript appending an iframe that loads `url` to `document.documentElement`.
    static func iframe(loading url: String) -> String {
        """
        var frame = document.createElement("iframe");
        frame.src = \(CanonicalJSON.quote(url));
        document.documentElement.appendChild(frame);
        """
    }

    /// Page JavaScript giving `signal` once: an iframe loading its URL, or a post to its script message handler.
    static func signal(_ signal: WireSignal) -> String {
        switch signal {
        case .navigation(let navigation): iframe(loading: navigation.url)
        case .scriptMessage(let name):
            "window.webkit.messageHandlers[\(CanonicalJSON.quote(name))].postMessage(null);"
        }
    }

    /// A page whose setup callback registers the recording JS handler `sink`.
    /// - Parameter dialect: The wire the page speaks.
    static func sink(in dialect: WireDialect) -> String {
        """
        \(dialect.pageSetupCall)(function (bridge) {
            bridge.\(dialect.registerHandlerFunction)("sink", conformance.recordingHandler("sink"));
        });
        """
    }

    /// A page whose setup callback registers the answering JS handler `echo`.
    /// - Parameter dialect: The wire the page speaks.
    static func echo(in dialect: WireDialect) -> String {
        """
        \(dialect.pageSetupCall)(function (bridge) {
            bridge.\(dialect.registerHandlerFunction)("echo", conformance.echoHandler("echo"));
        });
        """
    }

    /// Loads `script` (by default `sink(in:)`), attaching first, and runs until idle.
    @MainActor
    static func start(_ context: CaseContext, page script: String? = nil) async throws {
        context.loadPage(script ?? sink(in: context.dialect))
        try await context.runUntilIdle()
    }

    /// Page JavaScript defining `findMessagingIframe(root)`: the first iframe under `root` whose `src` is a
    /// queue URL, or null.
    /// - Parameter dialect: The wire whose queue URL is looked for (by its host).
    static func findMessagingIframe(in dialect: WireDialect) -> String {
        // A dialect that signals by script message has no messaging iframe. The host is looked for after `://`,
        // where a renamed case page has the run's (`DialectRenaming`).
        guard let host = dialect.queueSignal.navigation?.host else {
            return "function findMessagingIframe(node) { return null; }\n"
        }
        return """
            function findMessagingIframe(node) {
                if (node.tagName === "IFRAME" && String(node.src).toLowerCase().indexOf(\(CanonicalJSON.quote("://" + host))) >= 0) { return node; }
                for (var i = 0; i < (node.childNodes || []).length; i++) {
                    var found = findMessagingIframe(node.childNodes[i]);
                    if (found) { return found; }
                }
                return null;
            }

            """
    }

    /// Page JavaScript that, each time the messaging iframe is signalled, drains the queue as the native
    /// side would and notes, under `label`, `describe` (a JS function of one message) of every queued
    /// message, so a case sees what each signal announced.
    /// - Parameters:
    ///   - label: The page note's label.
    ///   - describe: A JavaScript function expression mapping a message to what is noted.
    ///   - dialect: The wire the page speaks.
    static func peekQueueAtEachSignal(noting label: String, describe: String, in dialect: WireDialect) -> String {
        findMessagingIframe(in: dialect) + """
            (function () {
                var frame = findMessagingIframe(document.documentElement);
                var accessor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(frame), "src");
                Object.defineProperty(frame, "src", {
                    configurable: true,
                    get: function () { return accessor.get.call(this); },
                    set: function (value) {
                        var queued = JSON.parse(\(dialect.javaScriptGlobal).\(dialect.fetchFunction)());
                        conformance.note(\(CanonicalJSON.quote(label)), queued.map(\(describe)));
                        accessor.set.call(this, value);
                    }
                });
            })();

            """
    }
}

import StrictJSON
import WireDialects

/// The page explored programs run in, the handler names they draw from, and the JavaScript their page
/// steps evaluate.
enum ExplorePage {
    /// The wire explored programs speak: the canonical one, the only one their oracle, the reference
    /// bridge, speaks.
    static let dialect = WireDialect.canonical

    /// Native handler names a program registers, removes and calls.
    static let nativeHandlers = ["alpha", "beta", "gamma", ""]
    /// JS handler names native steps call: the page's five, one a program may register, one never registered.
    static let javaScriptHandlers = ["echo", "sink", "twice", "hold", "slow", "late", "absent"]
    /// Native handler names no program registers: one unlike any, one that differs from `alpha` in case only.
    static let missingNativeHandlers = ["absent", "Alpha"]
    /// The handler after `handler` in `nativeHandlers` (cyclically): the one a re-entrant handler registers or removes.
    static func nativeHandler(after handler: String) -> String {
        let index = nativeHandlers.firstIndex(of: handler) ?? -1
        return nativeHandlers[(index + 1) % nativeHandlers.count]
    }

    /// Page JavaScript that adds an enumerable function to `Array.prototype` (recorded as a JS handler if
    /// anything calls it) and an enumerable string to `Object.prototype`.
    static let pollutedPrototypes = """
        Array.prototype.pageHelper = function () { __conformance.handlerInvoked("Array.prototype.pageHelper", null, false); };
        Object.prototype.pageSetting = "inherited by every object";

        """

    /// The page step that gives the native handler `handler` the input `input` (all but `pollutedPrototypes`,
    /// which is a page of its own). An exception it raises is the page's, thrown on a turn of its own.
    static func input(_ input: ExploreOperation.PageInput, for handler: String) -> String {
        let call = "bridge.\(dialect.callHandlerFunction)"
        let name = CanonicalJSON.quote(handler)
        let body: String
        switch input {
        case .dataChangedAfterCall:
            body =
                "var data = { state: \"as sent\" }; \(call)(\(name), data); data.state = \"changed before the fetch\";"
        case .cyclicData:
            body = "var data = { name: \"cyclic\" }; data.itself = data; \(call)(\(name), data);"
        case .burst:
            body = "for (var i = 0; i < 40; i++) { \(call)(\(name), i); }"
        case .pollutedPrototypes:
            body = ""
        }
        return "\(dialect.pageSetupCall)(function (bridge) { try { \(body) } "
            + "catch (error) { setTimeout(function () { throw error; }, 0); } });"
    }

    /// The two URLs `navigate` moves between.
    static let urls = ["https://app.example/explore.html", "https://app.example/explore-other.html"]

    /// The page script: helpers, then the setup callback registering `echo`, `sink`, `twice`, `hold` and
    /// `slow`, which answers on a timer, 10 and 30 ms in turn, so that calls to it are answered out of order.
    static let script = """
        var __explore = {
            held: [],
            slowCalls: 0,
            handler: function (name, reply) {
                return function (data, respond) {
                    __conformance.handlerInvoked(name, data, typeof respond === "function");
                    if (typeof respond !== "function") { return; }
                    if (reply === "echo") { respond(data); }
                    if (reply === "twice") { respond(data); respond(data); }
                    if (reply === "later") { __explore.held.push(respond); }
                    if (reply === "asksNative") {
                        var asked = conformance.callback("asked by " + name);
                        window.\(dialect.javaScriptGlobal).\(dialect.callHandlerFunction)(\(CanonicalJSON.quote(nativeHandlers[0])), data, function (answer) {
                            asked(answer);
                            respond(answer);
                        });
                    }
                    if (reply === "slow") {
                        __explore.slowCalls += 1;
                        setTimeout(function () { respond(data); }, __explore.slowCalls % 2 === 1 ? 30 : 10);
                    }
                };
            }
        };
        \(dialect.pageSetupCall)(function (bridge) {
            bridge.\(dialect.registerHandlerFunction)("echo", __explore.handler("echo", "echo"));
            bridge.\(dialect.registerHandlerFunction)("sink", __explore.handler("sink", "never"));
            bridge.\(dialect.registerHandlerFunction)("twice", __explore.handler("twice", "twice"));
            bridge.\(dialect.registerHandlerFunction)("hold", __explore.handler("hold", "later"));
            bridge.\(dialect.registerHandlerFunction)("slow", __explore.handler("slow", "slow"));
        });
        """

    /// The page step that registers `handler`.
    static func register(_ handler: String, reply: ExploreOperation.JavaScriptReply) -> String {
        let name = CanonicalJSON.quote(handler)
        return "\(dialect.pageSetupCall)(function (bridge) { bridge.\(dialect.registerHandlerFunction)(\(name), "
            + "__explore.handler(\(name), \(CanonicalJSON.quote(reply.rawValue)))); });"
    }

    /// The page step that calls the native handler `handler`, in the argument form the data and callback ask for.
    static func call(_ handler: String, data: JSONValue?, callbackLabel: String?) -> String {
        var arguments = [CanonicalJSON.quote(handler)]
        if let data { arguments.append(data.canonicalText) }
        if let callbackLabel { arguments.append("conformance.callback(\(CanonicalJSON.quote(callbackLabel)))") }
        return
            "\(dialect.pageSetupCall)(function (bridge) { bridge.\(dialect.callHandlerFunction)(\(arguments.joined(separator: ", "))); });"
    }

    /// The page step after which the next fetch gets `fetch.result`, or throws.
    static func corruptFetch(_ fetch: ExploreCorruptFetch) -> String {
        let answer =
            fetch.throwsError
            ? "throw new Error(\"the page's queue is broken\");" : "return \(CanonicalJSON.quote(fetch.result));"
        let fetchFunction = dialect.fetchFunction
        return "\(dialect.pageSetupCall)(function (bridge) { var fetch = bridge.\(fetchFunction); "
            + "bridge.\(fetchFunction) = function () { bridge.\(fetchFunction) = fetch; \(answer) }; });"
    }

    /// The page step that adds an iframe loading `url`.
    static func openFrame(_ url: String) -> String {
        "(function () { var frame = document.createElement(\"iframe\"); frame.src = \(CanonicalJSON.quote(url)); document.documentElement.appendChild(frame); })();"
    }

    /// The page step that answers the oldest (or newest) held responder.
    static func answer(with data: JSONValue?, newest: Bool) -> String {
        "if (__explore.held.length > 0) { __explore.held.\(newest ? "pop" : "shift")()(\(data?.canonicalText ?? "undefined")); }"
    }
}

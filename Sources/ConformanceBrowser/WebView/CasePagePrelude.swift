/// JavaScript helpers every case page gets before its own script, so that case pages stay short.
///
/// `conformance.echoHandler(name)` answers with the data it got, `conformance.recordingHandler(name)`
/// never answers, `conformance.callback(label)` makes a recording response callback, and
/// `conformance.note(label, value)` records a value. All of them record into the transcript through the
/// harness's `__conformance` host object (`page-shim.js`). The catalogue's page scripts, renamed into the run's
/// dialect, call them by name, so no dialect word may be one of those names (`RenamedScriptNames`).
package enum CasePagePrelude {
    /// The global the helpers are members of.
    private static let global = "conformance"

    /// Each helper: its name, and the function it is.
    private static let helpers: [(name: String, function: String)] = [
        (
            "echoHandler",
            """
            function (name) {
                    return function (data, respond) {
                        __conformance.handlerInvoked(name, data, typeof respond === "function");
                        if (typeof respond === "function") { respond(data); }
                    };
                }
            """
        ),
        (
            "recordingHandler",
            """
            function (name) {
                    return function (data, respond) {
                        __conformance.handlerInvoked(name, data, typeof respond === "function");
                    };
                }
            """
        ),
        (
            "callback",
            """
            function (label) {
                    return function (data) { __conformance.callbackInvoked(label, data); };
                }
            """
        ),
        ("note", "function (label, value) { __conformance.note(label, value); }"),
    ]

    /// The prelude, put before a case page's script.
    package static let source =
        "var \(global) = {\n" + helpers.map { "    \($0.name): \($0.function)" }.joined(separator: ",\n") + "\n};\n"

    /// The names a case page's script calls the prelude by: its global and the global's helpers.
    package static var names: [String] { [global] + helpers.map(\.name) }
}

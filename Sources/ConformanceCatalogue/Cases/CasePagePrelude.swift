/// JavaScript helpers every case page gets before its own script, so that case pages stay short.
///
/// `conformance.echoHandler(name)` answers with the data it got, `conformance.recordingHandler(name)`
/// never answers, `conformance.callback(label)` makes a recording response callback, and
/// `conformance.note(label, value)` records a value. All of them record into the transcript through the
/// harness's `__conformance` host object.
enum CasePagePrelude {
    static let source = """
        var conformance = {
            echoHandler: function (name) {
                return function (data, respond) {
                    __conformance.handlerInvoked(name, data, typeof respond === "function");
                    if (typeof respond === "function") { respond(data); }
                };
            },
            recordingHandler: function (name) {
                return function (data, respond) {
                    __conformance.handlerInvoked(name, data, typeof respond === "function");
                };
            },
            callback: function (label) {
                return function (data) { __conformance.callbackInvoked(label, data); };
            },
            note: function (label, value) { __conformance.note(label, value); }
        };

        """
}

import WebKitGTKShim

/// One WebKitGTK web view behind the C face of `WebKitGTKShim`: its signals as Swift closures, its evaluations
/// with completion closures. Everything happens on the main thread, inside `WebKitGTKEngine.iterate`.
@MainActor
final class WebKitGTKView {
    /// A navigation request WebKit holds until `decide(_:allow:)`.
    struct PolicyRequest {
        let decision: UnsafeMutableRawPointer
        let uri: String
        /// WebKit's `WebKitNavigationType` (0 link, 1 form, 2 back-forward, 3 reload, 4 resubmit, 5 other).
        let navigationType: Int32
        let isNewWindow: Bool
    }

    /// The outcome of an evaluation: a value as JSON text (nil for `undefined`), a string, or an error message.
    enum EvaluationOutcome {
        case json(String?)
        case string(String)
        case error(String)
    }

    var onPolicyRequest: (PolicyRequest) -> Void = { _ in }
    /// Main-frame load events: 0 started, 1 redirected, 2 committed, 3 finished; with the URI.
    var onLoadChanged: (Int32, String) -> Void = { _, _ in }
    var onLoadFailed: (String, String) -> Void = { _, _ in }
    /// A page dialog: 0 alert, 1 confirm, 2 prompt, 3 before-unload; with its message.
    var onScriptDialog: (Int32, String) -> Void = { _, _ in }
    /// A script message: the handler's name and the body as JSON text (nil for `undefined`).
    var onScriptMessage: (String, String?) -> Void = { _, _ in }
    var onWebProcessTerminated: (Int32) -> Void = { _ in }

    private var view: OpaquePointer?

    init() {
        var callbacks = wvjb_gtk_callbacks()
        callbacks.decide_policy = { context, decision, uri, type, newWindow in
            guard let context, let decision else { return }
            let view = Unmanaged<WebKitGTKView>.fromOpaque(context).takeUnretainedValue()
            MainActor.assumeIsolated {
                view.onPolicyRequest(
                    PolicyRequest(
                        decision: decision, uri: uri.map { String(cString: $0) } ?? "", navigationType: type,
                        isNewWindow: newWindow != 0))
            }
        }
        callbacks.load_changed = { context, event, uri in
            guard let context else { return }
            let view = Unmanaged<WebKitGTKView>.fromOpaque(context).takeUnretainedValue()
            MainActor.assumeIsolated { view.onLoadChanged(event, uri.map { String(cString: $0) } ?? "") }
        }
        callbacks.load_failed = { context, uri, message in
            guard let context else { return }
            let view = Unmanaged<WebKitGTKView>.fromOpaque(context).takeUnretainedValue()
            MainActor.assumeIsolated {
                view.onLoadFailed(uri.map { String(cString: $0) } ?? "", message.map { String(cString: $0) } ?? "")
            }
        }
        callbacks.script_dialog = { context, type, message in
            guard let context else { return }
            let view = Unmanaged<WebKitGTKView>.fromOpaque(context).takeUnretainedValue()
            MainActor.assumeIsolated { view.onScriptDialog(type, message.map { String(cString: $0) } ?? "") }
        }
        callbacks.script_message = { context, name, json in
            guard let context else { return }
            let view = Unmanaged<WebKitGTKView>.fromOpaque(context).takeUnretainedValue()
            MainActor.assumeIsolated {
                view.onScriptMessage(name.map { String(cString: $0) } ?? "", json.map { String(cString: $0) })
            }
        }
        callbacks.web_process_terminated = { context, reason in
            guard let context else { return }
            let view = Unmanaged<WebKitGTKView>.fromOpaque(context).takeUnretainedValue()
            MainActor.assumeIsolated { view.onWebProcessTerminated(reason) }
        }
        callbacks.context = Unmanaged.passUnretained(self).toOpaque()
        view = wvjb_gtk_view_new(&callbacks)
    }

    /// Releases the web view; no callback comes after this.
    func close() {
        guard let view else { return }
        wvjb_gtk_view_free(view)
        self.view = nil
    }

    func loadHTML(_ html: String, baseURI: String?) {
        guard let view else { return }
        wvjb_gtk_view_load_html(view, html, baseURI)
    }

    func addUserScript(_ source: String, atDocumentStart: Bool) {
        guard let view else { return }
        wvjb_gtk_view_add_user_script(view, source, atDocumentStart ? 1 : 0)
    }

    func removeAllUserScripts() {
        guard let view else { return }
        wvjb_gtk_view_remove_all_user_scripts(view)
    }

    func registerMessageHandler(_ name: String) {
        guard let view else { return }
        _ = wvjb_gtk_view_register_message_handler(view, name)
    }

    func unregisterMessageHandler(_ name: String) {
        guard let view else { return }
        wvjb_gtk_view_unregister_message_handler(view, name)
    }

    func terminateWebProcess() {
        guard let view else { return }
        wvjb_gtk_view_terminate(view)
    }

    /// Evaluates `script` in the page's world; `completion` is called once, from `WebKitGTKEngine.iterate`.
    func evaluate(_ script: String, completion: @escaping (EvaluationOutcome) -> Void) {
        guard let view else { return completion(.error("the web view is closed")) }
        wvjb_gtk_view_evaluate(view, script, nil, Self.box(completion)) { context, kind, text in
            guard let context else { return }
            let box = Unmanaged<CompletionBox<EvaluationOutcome>>.fromOpaque(context).takeRetainedValue()
            let outcome = WebKitGTKView.outcome(kind: kind, text: text)
            MainActor.assumeIsolated { box.completion(outcome) }
        }
    }

    /// Runs `body` as an async function in the page's world; `completion` gets what its promise settled to, once.
    func callAsync(_ body: String, completion: @escaping (EvaluationOutcome) -> Void) {
        guard let view else { return completion(.error("the web view is closed")) }
        wvjb_gtk_view_call_async(view, body, Self.box(completion)) { context, kind, text in
            guard let context else { return }
            let box = Unmanaged<CompletionBox<EvaluationOutcome>>.fromOpaque(context).takeRetainedValue()
            let outcome = WebKitGTKView.outcome(kind: kind, text: text)
            MainActor.assumeIsolated { box.completion(outcome) }
        }
    }

    private static func box(_ completion: @escaping (EvaluationOutcome) -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(CompletionBox(completion)).toOpaque()
    }

    /// An evaluation's outcome as the C face hands it over: its kind (1 a string, 2 an error, 0 JSON) and text.
    private nonisolated static func outcome(kind: Int32, text: UnsafePointer<CChar>?) -> EvaluationOutcome {
        let text = text.map { String(cString: $0) }
        switch kind {
        case 1: return .string(text ?? "")
        case 2: return .error(text ?? "unknown error")
        default: return .json(text)
        }
    }

    /// Applies a held navigation decision.
    static func decide(_ request: PolicyRequest, allow: Bool) {
        wvjb_gtk_decide(request.decision, allow ? 1 : 0)
    }
}

/// A completion closure carried through C as an opaque pointer.
private final class CompletionBox<Value> {
    let completion: (Value) -> Void
    init(_ completion: @escaping (Value) -> Void) { self.completion = completion }
}

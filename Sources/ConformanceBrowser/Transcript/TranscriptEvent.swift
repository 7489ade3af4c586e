import ConformanceAdapter
import StrictJSON

/// One observable thing that happened during a case.
///
/// Data crossing the bridge is kept as parsed JSON (`JSONValue`); `nil` means absent or `undefined`.
package enum TranscriptEvent: Equatable, Sendable {
    /// The harness asked the web view to load a page.
    case pageRequested(url: String)
    /// A page was committed: a fresh JavaScript context now runs it.
    case pageLoaded(url: String)
    /// The page asked to navigate (a main-frame load or an iframe `src`).
    case navigationRequested(id: Int, url: String, isMainFrame: Bool)
    /// The navigation delegate decided a request (`defaulted` when there was no delegate).
    case navigationDecided(id: Int, url: String, policy: NavigationActionPolicy, defaulted: Bool)
    /// The native side (or the harness) started evaluating a script in the page: the script read in the run's
    /// dialect when it was recorded (`NativeCommand`), its text kept for rendering.
    case evaluationStarted(id: Int, style: EvaluationStyle, command: NativeCommand)
    /// An evaluation finished with a value (a string, or what else JSON can hold) or an error.
    case evaluationFinished(id: Int, result: JSONValue?, error: String?)
    /// The page's bridge global (`window.<dialect's global>`) appeared while the native side's evaluation (or
    /// user script) `evaluation` ran: that script injected the JS side, whatever its text. Recorded after the
    /// evaluation, for the innermost evaluation only.
    case javaScriptSideAppeared(evaluation: Int)
    /// The case asked the implementation, through the adapter, to do something.
    case adapterAction(AdapterAction)
    /// A native handler registered by the case was invoked by the implementation.
    case nativeHandlerInvoked(name: String, data: JSONValue?)
    /// A native response callback was invoked by the implementation.
    case nativeCallbackInvoked(label: String, data: JSONValue?)
    /// A JS handler registered by the page was invoked by the JS side.
    case jsHandlerInvoked(name: String, data: JSONValue?, hasResponder: Bool, duringNativeEvaluation: Bool)
    /// A JS response callback was invoked by the JS side.
    case jsCallbackInvoked(label: String, data: JSONValue?)
    /// A page script recorded a labelled value.
    case pageNote(label: String, data: JSONValue?)
    /// The implementation logged a line (through `SimulatedWebView.recordNativeLog(_:)`).
    case nativeLog(String)
    /// The page wrote to the console: the line its arguments make, joined with spaces as a browser's
    /// console shows them, and each argument apart (a string as it is, a value as `JSON.stringify` makes
    /// it, one JSON cannot hold as its text), so that one argument and two never read the same.
    case console(level: ConsoleLevel, message: String, arguments: [JSONValue])
    /// The page opened a modal dialog; `blocking` when a synchronous native evaluation was on the stack.
    case dialog(kind: DialogKind, message: String, blocking: Bool)
    /// The native side's text input panel answered the page's `prompt()` with `text` (nil: `null`), while the page
    /// waited: what a container's synchronous call gets back.
    case promptAnswered(text: String?)
    /// The page set a timer.
    case timerScheduled(id: Int, delay: Int64, repeats: Bool)
    /// A timer fired.
    case timerFired(id: Int)
    /// An exception escaped to the page's top level (routed to `window.onerror`).
    case uncaughtError(message: String, line: Int?)
    /// Code smuggled in a payload ran in the page: it called the harness's tripwire `__wvjbTripwire`.
    case tripwire(label: String)
    /// The page posted a message to a script message handler (`window.webkit.messageHandlers.<name>`), as
    /// `JSON.stringify` shows its body.
    case scriptMessagePosted(name: String, body: JSONValue?)
    /// The app's own navigation delegate (the one the app set before the bridge attached) was told of a
    /// navigation: `method` is the `WKNavigationDelegate` method (`decidePolicy`, `didFinish`, ...).
    case appDelegateNotified(method: String, url: String)
    /// The implementation broke a rule the web view itself enforces (a navigation decided twice, a
    /// dialog that would freeze the app, ...), with the obligation it breaks (`BOOT-1.f`, spec appendix C).
    case violation(clause: String, message: String)
}

/// How the native side evaluated a script: like WKWebView or like UIWebView.
package enum EvaluationStyle: String, Sendable {
    /// `evaluateJavaScript(_:completionHandler:)`: runs on a later turn, completion after that.
    case asynchronous = "async"
    /// `stringByEvaluatingJavaScript(from:)`: runs at once, on the caller's stack.
    case synchronous = "sync"
    /// The harness itself evaluated (to drive or inspect the page); never blamed on the implementation.
    case harness = "harness"
    /// A user script the native side added (`WKUserScript`), run as a page is committed.
    case userScript = "user-script"
}

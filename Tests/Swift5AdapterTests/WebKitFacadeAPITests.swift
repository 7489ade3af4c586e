import ConformanceKit
import Foundation
import SimulatedWebKit
import Testing

// SimulatedWebKit's public API pinned to Apple's: each symbol the facade offers is referenced here with the name,
// argument labels and type that WebKit's and UIKit's SDKs declare, in Swift 5 language mode as the ports that import
// the facade. `pin(_:as:)` takes its value `inout`, and an `inout` argument admits no conversion: a line compiles
// only when the facade's type is exactly Apple's (`WKNavigation` does not pass for `WKNavigation?`, nor a settable
// property for a read-only one, nor a nonisolated method for a `@MainActor` one). The table of
// `WebKitFacadeTableTests` (ConformanceKitTests) lists the same symbols, and Apple's that the facade lacks, as text.

/// Compiles only when `value`'s type is exactly `T`.
private func pin<T>(_ value: inout T, as _: T.Type) {}

/// Compiles only for a subclass of `NSObject`, as each of WebKit's and UIKit's classes is (the web views through
/// `UIView`): `==` and `hash` are the object's identity unless a subclass overrides `isEqual(_:)`.
private func requireNSObject<T: NSObject>(_: T.Type) {}

/// Compiles only for an `Int`-backed, `Sendable` enum, as WebKit's and UIKit's `NS_ENUM`s import.
private func requireIntEnum<T: RawRepresentable & Sendable>(_: T.Type) where T.RawValue == Int {}

// MARK: Classes and their members

/// `WKWebView`: its initializer, page, loads and evaluations, delegates.
@MainActor private func pinWKWebView() {
    requireNSObject(WKWebView.self)
    var make = WKWebView.init(frame:configuration:)
    pin(&make, as: (@MainActor (CGRect, WKWebViewConfiguration) -> WKWebView).self)
    // `init()` among the initializers the package sees (`init(simulating:)` is the kit's): picked by its type.
    var makeDefault = WKWebView.init as @MainActor () -> WKWebView
    pin(&makeDefault, as: (@MainActor () -> WKWebView).self)
    var configuration = \WKWebView.configuration
    pin(&configuration, as: KeyPath<WKWebView, WKWebViewConfiguration>.self)
    var navigationDelegate = \WKWebView.navigationDelegate
    pin(&navigationDelegate, as: ReferenceWritableKeyPath<WKWebView, (any WKNavigationDelegate)?>.self)
    var uiDelegate = \WKWebView.uiDelegate
    pin(&uiDelegate, as: ReferenceWritableKeyPath<WKWebView, (any WKUIDelegate)?>.self)
    var url = \WKWebView.url
    pin(&url, as: KeyPath<WKWebView, URL?>.self)
    var isLoading = \WKWebView.isLoading
    pin(&isLoading, as: KeyPath<WKWebView, Bool>.self)
    var title = \WKWebView.title
    pin(&title, as: KeyPath<WKWebView, String?>.self)
    var canGoBack = \WKWebView.canGoBack
    pin(&canGoBack, as: KeyPath<WKWebView, Bool>.self)
    var canGoForward = \WKWebView.canGoForward
    pin(&canGoForward, as: KeyPath<WKWebView, Bool>.self)
    var customUserAgent = \WKWebView.customUserAgent
    pin(&customUserAgent, as: ReferenceWritableKeyPath<WKWebView, String?>.self)
    var load = WKWebView.load(_:)
    pin(&load, as: ((WKWebView) -> @MainActor (URLRequest) -> WKNavigation?).self)
    var loadHTMLString = WKWebView.loadHTMLString(_:baseURL:)
    pin(&loadHTMLString, as: ((WKWebView) -> @MainActor (String, URL?) -> WKNavigation?).self)
    var reload = WKWebView.reload
    pin(&reload, as: ((WKWebView) -> @MainActor () -> WKNavigation?).self)
    var goBack = WKWebView.goBack
    pin(&goBack, as: ((WKWebView) -> @MainActor () -> WKNavigation?).self)
    var goForward = WKWebView.goForward
    pin(&goForward, as: ((WKWebView) -> @MainActor () -> WKNavigation?).self)
    var evaluate = WKWebView.evaluateJavaScript(_:completionHandler:)
    pin(
        &evaluate,
        as: ((WKWebView) -> @MainActor (String, (@MainActor @Sendable (Any?, (any Error)?) -> Void)?) -> Void).self)
    var evaluateAsync = WKWebView.evaluateJavaScript(_:)
    pin(&evaluateAsync, as: ((WKWebView) -> @MainActor (String) async throws -> Any).self)
}

/// An app's subclass of `WKWebView`, as WebKit allows: `init(frame:configuration:)` is designated.
private final class AppWebView: WKWebView {
    override init(frame: CGRect, configuration: WKWebViewConfiguration) {
        super.init(frame: frame, configuration: configuration)
    }
}

/// `WKWebViewConfiguration`, `WKPreferences`, `WKUserContentController`, `WKUserScript`.
@MainActor private func pinConfiguration() {
    requireNSObject(WKWebViewConfiguration.self)
    var makeConfiguration = WKWebViewConfiguration.init
    pin(&makeConfiguration, as: (@MainActor () -> WKWebViewConfiguration).self)
    var userContentController = \WKWebViewConfiguration.userContentController
    pin(&userContentController, as: ReferenceWritableKeyPath<WKWebViewConfiguration, WKUserContentController>.self)
    var preferences = \WKWebViewConfiguration.preferences
    pin(&preferences, as: ReferenceWritableKeyPath<WKWebViewConfiguration, WKPreferences>.self)

    requireNSObject(WKPreferences.self)
    var makePreferences = WKPreferences.init
    pin(&makePreferences, as: (@MainActor () -> WKPreferences).self)
    var javaScriptEnabled = \WKPreferences.javaScriptEnabled
    pin(&javaScriptEnabled, as: ReferenceWritableKeyPath<WKPreferences, Bool>.self)
    var canOpenWindows = \WKPreferences.javaScriptCanOpenWindowsAutomatically
    pin(&canOpenWindows, as: ReferenceWritableKeyPath<WKPreferences, Bool>.self)

    requireNSObject(WKUserContentController.self)
    var makeController = WKUserContentController.init
    pin(&makeController, as: (@MainActor () -> WKUserContentController).self)
    var userScripts = \WKUserContentController.userScripts
    pin(&userScripts, as: KeyPath<WKUserContentController, [WKUserScript]>.self)
    var add = WKUserContentController.add(_:name:)
    pin(&add, as: ((WKUserContentController) -> @MainActor (any WKScriptMessageHandler, String) -> Void).self)
    var remove = WKUserContentController.removeScriptMessageHandler(forName:)
    pin(&remove, as: ((WKUserContentController) -> @MainActor (String) -> Void).self)
    var removeAllHandlers = WKUserContentController.removeAllScriptMessageHandlers
    pin(&removeAllHandlers, as: ((WKUserContentController) -> @MainActor () -> Void).self)
    var addUserScript = WKUserContentController.addUserScript(_:)
    pin(&addUserScript, as: ((WKUserContentController) -> @MainActor (WKUserScript) -> Void).self)
    var removeAllUserScripts = WKUserContentController.removeAllUserScripts
    pin(&removeAllUserScripts, as: ((WKUserContentController) -> @MainActor () -> Void).self)

    requireNSObject(WKUserScript.self)
    var makeScript = WKUserScript.init(source:injectionTime:forMainFrameOnly:)
    pin(&makeScript, as: (@MainActor (String, WKUserScriptInjectionTime, Bool) -> WKUserScript).self)
    var source = \WKUserScript.source
    pin(&source, as: KeyPath<WKUserScript, String>.self)
    var injectionTime = \WKUserScript.injectionTime
    pin(&injectionTime, as: KeyPath<WKUserScript, WKUserScriptInjectionTime>.self)
    var isForMainFrameOnly = \WKUserScript.isForMainFrameOnly
    pin(&isForMainFrameOnly, as: KeyPath<WKUserScript, Bool>.self)
}

/// What delegates get: `WKNavigationAction`, `WKFrameInfo`, `WKSecurityOrigin`, `WKNavigation`, `WKScriptMessage`.
@MainActor private func pinDelegateArguments() {
    requireNSObject(WKNavigationAction.self)
    var request = \WKNavigationAction.request
    pin(&request, as: KeyPath<WKNavigationAction, URLRequest>.self)
    var navigationType = \WKNavigationAction.navigationType
    pin(&navigationType, as: KeyPath<WKNavigationAction, WKNavigationType>.self)
    var sourceFrame = \WKNavigationAction.sourceFrame
    pin(&sourceFrame, as: KeyPath<WKNavigationAction, WKFrameInfo>.self)
    var targetFrame = \WKNavigationAction.targetFrame
    pin(&targetFrame, as: KeyPath<WKNavigationAction, WKFrameInfo?>.self)
    var shouldPerformDownload = \WKNavigationAction.shouldPerformDownload
    pin(&shouldPerformDownload, as: KeyPath<WKNavigationAction, Bool>.self)

    requireNSObject(WKFrameInfo.self)
    var isMainFrame = \WKFrameInfo.isMainFrame
    pin(&isMainFrame, as: KeyPath<WKFrameInfo, Bool>.self)
    var frameRequest = \WKFrameInfo.request
    pin(&frameRequest, as: KeyPath<WKFrameInfo, URLRequest>.self)
    var securityOrigin = \WKFrameInfo.securityOrigin
    pin(&securityOrigin, as: KeyPath<WKFrameInfo, WKSecurityOrigin>.self)
    var frameWebView = \WKFrameInfo.webView
    pin(&frameWebView, as: KeyPath<WKFrameInfo, WKWebView?>.self)

    requireNSObject(WKSecurityOrigin.self)
    var originProtocol = \WKSecurityOrigin.protocol
    pin(&originProtocol, as: KeyPath<WKSecurityOrigin, String>.self)
    var host = \WKSecurityOrigin.host
    pin(&host, as: KeyPath<WKSecurityOrigin, String>.self)
    var port = \WKSecurityOrigin.port
    pin(&port, as: KeyPath<WKSecurityOrigin, Int>.self)

    requireNSObject(WKNavigation.self)

    requireNSObject(WKNavigationResponse.self)
    var response = \WKNavigationResponse.response
    pin(&response, as: KeyPath<WKNavigationResponse, URLResponse>.self)
    var isForMainFrame = \WKNavigationResponse.isForMainFrame
    pin(&isForMainFrame, as: KeyPath<WKNavigationResponse, Bool>.self)
    var canShowMIMEType = \WKNavigationResponse.canShowMIMEType
    pin(&canShowMIMEType, as: KeyPath<WKNavigationResponse, Bool>.self)

    requireNSObject(WKScriptMessage.self)
    var body = \WKScriptMessage.body
    pin(&body, as: KeyPath<WKScriptMessage, Any>.self)
    var name = \WKScriptMessage.name
    pin(&name, as: KeyPath<WKScriptMessage, String>.self)
    var messageWebView = \WKScriptMessage.webView
    pin(&messageWebView, as: KeyPath<WKScriptMessage, WKWebView?>.self)
    var frameInfo = \WKScriptMessage.frameInfo
    pin(&frameInfo, as: KeyPath<WKScriptMessage, WKFrameInfo>.self)
}

/// `UIWebView` and its `NavigationType`.
@MainActor private func pinUIWebView() {
    requireNSObject(UIWebView.self)
    // `init()` among the initializers the package sees (`init(simulating:)` is the kit's): picked by its type.
    var make = UIWebView.init as @MainActor () -> UIWebView
    pin(&make, as: (@MainActor () -> UIWebView).self)
    var delegate = \UIWebView.delegate
    pin(&delegate, as: ReferenceWritableKeyPath<UIWebView, (any UIWebViewDelegate)?>.self)
    var request = \UIWebView.request
    pin(&request, as: KeyPath<UIWebView, URLRequest?>.self)
    var isLoading = \UIWebView.isLoading
    pin(&isLoading, as: KeyPath<UIWebView, Bool>.self)
    var evaluate = UIWebView.stringByEvaluatingJavaScript(from:)
    pin(&evaluate, as: ((UIWebView) -> @MainActor (String) -> String?).self)
    var loadRequest = UIWebView.loadRequest(_:)
    pin(&loadRequest, as: ((UIWebView) -> @MainActor (URLRequest) -> Void).self)
    var loadHTMLString = UIWebView.loadHTMLString(_:baseURL:)
    pin(&loadHTMLString, as: ((UIWebView) -> @MainActor (String, URL?) -> Void).self)
    var reload = UIWebView.reload
    pin(&reload, as: ((UIWebView) -> @MainActor () -> Void).self)
}

/// How an adapter reaches the facade: the case's web view in either shape.
@MainActor private func pinAdapterAccess() {
    var wkWebView = \SimulatedWebView.wkWebView
    pin(&wkWebView, as: KeyPath<SimulatedWebView, WKWebView>.self)
    var uiWebView = \SimulatedWebView.uiWebView
    pin(&uiWebView, as: KeyPath<SimulatedWebView, UIWebView>.self)
    var appDelegate = \SimulatedWebView.wkAppNavigationDelegate
    pin(&appDelegate, as: KeyPath<SimulatedWebView, (any WKNavigationDelegate)?>.self)
}

// MARK: Protocols

/// The requirements of `WKNavigationDelegate`, `WKUIDelegate`, `WKScriptMessageHandler` and `UIWebViewDelegate`,
/// referenced through a conforming type: each resolves only to a method of Apple's labels and exact type. The
/// protocols are `@preconcurrency @MainActor`, as WebKit's import, so in Swift 5 mode a reference drops the
/// `@MainActor @Sendable` of a completion handler's type: the Apple-shaped delegates below, whose methods carry
/// them, are the facade's witnesses only if the requirements carry them too (WebKitGlueGuideTests sees them called).
private func pinRequirements<
    Navigation: WKNavigationDelegate, UI: WKUIDelegate, Handler: WKScriptMessageHandler, Legacy: UIWebViewDelegate
>(_: Navigation.Type, _: UI.Type, _: Handler.Type, _: Legacy.Type) {
    var decide =
        Navigation.webView(_:decidePolicyFor:decisionHandler:)
        as (Navigation) -> (WKWebView, WKNavigationAction, @escaping (WKNavigationActionPolicy) -> Void) -> Void
    pin(
        &decide,
        as: ((Navigation) -> (
            WKWebView, WKNavigationAction, @escaping (WKNavigationActionPolicy) -> Void
        ) -> Void).self)
    var didStart = Navigation.webView(_:didStartProvisionalNavigation:)
    pin(&didStart, as: ((Navigation) -> (WKWebView, WKNavigation?) -> Void).self)
    var didCommit = Navigation.webView(_:didCommit:)
    pin(&didCommit, as: ((Navigation) -> (WKWebView, WKNavigation?) -> Void).self)
    var didFinish = Navigation.webView(_:didFinish:)
    pin(&didFinish, as: ((Navigation) -> (WKWebView, WKNavigation?) -> Void).self)
    var didFail = Navigation.webView(_:didFail:withError:)
    pin(&didFail, as: ((Navigation) -> (WKWebView, WKNavigation?, any Error) -> Void).self)
    var didFailProvisional = Navigation.webView(_:didFailProvisionalNavigation:withError:)
    pin(&didFailProvisional, as: ((Navigation) -> (WKWebView, WKNavigation?, any Error) -> Void).self)
    var decideResponse =
        Navigation.webView(_:decidePolicyFor:decisionHandler:)
        as (Navigation) -> (WKWebView, WKNavigationResponse, @escaping (WKNavigationResponsePolicy) -> Void) -> Void
    pin(
        &decideResponse,
        as: ((Navigation) -> (
            WKWebView, WKNavigationResponse, @escaping (WKNavigationResponsePolicy) -> Void
        ) -> Void).self)
    var challenge = Navigation.webView(_:didReceive:completionHandler:)
    pin(
        &challenge,
        as: ((Navigation) -> (
            WKWebView, URLAuthenticationChallenge,
            @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) -> Void).self)
    var terminated = Navigation.webViewWebContentProcessDidTerminate(_:)
    pin(&terminated, as: ((Navigation) -> (WKWebView) -> Void).self)

    var alert = UI.webView(_:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:)
    pin(
        &alert,
        as: ((UI) -> (WKWebView, String, WKFrameInfo, @escaping () -> Void) -> Void).self)
    var confirm = UI.webView(_:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:)
    pin(
        &confirm,
        as: ((UI) -> (WKWebView, String, WKFrameInfo, @escaping (Bool) -> Void) -> Void).self)
    var prompt = UI.webView(_:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:)
    pin(
        &prompt,
        as: ((UI) -> (WKWebView, String, String?, WKFrameInfo, @escaping (String?) -> Void) -> Void).self)

    var receive = Handler.userContentController(_:didReceive:)
    pin(&receive, as: ((Handler) -> (WKUserContentController, WKScriptMessage) -> Void).self)

    var shouldStart = Legacy.webView(_:shouldStartLoadWith:navigationType:)
    pin(&shouldStart, as: ((Legacy) -> (UIWebView, URLRequest, UIWebView.NavigationType) -> Bool).self)
    var didStartLoad = Legacy.webViewDidStartLoad(_:)
    pin(&didStartLoad, as: ((Legacy) -> (UIWebView) -> Void).self)
    var didFinishLoad = Legacy.webViewDidFinishLoad(_:)
    pin(&didFinishLoad, as: ((Legacy) -> (UIWebView) -> Void).self)
    var didFailLoad = Legacy.webView(_:didFailLoadWithError:)
    pin(&didFailLoad, as: ((Legacy) -> (UIWebView, any Error) -> Void).self)

    // Each protocol refines NSObjectProtocol, as WebKit's and UIKit's do.
    let _: (Navigation, UI, Handler, Legacy) -> [any NSObjectProtocol] = { [$0, $1, $2, $3] }
}

/// A navigation delegate written as for WebKit, every method with Apple's signature; it records what it hears.
final class AppleShapedNavigationDelegate: NSObject, WKNavigationDelegate {
    var calls: [String] = []
    /// What it decides for a request whose URL contains "cancel" (everything else is allowed).
    var policyForCancelURLs = WKNavigationActionPolicy.cancel

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        let url = navigationAction.request.url?.absoluteString ?? "nil"
        let frame = navigationAction.targetFrame?.isMainFrame == true ? "main" : "iframe"
        calls.append("decidePolicyFor \(url) \(frame)")
        decisionHandler(url.contains("cancel") ? policyForCancelURLs : .allow)
    }

    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        calls.append("didStartProvisionalNavigation")
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        calls.append("didCommit \(webView.url?.absoluteString ?? "nil")")
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        calls.append("didFinish \(webView.url?.absoluteString ?? "nil")")
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        calls.append("didFail \((error as NSError).code)")
    }

    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {
        calls.append("didFailProvisionalNavigation \((error as NSError).code)")
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    ) {
        calls.append("decidePolicyFor response")
        decisionHandler(.allow)
    }

    func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        calls.append("didReceive challenge")
        completionHandler(.performDefaultHandling, nil)
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        calls.append("webViewWebContentProcessDidTerminate")
    }
}

/// Glue as a Swift 5 port writes it against WebKit: a class of no actor's that calls the web view from its
/// methods, from its `deinit` and from a closure, and compares web views with `!=`. WebKit's classes are imported
/// from Objective-C, so their `@MainActor` is `@preconcurrency`: Swift 5 mode accepts these calls. It compiles here
/// only if the facade's classes are `@preconcurrency` too (a plain `@MainActor` is a hard error in Swift 5 mode),
/// and only if a web view is `Equatable`, as an `NSObject` is.
final class Swift5StyleGlue: NSObject {
    private weak var webView: WKWebView?
    private let handlerName = "swift5StyleGlue"
    private(set) var results: [String] = []

    init(webView: WKWebView) {
        self.webView = webView
        super.init()
        webView.configuration.userContentController.add(AppleShapedScriptMessageHandler(), name: handlerName)
    }

    deinit {
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: handlerName)
    }

    /// Evaluates `script` when `webView` is this glue's, handing the result to a completion of a port's own type.
    func evaluate(_ script: String, in webView: WKWebView, then completion: @escaping (Any?, Error?) -> Void) {
        if webView != self.webView { return }
        self.webView?.evaluateJavaScript(script, completionHandler: completion)
    }
}

/// A UI delegate written as for WebKit; it records the panels it is asked to show.
final class AppleShapedUIDelegate: NSObject, WKUIDelegate {
    var calls: [String] = []

    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable () -> Void
    ) {
        calls.append("alert \(message)")
        completionHandler()
    }

    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        calls.append("confirm \(message)")
        completionHandler(true)
    }

    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        calls.append("prompt \(prompt) \(defaultText ?? "nil")")
        completionHandler("typed")
    }
}

/// A script message handler written as for WebKit; it keeps what it receives.
final class AppleShapedScriptMessageHandler: NSObject, WKScriptMessageHandler {
    var messages: [(name: String, body: Any, isMainFrame: Bool)] = []

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        messages.append((message.name, message.body, message.frameInfo.isMainFrame))
    }
}

/// A UIWebView delegate written as for UIKit; it records what it hears.
final class AppleShapedUIWebViewDelegate: NSObject, UIWebViewDelegate {
    var calls: [String] = []

    func webView(
        _ webView: UIWebView, shouldStartLoadWith request: URLRequest, navigationType: UIWebView.NavigationType
    ) -> Bool {
        calls.append("shouldStartLoadWith \(request.url?.absoluteString ?? "nil") \(navigationType.rawValue)")
        return true
    }

    func webViewDidStartLoad(_ webView: UIWebView) { calls.append("webViewDidStartLoad") }

    func webViewDidFinishLoad(_ webView: UIWebView) { calls.append("webViewDidFinishLoad") }

    func webView(_ webView: UIWebView, didFailLoadWithError error: any Error) { calls.append("didFailLoadWithError") }
}

// MARK: Enums

/// Apple's raw value of each case; the switches are exhaustive, so a case added or removed does not compile.
private func appleRawValue(_ policy: WKNavigationActionPolicy) -> Int {
    switch policy {
    case .cancel: return 0
    case .allow: return 1
    case .download: return 2
    }
}

private func appleRawValue(_ policy: WKNavigationResponsePolicy) -> Int {
    switch policy {
    case .cancel: return 0
    case .allow: return 1
    case .download: return 2
    }
}

private func appleRawValue(_ type: WKNavigationType) -> Int {
    switch type {
    case .linkActivated: return 0
    case .formSubmitted: return 1
    case .backForward: return 2
    case .reload: return 3
    case .formResubmitted: return 4
    case .other: return -1
    }
}

private func appleRawValue(_ time: WKUserScriptInjectionTime) -> Int {
    switch time {
    case .atDocumentStart: return 0
    case .atDocumentEnd: return 1
    }
}

private func appleRawValue(_ type: UIWebView.NavigationType) -> Int {
    switch type {
    case .linkClicked: return 0
    case .formSubmitted: return 1
    case .backForward: return 2
    case .reload: return 3
    case .formResubmitted: return 4
    case .other: return 5
    }
}

@Suite("SimulatedWebKit has Apple's API")
@MainActor
struct WebKitFacadeAPITests {
    @Test("every symbol has Apple's name, labels and exact type (the pins compile, and run)")
    func signaturesArePinned() {
        pinWKWebView()
        pinConfiguration()
        pinDelegateArguments()
        pinUIWebView()
        pinAdapterAccess()
        pinRequirements(
            AppleShapedNavigationDelegate.self, AppleShapedUIDelegate.self, AppleShapedScriptMessageHandler.self,
            AppleShapedUIWebViewDelegate.self)
        let subclassed = AppWebView(frame: .zero, configuration: WKWebViewConfiguration())
        #expect(subclassed.url == nil)
    }

    @Test("the enums have Apple's cases and raw values, and are Int-backed and Sendable")
    func enumRawValues() {
        requireIntEnum(WKNavigationActionPolicy.self)
        requireIntEnum(WKNavigationResponsePolicy.self)
        requireIntEnum(WKNavigationType.self)
        requireIntEnum(WKUserScriptInjectionTime.self)
        requireIntEnum(UIWebView.NavigationType.self)
        #expect(WKNavigationActionPolicy.allow.rawValue == 1)
        #expect(WKNavigationType.other.rawValue == -1)
        #expect(WKUserScriptInjectionTime.atDocumentEnd.rawValue == 1)
        #expect(UIWebView.NavigationType.other.rawValue == 5)
        let policies: [WKNavigationActionPolicy] = [.cancel, .allow, .download]
        let responsePolicies: [WKNavigationResponsePolicy] = [.cancel, .allow, .download]
        let types: [WKNavigationType] = [
            .linkActivated, .formSubmitted, .backForward, .reload, .formResubmitted, .other,
        ]
        let times: [WKUserScriptInjectionTime] = [.atDocumentStart, .atDocumentEnd]
        let legacyTypes: [UIWebView.NavigationType] = [
            .linkClicked, .formSubmitted, .backForward, .reload, .formResubmitted, .other,
        ]
        for policy in policies {
            #expect(
                policy.rawValue == appleRawValue(policy)
                    && WKNavigationActionPolicy(rawValue: policy.rawValue) == policy)
        }
        for policy in responsePolicies {
            #expect(
                policy.rawValue == appleRawValue(policy)
                    && WKNavigationResponsePolicy(rawValue: policy.rawValue) == policy)
        }
        for type in types {
            #expect(type.rawValue == appleRawValue(type) && WKNavigationType(rawValue: type.rawValue) == type)
        }
        for time in times {
            #expect(time.rawValue == appleRawValue(time) && WKUserScriptInjectionTime(rawValue: time.rawValue) == time)
        }
        for type in legacyTypes {
            #expect(type.rawValue == appleRawValue(type) && UIWebView.NavigationType(rawValue: type.rawValue) == type)
        }
    }

    @Test("web views are equal and hash as their identity, as NSObjects are")
    func webViewIdentity() {
        let configuration = WKWebViewConfiguration()
        let first = WKWebView(frame: .zero, configuration: configuration)
        let second = WKWebView(frame: .zero, configuration: configuration)
        let optionalFirst: WKWebView? = first
        #expect(first == first && first != second)
        #expect(optionalFirst == first && optionalFirst != second)
        #expect(Set([first, second, first]).count == 2)
        #expect(UIWebView() != UIWebView())
        #expect(WKWebView().configuration !== WKWebView().configuration)
    }

    @Test("a web view without history: it cannot go back or forward, and going does nothing, as in WebKit")
    func noHistory() async {
        let webView = WKWebView()
        let delegate = AppleShapedNavigationDelegate()
        webView.navigationDelegate = delegate
        webView.customUserAgent = "PortGlue/1.0"
        #expect(!webView.canGoBack && !webView.canGoForward)
        #expect(webView.goBack() == nil && webView.goForward() == nil)
        #expect(webView.customUserAgent == "PortGlue/1.0")
        #expect(delegate.calls.isEmpty, "\(delegate.calls)")
    }

    @Test("Swift 5 glue of no actor's calls the facade as it calls WebKit, from its methods and its deinit")
    func swift5StyleGlueRuns() async {
        let webView = WKWebView()
        var glue: Swift5StyleGlue? = Swift5StyleGlue(webView: webView)
        glue?.evaluate("1", in: WKWebView()) { _, _ in Issue.record("evaluated for another web view") }
        let failed: Bool = await withCheckedContinuation { continuation in
            glue?.evaluate("1", in: webView) { result, error in
                continuation.resume(returning: result == nil && error != nil)
            }
        }
        // A web view app code made shows no page: the evaluation fails, as the facade documents.
        #expect(failed)
        let released = { [weak glue] in glue == nil }
        glue = nil
        #expect(released(), "the glue's deinit ran")
    }

    @Test("a web view app code makes shows no page: its evaluations fail and its loads go nowhere")
    func appMadeWebViewShowsNoPage() async {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        let delegate = AppleShapedNavigationDelegate()
        webView.navigationDelegate = delegate
        #expect(webView.navigationDelegate === delegate)
        _ = webView.load(URLRequest(url: URL(string: "https://app.example/")!))
        let failed: Bool = await withCheckedContinuation { continuation in
            webView.evaluateJavaScript("1") { result, error in
                continuation.resume(returning: result == nil && error != nil)
            }
        }
        #expect(failed)
        #expect(delegate.calls.isEmpty, "\(delegate.calls)")
        #expect(webView.url == nil && !webView.isLoading)
    }
}

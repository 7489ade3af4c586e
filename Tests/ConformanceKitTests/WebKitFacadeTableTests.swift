import Foundation
import Testing

/// SimulatedWebKit against Apple's WebKit and UIKit, as a table: each row is one of Apple's Swift declarations and
/// whether the facade has it. The facade's declarations are read from its sources (the reader of the public API
/// digests), so the test fails when the facade gains or loses a symbol the table does not say, or when one it has
/// differs from Apple's in name, labels or types. Swift5AdapterTests/WebKitFacadeAPITests pins the same symbols
/// for the compiler, in Swift 5 language mode.
@Suite("SimulatedWebKit against Apple's API, as a table")
struct WebKitFacadeTableTests {
    /// Apple's declarations (from the iOS SDK's WebKit and UIKit Swift interfaces), written as the digest writes
    /// a declaration once access modifiers, attributes and accessors are dropped (`Owner: declaration`); a type
    /// by its kind and name. True: the facade has it, exactly; false: the facade has no symbol of that name and
    /// those labels.
    static let apple: [(declaration: String, inFacade: Bool)] = [
        // WKWebView: an NSObject, as Apple's, but not a view here (no UIView or NSView superclass).
        ("class WKWebView", true),
        ("WKWebView: init(frame: CGRect, configuration: WKWebViewConfiguration)", true),
        ("WKWebView: init()", true),
        ("WKWebView: init?(coder: NSCoder)", false),
        ("WKWebView: var configuration: WKWebViewConfiguration", true),
        ("WKWebView: weak var navigationDelegate: (any WKNavigationDelegate)?", true),
        ("WKWebView: weak var uiDelegate: (any WKUIDelegate)?", true),
        ("WKWebView: var url: URL?", true),
        ("WKWebView: var title: String?", true),
        ("WKWebView: var isLoading: Bool", true),
        ("WKWebView: var estimatedProgress: Double", false),
        ("WKWebView: var canGoBack: Bool", true),
        ("WKWebView: var canGoForward: Bool", true),
        ("WKWebView: var customUserAgent: String?", true),
        ("WKWebView: var isInspectable: Bool", false),
        ("WKWebView: func load(_ request: URLRequest) -> WKNavigation?", true),
        ("WKWebView: func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation?", true),
        ("WKWebView: func loadFileURL(_ URL: URL, allowingReadAccessTo readAccessURL: URL) -> WKNavigation?", false),
        (
            "WKWebView: func load(_ data: Data, mimeType MIMEType: String, characterEncodingName: String, baseURL: URL) -> WKNavigation?",
            false
        ),
        ("WKWebView: func reload() -> WKNavigation?", true),
        ("WKWebView: func reloadFromOrigin() -> WKNavigation?", false),
        ("WKWebView: func goBack() -> WKNavigation?", true),
        ("WKWebView: func goForward() -> WKNavigation?", true),
        ("WKWebView: func stopLoading()", false),
        (
            "WKWebView: func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil)",
            true
        ),
        ("WKWebView: func evaluateJavaScript(_ javaScriptString: String) async throws -> Any", true),
        (
            "WKWebView: func evaluateJavaScript(_ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld, completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil)",
            false
        ),
        (
            "WKWebView: func callAsyncJavaScript(_ functionBody: String, arguments: [String : Any] = [:], in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld, completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil)",
            false
        ),
        // WKWebViewConfiguration, WKPreferences.
        ("class WKWebViewConfiguration", true),
        ("WKWebViewConfiguration: init()", true),
        ("WKWebViewConfiguration: var userContentController: WKUserContentController", true),
        ("WKWebViewConfiguration: var preferences: WKPreferences", true),
        ("WKWebViewConfiguration: var websiteDataStore: WKWebsiteDataStore", false),
        ("WKWebViewConfiguration: var processPool: WKProcessPool", false),
        ("WKWebViewConfiguration: var applicationNameForUserAgent: String?", false),
        ("WKWebViewConfiguration: var defaultWebpagePreferences: WKWebpagePreferences!", false),
        (
            "WKWebViewConfiguration: func setURLSchemeHandler(_ urlSchemeHandler: (any WKURLSchemeHandler)?, forURLScheme urlScheme: String)",
            false
        ),
        ("class WKPreferences", true),
        ("WKPreferences: init()", true),
        ("WKPreferences: var javaScriptEnabled: Bool", true),
        ("WKPreferences: var javaScriptCanOpenWindowsAutomatically: Bool", true),
        // WKUserContentController, WKUserScript, WKScriptMessage, WKScriptMessageHandler.
        ("class WKUserContentController", true),
        ("WKUserContentController: init()", true),
        ("WKUserContentController: var userScripts: [WKUserScript]", true),
        ("WKUserContentController: func addUserScript(_ userScript: WKUserScript)", true),
        ("WKUserContentController: func removeAllUserScripts()", true),
        ("WKUserContentController: func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String)", true),
        ("WKUserContentController: func removeScriptMessageHandler(forName name: String)", true),
        ("WKUserContentController: func removeAllScriptMessageHandlers()", true),
        (
            "WKUserContentController: func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String)",
            false
        ),
        (
            "WKUserContentController: func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String)",
            false
        ),
        ("WKUserContentController: func add(_ contentRuleList: WKContentRuleList)", false),
        ("class WKUserScript", true),
        ("WKUserScript: init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool)", true),
        (
            "WKUserScript: init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld)",
            false
        ),
        ("WKUserScript: var source: String", true),
        ("WKUserScript: var injectionTime: WKUserScriptInjectionTime", true),
        ("WKUserScript: var isForMainFrameOnly: Bool", true),
        ("enum WKUserScriptInjectionTime", true),
        ("class WKScriptMessage", true),
        ("WKScriptMessage: var body: Any", true),
        ("WKScriptMessage: weak var webView: WKWebView?", true),
        ("WKScriptMessage: var frameInfo: WKFrameInfo", true),
        ("WKScriptMessage: var name: String", true),
        ("WKScriptMessage: var world: WKContentWorld", false),
        ("protocol WKScriptMessageHandler", true),
        (
            "WKScriptMessageHandler: func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)",
            true
        ),
        // WKNavigationDelegate and what it gets.
        ("protocol WKNavigationDelegate", true),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)",
            true
        ),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void)",
            false
        ),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)",
            true
        ),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)",
            true
        ),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!)",
            false
        ),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)",
            true
        ),
        ("WKNavigationDelegate: func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)", true),
        ("WKNavigationDelegate: func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)", true),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)",
            true
        ),
        (
            "WKNavigationDelegate: func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)",
            true
        ),
        ("WKNavigationDelegate: func webViewWebContentProcessDidTerminate(_ webView: WKWebView)", true),
        ("class WKNavigation", true),
        ("class WKNavigationAction", true),
        ("WKNavigationAction: var sourceFrame: WKFrameInfo", true),
        ("WKNavigationAction: var targetFrame: WKFrameInfo?", true),
        ("WKNavigationAction: var navigationType: WKNavigationType", true),
        ("WKNavigationAction: var request: URLRequest", true),
        ("WKNavigationAction: var shouldPerformDownload: Bool", true),
        ("WKNavigationAction: var modifierFlags: UIKeyModifierFlags", false),
        ("enum WKNavigationActionPolicy", true),
        ("class WKNavigationResponse", true),
        ("WKNavigationResponse: var isForMainFrame: Bool", true),
        ("WKNavigationResponse: var response: URLResponse", true),
        ("WKNavigationResponse: var canShowMIMEType: Bool", true),
        ("enum WKNavigationResponsePolicy", true),
        ("enum WKNavigationType", true),
        ("class WKFrameInfo", true),
        ("WKFrameInfo: var isMainFrame: Bool", true),
        ("WKFrameInfo: var request: URLRequest", true),
        ("WKFrameInfo: var securityOrigin: WKSecurityOrigin", true),
        ("WKFrameInfo: weak var webView: WKWebView?", true),
        ("class WKSecurityOrigin", true),
        ("WKSecurityOrigin: var `protocol`: String", true),
        ("WKSecurityOrigin: var host: String", true),
        ("WKSecurityOrigin: var port: Int", true),
        // WKUIDelegate.
        ("protocol WKUIDelegate", true),
        (
            "WKUIDelegate: func webView(_ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable () -> Void)",
            true
        ),
        (
            "WKUIDelegate: func webView(_ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)",
            true
        ),
        (
            "WKUIDelegate: func webView(_ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void)",
            true
        ),
        (
            "WKUIDelegate: func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView?",
            false
        ),
        ("WKUIDelegate: func webViewDidClose(_ webView: WKWebView)", false),
        // UIWebView (UIKit, deprecated): not a view here either.
        ("class UIWebView", true),
        ("UIWebView: init()", true),
        ("UIWebView: init(frame: CGRect)", false),
        ("UIWebView: weak var delegate: (any UIWebViewDelegate)?", true),
        ("UIWebView: var request: URLRequest?", true),
        ("UIWebView: var isLoading: Bool", true),
        ("UIWebView: var canGoBack: Bool", false),
        ("UIWebView: var scalesPageToFit: Bool", false),
        ("UIWebView: func loadRequest(_ request: URLRequest)", true),
        ("UIWebView: func loadHTMLString(_ string: String, baseURL: URL?)", true),
        ("UIWebView: func reload()", true),
        ("UIWebView: func stopLoading()", false),
        ("UIWebView: func goBack()", false),
        ("UIWebView: func stringByEvaluatingJavaScript(from script: String) -> String?", true),
        ("UIWebView: enum NavigationType", true),
        ("protocol UIWebViewDelegate", true),
        (
            "UIWebViewDelegate: func webView(_ webView: UIWebView, shouldStartLoadWith request: URLRequest, navigationType: UIWebView.NavigationType) -> Bool",
            true
        ),
        ("UIWebViewDelegate: func webViewDidStartLoad(_ webView: UIWebView)", true),
        ("UIWebViewDelegate: func webViewDidFinishLoad(_ webView: UIWebView)", true),
        ("UIWebViewDelegate: func webView(_ webView: UIWebView, didFailLoadWithError error: any Error)", true),
    ]

    /// What the facade has that Apple's API has not: how an adapter reaches the case's web view, and the app's
    /// navigation delegate of a case that set one.
    static let kitOnly: Set<String> = [
        "SimulatedWebView: var wkWebView: WKWebView", "SimulatedWebView: var uiWebView: UIWebView",
        "SimulatedWebView: var wkAppNavigationDelegate: (any WKNavigationDelegate)?",
    ]

    /// The facade's public declarations, normalized as the table writes Apple's.
    static func facade() throws -> Set<String> {
        var declarations: Set<String> = []
        for (_, text) in try PublicAPITests.sources(of: "SimulatedWebKit") {
            for declaration in PublicAPITests.publicDeclarations(in: text) {
                declarations.insert(normalized(declaration))
            }
        }
        return declarations
    }

    /// A digest line without access modifiers and the like, and a type declaration without what it inherits.
    static func normalized(_ line: String) -> String {
        var owner = "", declaration = line
        if let match = line.wholeMatch(of: /([A-Za-z_]\w*): (.*)/) {
            owner = "\(match.output.1): "
            declaration = String(match.output.2)
        }
        while let modifier = declaration.prefixMatch(
            of: /(?:public|open|override|convenience|final|required|optional|nonisolated|private\(set\))\s+/)
        {
            declaration.removeSubrange(modifier.range)
        }
        if let type = declaration.wholeMatch(of: /(class|struct|enum|protocol|actor) (\w+)\b.*/) {
            declaration = "\(type.output.1) \(type.output.2)"
        }
        return owner + declaration
    }

    /// A declaration's symbol: its owner, kind and name, and its argument labels (`WKWebView.func load(_:)`); with
    /// `types`, each label with its parameter's type, which tells overloads apart
    /// (`WKWebView.func load(_: URLRequest)`).
    static func symbol(of declaration: String, types: Bool = false) -> String {
        let normal = normalized(declaration)
        guard
            let match = normal.wholeMatch(
                of:
                    /(?:(\w+): )?(?:weak )?(?:static )?(func|init\??|var|let|class|struct|enum|protocol) ?([^(:<\s]*)(.*)/
            )
        else { return normal }
        let owner = match.output.1.map { "\($0)." } ?? ""
        let kind = match.output.2 == "let" ? "var" : String(match.output.2.prefix { $0 != "?" })
        let name = String(match.output.3)
        guard kind == "func" || kind == "init", let parameters = Self.parameters(of: String(match.output.4)) else {
            return "\(owner)\(kind) \(name)"
        }
        let arguments = parameters.map { parameter -> String in
            let colon = parameter.firstIndex(of: ":") ?? parameter.endIndex
            let label = parameter[..<colon].split(separator: " ").first.map(String.init) ?? ""
            guard types, colon < parameter.endIndex else { return label + ":" }
            let type = parameter[parameter.index(after: colon)...].components(separatedBy: " = ")[0]
            return label + ":" + type + ","
        }
        return "\(owner)\(name.isEmpty ? kind : "\(kind) \(name)")(\(arguments.joined()))"
    }

    /// The parameters of `(a: A, b: (C, D) -> E) -> F`, split at its top-level commas.
    static func parameters(of signature: String) -> [String]? {
        guard signature.first == "(" else { return nil }
        var depth = 0, current = "", parameters: [String] = []
        for (index, character) in signature.enumerated() {
            if "([<".contains(character) { depth += 1 }
            if ")]".contains(character) || (character == ">" && index > 0 && Array(signature)[index - 1] != "-") {
                depth -= 1
            }
            if depth == 0 { break }
            if depth == 1 && character == "," {
                parameters.append(current.trimmingCharacters(in: .whitespaces)); current = ""
            } else if !(depth == 1 && character == "(") {
                current.append(character)
            }
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        return last.isEmpty && parameters.isEmpty ? [] : parameters + [last]
    }

    @Test("each of Apple's symbols is in the facade exactly when the table says so, with Apple's signature")
    func facadeMatchesTheTable() throws {
        let facade = try Self.facade()
        #expect(facade.count > 50, "the facade's sources were read: \(facade.count) declarations")
        let facadeByLabels = Dictionary(grouping: facade) { Self.symbol(of: $0) }
        let facadeByTypes = Dictionary(grouping: facade) { Self.symbol(of: $0, types: true) }
        var differences: [String] = []
        for (declaration, inFacade) in Self.apple {
            if inFacade && !facade.contains(declaration) {
                let near = facadeByLabels[Self.symbol(of: declaration)] ?? []
                differences.append(
                    near.isEmpty
                        ? "missing: \(declaration)"
                        : "differs: Apple has \(declaration); the facade has \(near.sorted().joined(separator: "; "))")
            } else if !inFacade, let present = facadeByTypes[Self.symbol(of: declaration, types: true)] {
                differences.append(
                    "the facade has \(present.sorted().joined(separator: "; ")), which the table says it lacks: flip its row"
                )
            }
        }
        let listed = Set(Self.apple.filter(\.inFacade).map(\.declaration)).union(Self.kitOnly)
        for declaration in facade.subtracting(listed).sorted() {
            differences.append("not in the table: \(declaration) (add Apple's declaration, or to kitOnly)")
        }
        #expect(
            differences.isEmpty,
            "SimulatedWebKit and the table of Apple's API differ:\n\(differences.joined(separator: "\n"))")
    }

    @Test("the table reads declarations into symbols")
    func symbols() {
        #expect(
            Self.symbol(of: "WKWebView: func load(_ request: URLRequest) -> WKNavigation?") == "WKWebView.func load(_:)"
        )
        #expect(
            Self.symbol(of: "WKWebView: func load(_ request: URLRequest) -> WKNavigation?", types: true)
                == "WKWebView.func load(_: URLRequest,)")
        #expect(
            Self.symbol(of: "X: func f(a b: [String : Any] = [:], c: (Int, Int) -> Void)", types: true)
                == "X.func f(a: [String : Any],c: (Int, Int) -> Void,)")
        #expect(
            Self.symbol(
                of:
                    "WKWebView: open func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil)"
            )
                == "WKWebView.func evaluateJavaScript(_:completionHandler:)")
        #expect(
            Self.symbol(of: "WKWebView: public init(frame: CGRect, configuration: WKWebViewConfiguration)")
                == "WKWebView.init(frame:configuration:)")
        #expect(
            Self.symbol(of: "WKWebView: open weak var navigationDelegate: (any WKNavigationDelegate)?")
                == "WKWebView.var navigationDelegate")
        #expect(
            Self.symbol(of: "UIWebView: public enum NavigationType: Int, Sendable") == "UIWebView.enum NavigationType")
        #expect(Self.normalized("open class WKWebView") == "class WKWebView")
        #expect(
            Self.normalized("WKFrameInfo: open private(set) weak var webView: WKWebView?")
                == "WKFrameInfo: weak var webView: WKWebView?")
    }
}

// The recipes of docs/webkit-glue.md, compiled in Swift 5 language mode against the kit's WebKit-style port
// (Sources/webkit-port-testee/Port). The guide's Swift snippets are runs of lines of this file and of the port's
// (WebKitGlueGuideTests checks it), and WebKitGlueGuideTests runs each adapter.

import ConformanceKit
import Foundation
import SimulatedWebKit

@testable import WebKitStylePort

/// Recipe (a): the port's adapter in a test target of the port's package. `@testable import` shows the port's
/// internal declarations here (the bridge's `webViewDelegate`, its base class), as in the port's own tests.
final class TestTargetPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset {
    private var bridge: WKWebViewJavascriptBridge!

    func attach(to webView: SimulatedWebView) throws {
        bridge = WKWebViewJavascriptBridge(for: webView.wkWebView, javascript: webView.bridgeJavaScriptSource)
        bridge.logger = webView.recordNativeLog
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func removeHandler(_ name: String) throws { bridge.removeHandler(name) }

    func reset() throws { bridge.reset() }
}

extension WKWebViewJavascriptBridge {
    /// The bridge as a port that ships its JS side as a file makes it: it reads the file.
    static func loadingJavaScript(from file: URL, for webView: WKWebView) throws -> WKWebViewJavascriptBridge {
        WKWebViewJavascriptBridge(for: webView, javascript: try String(contentsOf: file, encoding: .utf8))
    }
}

/// Recipe (b): the adapter of a port whose bridge reads its JS side from a file.
final class FileLoadingPortAdapter: BridgeAdapter {
    private var bridge: WKWebViewJavascriptBridge!
    private var file: URL?
    /// In process only: the kit's canonical JS side instead of the run's.
    let usesCanonicalFile: Bool

    init(usesCanonicalFile: Bool = false) {
        self.usesCanonicalFile = usesCanonicalFile
    }

    func attach(to webView: SimulatedWebView) throws {
        if usesCanonicalFile {
            bridge = try .loadingJavaScript(from: CanonicalJavaScriptSide.fileURL, for: webView.wkWebView)
            return
        }
        // The run's JS side (the kit's, or the one given with --js-side), in a file of the case's own.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wvjb-\(UUID().uuidString).js")
        try webView.bridgeJavaScriptSource.write(to: file, atomically: true, encoding: .utf8)
        self.file = file
        bridge = try .loadingJavaScript(from: file, for: webView.wkWebView)
    }

    func caseDidEnd() {
        if let file { try? FileManager.default.removeItem(at: file) }
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

/// Recipe (c): an adapter that plays the app, whose own navigation delegate is set before the bridge attaches.
final class AppDelegatePortAdapter: BridgeAdapter {
    let app = AppleShapedNavigationDelegate()
    private var bridge: WKWebViewJavascriptBridge!

    func attach(to webView: SimulatedWebView) throws {
        let wkWebView = webView.wkWebView
        // A case that checks BOOT-9 puts its own app delegate here first: keep it.
        if wkWebView.navigationDelegate == nil { wkWebView.navigationDelegate = app }
        bridge = WKWebViewJavascriptBridge(for: wkWebView, javascript: webView.bridgeJavaScriptSource)
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

/// Recipe (d): the adapter of a port that takes the app's navigation delegate explicitly (a `webViewDelegate`
/// property, `setWebViewDelegate(_:)`, an initializer's parameter) rather than finding it on the web view. The
/// case's app delegate, in WebKit's shape, is `webView.wkAppNavigationDelegate` (nil when the case set none).
final class ExplicitAppDelegatePortAdapter: BridgeAdapter {
    private var bridge: WKWebViewJavascriptBridge!
    /// Whether the adapter hands the app's delegate over; without it, the port forwards to no one.
    let handsOverAppDelegate: Bool

    init(handsOverAppDelegate: Bool = true) {
        self.handsOverAppDelegate = handsOverAppDelegate
    }

    func attach(to webView: SimulatedWebView) throws {
        bridge = WKWebViewJavascriptBridge(for: webView.wkWebView, javascript: webView.bridgeJavaScriptSource)
        // The app's delegate, handed over as the app hands it: here the port's `webViewDelegate` property.
        bridge.webViewDelegate = webView.wkAppNavigationDelegate
        // This port also finds the app's delegate on the web view: forget it to play a port that does not.
        if !handsOverAppDelegate { bridge.webViewDelegate = nil }
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        bridge.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }
}

import ConformanceAdapter
import Foundation

/// A navigation request a navigation delegate decides, as WebKit's `WKNavigationAction`.
@preconcurrency @MainActor
open class WKNavigationAction: NSObject {
    /// The frame that asked (the main frame: the kit's pages navigate from there).
    open private(set) var sourceFrame: WKFrameInfo
    /// The frame that navigates: the main frame for a page load, an iframe for a `src`.
    open private(set) var targetFrame: WKFrameInfo?
    /// Why it happens.
    open private(set) var navigationType: WKNavigationType
    /// The request; its `url` is nil when the page asked for a string that is not a URL.
    open private(set) var request: URLRequest
    /// Whether the request asks for a download (never, in the kit's pages).
    open private(set) var shouldPerformDownload: Bool = false

    /// The request as WebKit would show `action` made in `webView`.
    package init(_ action: NavigationAction, in webView: WKWebView) {
        request = Self.request(for: action.url)
        navigationType = WKNavigationType(action.navigationType)
        let mainFrameRequest = Self.request(for: webView.url)
        sourceFrame = WKFrameInfo(isMainFrame: true, request: mainFrameRequest, webView: webView)
        targetFrame =
            action.isMainFrame
            ? WKFrameInfo(isMainFrame: true, request: request, webView: webView)
            : WKFrameInfo(isMainFrame: false, request: request, webView: webView)
    }

    /// A request for `url`, or one without a URL.
    static func request(for url: URL?) -> URLRequest {
        var request = URLRequest(url: url ?? URL(fileURLWithPath: "/"))
        if url == nil { request.url = nil }
        return request
    }
}

extension WKNavigationType {
    /// The WebKit type of a simulated navigation's type.
    init(_ type: NavigationType) {
        switch type {
        case .linkActivated: self = .linkActivated
        case .formSubmitted: self = .formSubmitted
        case .backForward: self = .backForward
        case .reload: self = .reload
        case .formResubmitted: self = .formResubmitted
        default: self = .other
        }
    }
}

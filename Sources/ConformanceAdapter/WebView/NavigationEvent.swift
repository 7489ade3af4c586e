/// A step of a main-frame page load after its request was allowed, as a `WKNavigationDelegate` hears of
/// it, in WebKit's order: `started`, then `committed` and `finished`, or `failedProvisionally` before a
/// commit, or `failed` after one. Iframe navigations have no events, as in WebKit.
public enum NavigationEvent: Sendable, Equatable {
    /// The load began (`webView(_:didStartProvisionalNavigation:)`).
    case started(PageNavigation)
    /// The new page replaced the old one (`webView(_:didCommit:)`).
    case committed(PageNavigation)
    /// The page finished loading (`webView(_:didFinish:)`).
    case finished(PageNavigation)
    /// The load failed before its page was committed (`webView(_:didFailProvisionalNavigation:withError:)`).
    case failedProvisionally(PageNavigation, NavigationFailure)
    /// The load failed after its page was committed (`webView(_:didFail:withError:)`).
    case failed(PageNavigation, NavigationFailure)

    /// The load the event is about.
    public var navigation: PageNavigation {
        switch self {
        case .started(let navigation), .committed(let navigation), .finished(let navigation),
            .failedProvisionally(let navigation, _), .failed(let navigation, _):
            navigation
        }
    }

    /// The `WKNavigationDelegate` method that hears of it (`didFinish`, ...): what transcripts write.
    public var methodName: String {
        switch self {
        case .started: "didStartProvisionalNavigation"
        case .committed: "didCommit"
        case .finished: "didFinish"
        case .failedProvisionally: "didFailProvisionalNavigation"
        case .failed: "didFail"
        }
    }
}

/// One main-frame load, like a `WKNavigation`: the same number in each of its events.
public struct PageNavigation: Hashable, Sendable {
    /// The load's number in its web view (from 1).
    public var number: Int
    /// The URL loaded, as the request wrote it.
    public var urlString: String

    /// A page load; web views make them.
    package init(number: Int, urlString: String) {
        self.number = number
        self.urlString = urlString
    }
}

/// Why a load failed, like the `NSError` WebKit hands its delegate.
public struct NavigationFailure: Hashable, Sendable, CustomStringConvertible {
    /// The error domain (`NSURLErrorDomain`).
    public var domain: String
    /// The error code (`-1003`, a host that cannot be found).
    public var code: Int
    /// The error's description.
    public var localizedDescription: String

    /// A failure.
    /// - Parameters:
    ///   - domain: The error domain.
    ///   - code: The error code.
    ///   - localizedDescription: What went wrong, in words.
    public init(domain: String, code: Int, localizedDescription: String) {
        self.domain = domain
        self.code = code
        self.localizedDescription = localizedDescription
    }

    /// A host that cannot be found (`NSURLErrorCannotFindHost`), before anything is committed.
    public static let cannotFindHost = NavigationFailure(
        domain: "NSURLErrorDomain", code: -1003,
        localizedDescription: "A server with the specified hostname could not be found.")
    /// A connection lost while the page was loading (`NSURLErrorNetworkConnectionLost`), after its commit.
    public static let connectionLost = NavigationFailure(
        domain: "NSURLErrorDomain", code: -1005, localizedDescription: "The network connection was lost.")

    /// `domain code: description`.
    public var description: String { "\(domain) \(code): \(localizedDescription)" }
}

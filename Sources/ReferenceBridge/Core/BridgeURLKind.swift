import Foundation
import WireDialects

/// What a navigation URL means to the bridge.
public enum BridgeURLKind: Equatable, Sendable {
    /// The page asks for the bridge JS to be injected (the load URL).
    case bridgeLoaded
    /// The JS side has queued messages to fetch (the queue URL).
    case queueMessage
    /// Any other URL: not the bridge's business.
    case notBridge

    /// Classifies a navigation URL by the canonical dialect's signals.
    ///
    /// The scheme must be one the signal accepts (`https`, or the older scheme some pages still use) and
    /// the host the signal's, both compared case-insensitively; user info, port, path, query and fragment are
    /// ignored. Plain `http` is not a bridge URL.
    /// - Parameter url: The URL the web view is about to load; nil is `notBridge`.
    public init(_ url: URL?) {
        self.init(url, in: .canonical)
    }

    /// Classifies a navigation URL by `dialect`'s navigation signals (none in a dialect that signals through
    /// script messages: every URL is `notBridge` there).
    /// - Parameters:
    ///   - url: The URL the web view is about to load; nil is `notBridge`.
    ///   - dialect: The wire whose signals count.
    public init(_ url: URL?, in dialect: WireDialect) {
        guard let url, let scheme = url.scheme, let host = url.host else {
            self = .notBridge
            return
        }
        if dialect.loadSignal.navigation?.matches(scheme: scheme, host: host) == true {
            self = .bridgeLoaded
        } else if dialect.queueSignal.navigation?.matches(scheme: scheme, host: host) == true {
            self = .queueMessage
        } else {
            self = .notBridge
        }
    }
}

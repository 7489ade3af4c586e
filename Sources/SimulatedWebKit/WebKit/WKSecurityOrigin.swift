import Foundation

/// The origin of a frame's page, as WebKit's `WKSecurityOrigin`.
@preconcurrency @MainActor
open class WKSecurityOrigin: NSObject {
    /// The scheme (`https`), empty for a page without one.
    open private(set) var `protocol`: String
    /// The host, empty for a page without one (`about:blank`).
    open private(set) var host: String
    /// The port, 0 for the scheme's default.
    open private(set) var port: Int

    /// The origin of `url`.
    package init(url: URL?) {
        `protocol` = url?.scheme ?? ""
        host = url?.host ?? ""
        port = url?.port ?? 0
    }
}

/// A signal the page gives by loading a URL: `<scheme>://<host>`, its host naming what is signalled.
public struct NavigationSignal: Hashable, Sendable {
    /// The schemes the native side accepts, lower case; the first is the one the page writes.
    public let schemes: [String]
    /// The host, lower case.
    public let host: String

    /// Creates a signal.
    /// - Parameters:
    ///   - schemes: The accepted schemes, the one the page writes first; at least one.
    ///   - host: The host.
    public init(schemes: [String], host: String) {
        precondition(!schemes.isEmpty, "a navigation signal needs a scheme")
        self.schemes = schemes.map { $0.lowercased() }
        self.host = host.lowercased()
    }

    /// The URL the page loads: `<first scheme>://<host>`.
    public var url: String { schemes[0] + "://" + host }

    /// Whether a URL with this scheme and host is this signal, as the native side decides it: both
    /// compared without regard to case; user info, port, path, query and fragment do not matter.
    /// - Parameters:
    ///   - scheme: The URL's scheme.
    ///   - host: The URL's host.
    public func matches(scheme: String, host: String) -> Bool {
        schemes.contains(scheme.lowercased()) && host.lowercased() == self.host
    }

    /// Whether `url` starts with the URL the page writes, in any case: how the harness counts the
    /// signals a page gives, whatever follows the host.
    /// - Parameter url: A URL the page requested.
    public func isWritten(in url: String) -> Bool {
        url.lowercased().hasPrefix(self.url)
    }
}

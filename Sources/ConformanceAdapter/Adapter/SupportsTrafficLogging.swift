/// An adapter whose bridge can switch its traffic logging on (LOG-7): one `WVJB SEND: ...` line for each
/// message it evaluates and one `WVJB RCVD: ...` line for each it receives, written to
/// `SimulatedWebView.recordNativeLog(_:)`. The case that checks those lines is not applicable to adapters
/// that do not adopt it; that logging is off by default is checked for every adapter.
@MainActor
public protocol SupportsTrafficLogging: BridgeAdapter {
    /// Switches the bridge's traffic logging on or off, keeping its default maximum length.
    /// - Parameter enabled: Whether to log traffic.
    /// - Throws: Anything; the case reports an adapter error.
    func setTrafficLogging(_ enabled: Bool) throws
}

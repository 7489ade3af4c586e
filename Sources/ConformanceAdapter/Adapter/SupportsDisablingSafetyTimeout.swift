/// An adapter whose bridge can switch the page's JS side to synchronous dispatch (SAFE-2); cases that
/// need it are not applicable to adapters that do not adopt it.
@MainActor
public protocol SupportsDisablingSafetyTimeout: BridgeAdapter {
    /// Calls the bridge's `disableJavscriptAlertBoxSafetyTimeout` (the upstream spelling, typo included).
    /// - Throws: Anything; the case reports an adapter error.
    func disableJavscriptAlertBoxSafetyTimeout() throws
}

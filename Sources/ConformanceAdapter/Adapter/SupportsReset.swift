/// An adapter whose bridge can be reset (START-3); cases that need it are not applicable to adapters
/// that do not adopt it.
@MainActor
public protocol SupportsReset: BridgeAdapter {
    /// Resets the bridge: pending native callbacks dropped, startup queue re-armed, handlers kept.
    /// - Throws: Anything; the case reports an adapter error.
    func reset() throws
}

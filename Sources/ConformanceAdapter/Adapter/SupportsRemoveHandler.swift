/// An adapter whose bridge can remove native handlers (MISS-2); cases that need it are not applicable
/// to adapters that do not adopt it.
@MainActor
public protocol SupportsRemoveHandler: BridgeAdapter {
    /// Removes the native handler `name`; later calls to it behave as calls to a missing handler.
    /// - Parameter name: The handler name.
    /// - Throws: Anything; the case reports an adapter error.
    func removeHandler(_ name: String) throws
}

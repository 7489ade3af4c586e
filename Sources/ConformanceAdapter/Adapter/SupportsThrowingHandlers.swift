/// A native handler that can fail: it throws, the way the bridge's own handlers report failure.
public typealias AdapterThrowingHandler = (Any?, @escaping AdapterResponseCallback) throws -> Void

/// An adapter whose bridge's native handlers can fail observably (FLUSH-8): Swift handlers that throw, or
/// Objective-C ones whose exceptions the bridge catches. The case that checks that a failing handler does
/// not stop its batch is not applicable to adapters that do not adopt it.
@MainActor
public protocol SupportsThrowingHandlers: BridgeAdapter {
    /// Registers a native handler that may throw; the bridge must catch what it throws and go on.
    /// - Parameters:
    ///   - name: The handler name.
    ///   - handler: Gets the call's data and a responder; may throw.
    /// - Throws: Anything; the case reports an adapter error.
    func registerThrowingHandler(_ name: String, handler: @escaping AdapterThrowingHandler) throws
}

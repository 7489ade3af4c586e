/// An adapter that knows what its container offers only from what it declared (an out-of-process testee's
/// `hello`), rather than from the protocols it adopts: the container runner asks it.
@MainActor
package protocol DeclaresContainerCapabilities: ContainerAdapter {
    /// Whether the container answers synchronous calls (`synchronous-calls`).
    var offersSynchronousCalls: Bool { get }
}

/// The optional operations an adapter offers, derived from the capability protocols it adopts, so that
/// cases needing others report *not applicable* instead of failing.
package struct BridgeCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bit set.
    package let rawValue: Int
    /// Creates a value from its raw value.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `SupportsRemoveHandler`.
    package static let removeHandler = BridgeCapabilities(rawValue: 1 << 0)
    /// `SupportsReset`.
    package static let reset = BridgeCapabilities(rawValue: 1 << 1)
    /// `SupportsDisablingSafetyTimeout`.
    package static let disableSafetyTimeout = BridgeCapabilities(rawValue: 1 << 2)
    /// `SupportsSendsFromAnyThread`.
    package static let sendsFromAnyThread = BridgeCapabilities(rawValue: 1 << 4)
    /// `SupportsTrafficLogging`.
    package static let trafficLogging = BridgeCapabilities(rawValue: 1 << 5)
    /// `SupportsThrowingHandlers`.
    package static let throwingHandlers = BridgeCapabilities(rawValue: 1 << 6)
    /// The harness's handlers and callbacks run inside the bridge's call of them, so what they do there
    /// (register, remove, call, answer, reset) happens before the bridge goes on with its batch: true of every
    /// adapter in the harness's process. Out of process, an invocation is an event the harness handles after
    /// the testee's handler has returned.
    package static let reentrantHandlers = BridgeCapabilities(rawValue: 1 << 7)
    /// The web view's page facilities reach the bridge: page-load events
    /// (`SimulatedNavigationDelegate.webView(_:didObserve:)`), script messages, user scripts, native-initiated
    /// loads and an app's own navigation delegate set before the bridge attaches. True of every adapter in the
    /// harness's process; out of process, of a testee whose hello offers `web-view` (ADP-19).
    package static let webViewEvents = BridgeCapabilities(rawValue: 1 << 8)
    /// What only an adapter in the harness's own process can offer: the out-of-process protocol carries
    /// neither sends from other threads, nor handlers that throw, nor handlers that act inside the bridge's
    /// call.
    package static let inProcessOnly: BridgeCapabilities = [.sendsFromAnyThread, .throwingHandlers, .reentrantHandlers]

    /// Every optional operation.
    package static let allOperations: BridgeCapabilities = [
        .removeHandler, .reset, .disableSafetyTimeout, .sendsFromAnyThread, .trafficLogging, .throwingHandlers,
        .reentrantHandlers, .webViewEvents,
    ]

    /// Names, in declaration order, as cases, reports and the out-of-process `hello` (ADP-6) write them.
    package static let names: [(BridgeCapabilities, String)] = [
        (.removeHandler, "removeHandler"), (.reset, "reset"),
        (.disableSafetyTimeout, "disable-safety-timeout"), (.sendsFromAnyThread, "sends-from-any-thread"),
        (.trafficLogging, "traffic-logging"), (.throwingHandlers, "throwing-handlers"),
        (.reentrantHandlers, "reentrant-handlers"), (.webViewEvents, AdapterWire.webViewCapability),
    ]

    /// What `adapter` offers: the capability protocols it adopts, or what it declares when it only
    /// forwards to an implementation decided at run time (`DeclaresCapabilities`).
    @MainActor
    package init(of adapter: any BridgeAdapter) {
        if let declaring = adapter as? any DeclaresCapabilities {
            self = declaring.declaredCapabilities
            return
        }
        self = [.reentrantHandlers, .webViewEvents]
        if adapter is any SupportsRemoveHandler { insert(.removeHandler) }
        if adapter is any SupportsReset { insert(.reset) }
        if adapter is any SupportsDisablingSafetyTimeout { insert(.disableSafetyTimeout) }
        if adapter is any SupportsSendsFromAnyThread { insert(.sendsFromAnyThread) }
        if adapter is any SupportsTrafficLogging { insert(.trafficLogging) }
        if adapter is any SupportsThrowingHandlers { insert(.throwingHandlers) }
    }

    /// The capability names, comma-separated (`none` when empty).
    package var description: String {
        let listed = Self.names.filter { contains($0.0) }.map(\.1)
        return listed.isEmpty ? "none" : listed.joined(separator: ", ")
    }
}

/// An adapter that adopts every capability protocol but offers only some, decided at run time: the
/// out-of-process adapter, whose testee says in its `hello` what it can do.
@MainActor
package protocol DeclaresCapabilities: BridgeAdapter {
    /// The operations the implementation behind the adapter offers.
    var declaredCapabilities: BridgeCapabilities { get }
}

/// The optional operations and behaviours an implementation declares, so that cases needing others
/// report *not applicable* instead of failing.
public struct BridgeCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bit set.
    public let rawValue: Int
    /// Creates a value from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `removeHandler(_:)` is implemented.
    public static let removeHandler = BridgeCapabilities(rawValue: 1 << 0)
    /// `reset()` is implemented.
    public static let reset = BridgeCapabilities(rawValue: 1 << 1)
    /// `disableJavscriptAlertBoxSafetyTimeout()` is implemented.
    public static let disableSafetyTimeout = BridgeCapabilities(rawValue: 1 << 2)
    /// The implementation evaluates JavaScript synchronously (`stringByEvaluatingJavaScript(from:)`).
    public static let synchronousEvaluation = BridgeCapabilities(rawValue: 1 << 3)

    /// `callHandlerFromAnyThread(_:data:)` is implemented.
    public static let sendsFromAnyThread = BridgeCapabilities(rawValue: 1 << 4)

    /// Every operation of the adapter protocol (evaluation style excluded).
    public static let allOperations: BridgeCapabilities = [.removeHandler, .reset, .disableSafetyTimeout, .sendsFromAnyThread]

    /// Names, in declaration order, as cases and reports print them.
    public static let names: [(BridgeCapabilities, String)] = [
        (.removeHandler, "removeHandler"), (.reset, "reset"),
        (.disableSafetyTimeout, "disable-safety-timeout"), (.synchronousEvaluation, "sync-evaluation"),
        (.sendsFromAnyThread, "sends-from-any-thread"),
    ]

    /// The capability names, comma-separated (`none` when empty).
    public var description: String {
        let listed = Self.names.filter { contains($0.0) }.map(\.1)
        return listed.isEmpty ? "none" : listed.joined(separator: ", ")
    }
}

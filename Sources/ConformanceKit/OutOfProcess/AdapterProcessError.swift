/// Why an out-of-process testee could not go on (`spec/adapter-protocol.md`, section 6).
///
/// Each kind ends the case with its own verdict: `crashed` with `crash`, `unresponsive` with
/// `timeout`, the others with `adapter-error`, which is never blamed on the implementation.
public struct AdapterProcessError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The stable name.
        public var rawValue: String
        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A readable, one-line description.
        public var description: String { rawValue }

        /// The testee's output ended: it exited or was killed (ADP-13).
        public static let crashed = Kind(rawValue: "crashed")
        /// The testee wrote nothing for longer than the watchdog allows (ADP-14).
        public static let unresponsive = Kind(rawValue: "unresponsive")
        /// The testee broke the adapter protocol (ADP-15).
        public static let protocolViolation = Kind(rawValue: "protocol-violation")
        /// The command could not be started.
        public static let launchFailed = Kind(rawValue: "launch-failed")
    }

    /// What went wrong.
    public var kind: Kind
    /// What happened and what to do about it.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: What happened and what to do about it.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// A protocol violation: `sender` sent `what`.
    static func protocolViolation(_ what: String, by sender: String = "the testee") -> AdapterProcessError {
        AdapterProcessError(kind: .protocolViolation, message: "protocol violation: \(sender) sent \(what) (see spec/adapter-protocol.md)")
    }

    /// A readable description.
    public var description: String { message }
}

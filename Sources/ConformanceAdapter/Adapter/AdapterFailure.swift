/// Why an adapter could not go on for reasons outside the bridge protocol: the transport to an
/// implementation in another process broke (`spec/adapter-protocol.md`, section 6).
///
/// Each kind ends the case with its own verdict: `crashed` with `crash`, `unresponsive` with
/// `timeout`, `kitFault` with `harness-error`, the others with `adapter-error`; neither of the last two is
/// ever blamed on the implementation.
package struct AdapterFailure: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong: an enum, so that each place that decides by kind (the verdict, the console's
    /// wording) is an exhaustive `switch` that a new kind does not compile past.
    package enum Kind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// The testee exited or was killed, or its output ended (ADP-13).
        case crashed
        /// The testee wrote nothing for longer than the watchdog allows (ADP-14).
        case unresponsive
        /// The testee broke the adapter protocol (ADP-15).
        case protocolViolation = "protocol-violation"
        /// The command could not be started.
        case launchFailed = "launch-failed"
        /// The testee trapped inside the kit's own code (`KitCode`), which it called as a bridge may: the kit's
        /// fault, not the implementation's.
        case kitFault = "kit-fault"

        /// A readable, one-line description: the raw value.
        package var description: String { rawValue }
    }

    /// What went wrong.
    package var kind: Kind
    /// What happened and what to do about it.
    package var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: What happened and what to do about it.
    package init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// A protocol violation: `sender` sent `what`.
    package static func protocolViolation(_ what: String, by sender: String = "the testee") -> AdapterFailure {
        AdapterFailure(
            kind: .protocolViolation,
            message: "protocol violation: \(sender) sent \(what) (see spec/adapter-protocol.md)")
    }

    /// A readable description.
    package var description: String { message }
}

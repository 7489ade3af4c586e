/// An error an adapter throws to say it cannot do something.
public struct AdapterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What the adapter could not do.
    public var message: String

    /// Creates an adapter error.
    /// - Parameter message: What went wrong, for the report.
    public init(_ message: String) { self.message = message }

    /// The adapter does not implement `operation`; declare it out of `capabilities` instead.
    /// - Parameter operation: The missing operation's name.
    public static func unsupported(_ operation: String) -> AdapterError {
        AdapterError("\(operation) is not supported by this adapter (leave it out of `capabilities` so cases that need it are reported as not applicable)")
    }

    /// A readable, one-line description.
    public var description: String { message }
}

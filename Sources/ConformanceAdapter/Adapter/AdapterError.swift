/// An error an adapter throws to say it cannot do something.
public struct AdapterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What the adapter could not do.
    public var message: String

    /// Creates an adapter error.
    /// - Parameter message: What went wrong, for the report.
    public init(_ message: String) { self.message = message }

    /// A readable, one-line description.
    public var description: String { message }
}

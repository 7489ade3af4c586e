/// One broken expectation: the spec clause, the stage of the case, and what was expected and seen.
public struct CheckFailure: Sendable, Equatable, CustomStringConvertible {
    /// The spec clause broken (e.g. `ESC-2`).
    public var clause: String
    /// What was being checked when it broke.
    public var message: String
    /// What the clause requires, printable; nil when the message says it all.
    public var expected: String?
    /// What the implementation did, printable.
    public var actual: String?

    /// Creates a failure.
    /// - Parameters:
    ///   - clause: The broken clause.
    ///   - message: What was being checked.
    ///   - expected: The expected value or behaviour.
    ///   - actual: The observed value or behaviour.
    public init(clause: String, message: String, expected: String? = nil, actual: String? = nil) {
        self.clause = clause
        self.message = message
        self.expected = expected
        self.actual = actual
    }

    /// A readable, one-line description.
    public var description: String {
        var text = "[\(clause)] \(message)"
        if let expected { text += "\n    expected: \(expected)" }
        if let actual { text += "\n    actual:   \(actual)" }
        return text
    }
}

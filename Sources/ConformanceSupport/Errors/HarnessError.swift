/// A problem of the harness or its configuration, never blamed on the implementation under test.
///
/// A struct with a code rather than a growing enum, so new codes never break clients that switch on it.
public struct HarnessError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of problem this is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The stable name.
        public var rawValue: String
        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A readable, one-line description.
        public var description: String { rawValue }

        /// A file the kit ships (a fixture, the spec, the page shim) could not be read, or failed the start-up
        /// self-check (damaged or truncated).
        public static let missingResource = Code(rawValue: "missing-resource")
        /// The JavaScript engine or the simulated browser failed, or the engine cannot start (an
        /// address-space limit too low for it).
        public static let engineFailure = Code(rawValue: "engine-failure")
        /// A user-supplied input (a JS side file, an adapter name) is unusable.
        public static let invalidInput = Code(rawValue: "invalid-input")
    }

    /// The kind of problem.
    public var code: Code
    /// What happened and what to do about it.
    public var message: String

    /// Creates a harness error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What happened and what to do about it.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// A readable, one-line description.
    public var description: String { "harness error (\(code)): \(message)" }
}

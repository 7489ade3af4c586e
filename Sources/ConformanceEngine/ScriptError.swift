/// An error raised while running JavaScript in the harness's engine.
///
/// Exceptions thrown by scripts carry the engine's message and, when the engine knows it, the line and
/// source URL. A script stopped by the execution time limit is reported with `isTimeout` set and, in
/// `timeout`, where the runaway code was.
package struct ScriptError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The exception's message (`String(exception)` in JavaScript).
    package var message: String
    /// The line the exception was thrown at, when known.
    package var line: Int?
    /// The source URL of the script that threw, when known.
    package var sourceURL: String?
    /// True when the script was stopped because it ran past the execution time limit.
    package var isTimeout: Bool
    /// For a timeout, where the engine was when it stopped the script.
    package var timeout: EngineTimeout?

    /// Creates a script error.
    /// - Parameters:
    ///   - message: The exception's message.
    ///   - line: The line of the throw, when known.
    ///   - sourceURL: The script's source URL, when known.
    ///   - isTimeout: Whether the execution time limit stopped the script.
    package init(message: String, line: Int? = nil, sourceURL: String? = nil, isTimeout: Bool = false) {
        self.message = message
        self.line = line
        self.sourceURL = sourceURL
        self.isTimeout = isTimeout
    }

    /// The error of a script the execution time limit stopped.
    /// - Parameter timeout: Where the engine was.
    package init(timeout: EngineTimeout) {
        self.init(message: "execution time limit exceeded", isTimeout: true)
        self.timeout = timeout
    }

    /// A readable, one-line description.
    package var description: String {
        if isTimeout { return "script ran past the execution time limit and was stopped" }
        var location = ""
        if let sourceURL { location += " in \(sourceURL)" }
        if let line { location += " at line \(line)" }
        return message + location
    }
}

/// An error raised while running JavaScript in the harness's engine.
///
/// Exceptions thrown by scripts carry the engine's message and, when the engine knows it, the line and
/// source URL. A script stopped by the execution time limit is reported with `isTimeout` set.
package struct ScriptError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The exception's message (`String(exception)` in JavaScript).
    package var message: String
    /// The line the exception was thrown at, when known.
    package var line: Int?
    /// The source URL of the script that threw, when known.
    package var sourceURL: String?
    /// True when the script was stopped because it ran past the execution time limit.
    package var isTimeout: Bool

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

    /// A readable, one-line description.
    package var description: String {
        if isTimeout { return "script ran past the execution time limit and was stopped" }
        var location = ""
        if let sourceURL { location += " in \(sourceURL)" }
        if let line { location += " at line \(line)" }
        return message + location
    }
}

/// The error `SimulatedWebView.evaluateJavaScript(_:completionHandler:)` reports when the script throws,
/// like WKWebView's `WKError.javaScriptExceptionOccurred`.
public struct JavaScriptEvaluationError: Error, CustomStringConvertible, Sendable {
    /// The exception's message.
    public var message: String
    /// The line it was thrown at, when known.
    public var line: Int?
    /// A readable, one-line description.
    public var description: String { line.map { "\(message) (line \($0))" } ?? message }

    /// An evaluation error; the harness makes them.
    package init(message: String, line: Int?) {
        self.message = message
        self.line = line
    }
}

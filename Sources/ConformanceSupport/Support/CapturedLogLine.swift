/// A line an implementation wrote to standard output or standard error, as a native log line.
///
/// Both captures (in process, `StandardStreamCapture`; out of process, the testee's standard error) turn
/// what they read into native log lines with `normalized(_:)`, so that a transcript holds the same line
/// however the implementation logged it, and stays byte-identical from run to run.
package enum CapturedLogLine {
    /// `NSLog`'s decoration: `2026-01-02 03:04:05.678 my-process[1234:5678] ` (date, time with
    /// milliseconds, an optional zone offset, the process name, its id and the thread's).
    nonisolated(unsafe) private static let nsLogPrefix =
        #/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}[.,]\d{3}(?:[+-]\d{2}:?\d{2}|Z)? [^\[\n]*\[\d+(?::[0-9A-Fa-f]+)?\] /#

    /// The line without what the logging system added around the implementation's text: `NSLog`'s
    /// date, process and thread prefix (which changes from run to run) and a trailing carriage return.
    /// Any other text, a `print` with a timestamp of the implementation's own included, is kept as it is.
    /// - Parameter line: One line, without its line feed.
    /// - Returns: The implementation's text.
    package static func normalized(_ line: String) -> String {
        var text = Substring(line)
        if text.last == "\r" { text = text.dropLast() }
        if let match = text.prefixMatch(of: nsLogPrefix) { text = text[match.range.upperBound...] }
        return String(text)
    }
}

import Foundation

/// The testee's end of the out-of-process protocol: messages out on the protocol's standard output,
/// harness messages in from standard input. A testee ends quietly when the harness goes away, and
/// with a message on standard error when the harness breaks the protocol.
///
/// Before each message it flushes C's output buffers and writes `AdapterWire.standardErrorMark` to
/// standard error, so the harness knows which standard error lines came before which message: they are
/// the implementation's native log lines, in order (ADP-16; the `hello` offers `stderr-marks`).
final class TesteeConnection: @unchecked Sendable {
    private let output: LineWriter
    private let input: LineReader
    private let standardError = LineWriter(fileDescriptor: STDERR_FILENO)
    private let sending = NSLock()

    /// A connection writing to `output` and reading `input`.
    init(output: Int32, input: LineReader) {
        self.output = LineWriter(fileDescriptor: output)
        self.input = input
    }

    /// Writes one message (ADP-2); exits quietly when the harness has gone away (the case is over).
    func send(_ message: TesteeMessage) {
        let line = AdapterWire.line(of: message)
        sending.lock()
        defer { sending.unlock() }
        // `print` writes through C's buffer: what the implementation printed so far goes out before the mark.
        fflush(nil)
        _ = standardError.write(AdapterWire.standardErrorMark)
        if !output.write(line) { exit(0) }
    }

    /// The next message from the harness; exits the process when the harness closed standard input.
    func receive() -> HarnessMessage {
        switch input.next() {
        case .line(let line):
            do {
                return try AdapterWire.decode(HarnessMessage.self, from: line, sentBy: "the harness")
            } catch {
                Self.quit(error.message)
            }
        case let .invalidUTF8(offset, _):
            Self.quit(
                "protocol violation: the harness sent a line that is not UTF-8 (byte \(offset) of the line, ADP-2)")
        case .end, .timedOut, .tooLong:
            exit(0)
        }
    }

    /// Ends the process after saying why on standard error (the harness reports it with the crash).
    static func quit(_ message: String) -> Never {
        FileHandle.standardError.write(Data("conformance adapter host: \(message)\n".utf8))
        exit(65)
    }
}

import Foundation

/// The testee's end of the out-of-process protocol: messages out on the protocol's standard output,
/// harness messages in from standard input. A testee ends quietly when the harness goes away, and
/// with a message on standard error when the harness breaks the protocol.
final class TesteeConnection: @unchecked Sendable {
    private let output: LineWriter
    private let input: LineInbox

    /// A connection writing to `output` and reading `input`.
    init(output: Int32, input: LineInbox) {
        self.output = LineWriter(fileDescriptor: output)
        self.input = input
    }

    /// Writes one message (ADP-2); exits quietly when the harness has gone away (the case is over).
    func send(_ message: TesteeMessage) {
        if !output.write(AdapterWire.line(of: message)) { exit(0) }
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
        case .end, .timedOut:
            exit(0)
        }
    }

    /// Ends the process after saying why on standard error (the harness reports it with the crash).
    static func quit(_ message: String) -> Never {
        FileHandle.standardError.write(Data("conformance adapter host: \(message)\n".utf8))
        exit(65)
    }
}

import Foundation

/// One running testee: the process `/bin/sh -c 'exec <command>'`, its standard input for requests, its
/// standard output for messages (with a wall-clock watchdog), and the tail of its standard error.
///
/// Ends the process when released, so a case never leaves a testee behind (ADP-1).
final class AdapterProcess: @unchecked Sendable {
    /// The command line, as given to `--adapter`.
    let command: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorOutput = Pipe()
    private let messages: LineInbox
    private let errors: LineInbox
    private let stderrTail = StandardErrorTail()
    private let exited = DispatchSemaphore(value: 0)
    private let requests: LineWriter

    /// Starts `command`.
    /// - Parameter command: A shell command line; `exec` is prefixed so the testee replaces the shell.
    /// - Throws: `AdapterFailure` (launch failed) when the shell cannot be started.
    init(command: String) throws(AdapterFailure) {
        // A testee that dies while the harness writes to it must give EPIPE, not kill the harness.
        signal(SIGPIPE, SIG_IGN)
        self.command = command
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec " + command]
        process.standardInput = input
        requests = LineWriter(fileDescriptor: input.fileHandleForWriting.fileDescriptor)
        process.standardOutput = output
        process.standardError = errorOutput
        // A crashing Swift testee then prints its one "Fatal error" line instead of a long backtrace.
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        messages = LineInbox(reading: output.fileHandleForReading.fileDescriptor, name: "testee stdout")
        let tail = stderrTail
        errors = LineInbox(reading: errorOutput.fileHandleForReading.fileDescriptor, name: "testee stderr") { tail.append($0) }
        do {
            try process.run()
        } catch {
            throw AdapterFailure(kind: .launchFailed, message: "cannot start the adapter command `\(command)`: \(error.localizedDescription)")
        }
        // The child has its own copies; closing ours lets end of file arrive when the child exits.
        try? output.fileHandleForWriting.close()
        try? errorOutput.fileHandleForWriting.close()
        try? input.fileHandleForReading.close()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Writes one message.
    /// - Throws: `AdapterFailure` (crashed) when the testee no longer reads its input.
    func send(_ message: HarnessMessage) throws(AdapterFailure) {
        guard requests.write(AdapterWire.line(of: message)) else { throw crashed(while: "the harness wrote to it") }
    }

    /// Reads the next message, waiting at most `timeout` seconds of wall time.
    /// - Parameters:
    ///   - timeout: The watchdog, in seconds.
    ///   - waitingFor: What the harness waits for, for the error message.
    /// - Throws: `AdapterFailure`: crashed at end of output, unresponsive after the watchdog (the
    ///   process is killed), protocol violation for a line that is not a message.
    func receive(timeout: Double, waitingFor: String) throws(AdapterFailure) -> TesteeMessage {
        switch messages.next(deadline: Date(timeIntervalSinceNow: timeout)) {
        case .line(let line):
            return try AdapterWire.decode(TesteeMessage.self, from: line, sentBy: "the testee")
        case .end:
            throw crashed(while: "the harness waited for \(waitingFor)")
        case .timedOut:
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 2)
            throw AdapterFailure(
                kind: .unresponsive,
                message: "the testee sent nothing for \(Self.seconds(timeout)) while the harness waited for \(waitingFor); it was killed (raise the watchdog with --adapter-timeout if it is only slow)\(stderrTail.rendered)")
        }
    }

    /// Ends the testee: closes its input (a well-behaved testee exits on end of file) and kills it if it
    /// is still running.
    func terminate() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    private func crashed(while what: String) -> AdapterFailure {
        // Output ends a moment before the exit is reaped; a testee that only closed its output is killed.
        if exited.wait(timeout: .now() + 2) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 2)
        } else {
            exited.signal()
        }
        _ = errors.next(deadline: Date(timeIntervalSinceNow: 1))  // let the reader take the last of standard error
        let how: String
        switch (process.isRunning, process.terminationReason) {
        case (true, _): how = "closed its output"
        case (false, .uncaughtSignal): how = "was killed by signal \(process.terminationStatus)\(Self.signalName(process.terminationStatus))"
        case (false, _): how = "exited with status \(process.terminationStatus)"
        }
        return AdapterFailure(kind: .crashed, message: "the testee \(how) while \(what)\(stderrTail.rendered)")
    }

    private static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
                                      SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE"]
        return names[number].map { " (\($0))" } ?? ""
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// The last lines a testee wrote to standard error, and the first line that says why it stopped (a
/// Swift `Fatal error`, a failed precondition), for crash and timeout messages (ADP-3).
private final class StandardErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var cause: String?
    private let limit = 8
    private static let causeMarkers = ["Fatal error", "fatal error", "Precondition failed", "Assertion failed", "panic", "Segmentation fault"]

    func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        if cause == nil, Self.causeMarkers.contains(where: line.contains) { cause = line }
        lines.append(line)
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }

    /// The cause and the last lines, each indented on its own line after a heading; empty when there
    /// were none.
    var rendered: String {
        lock.lock()
        defer { lock.unlock() }
        guard !lines.isEmpty else { return "" }
        var shown = lines
        if let cause, !shown.contains(cause) { shown = [cause, "..."] + shown }
        return "; its standard error said:\n" + shown.map { "    | " + PrintableText.abbreviate($0, limit: 200) }.joined(separator: "\n")
    }
}

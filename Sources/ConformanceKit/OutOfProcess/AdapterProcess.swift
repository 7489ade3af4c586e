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
    private let stderrTail = TesteeStandardError()
    private var messagesRead = 0
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
        errors = LineInbox(reading: errorOutput.fileHandleForReading.fileDescriptor, name: "testee stderr",
                           onLine: { tail.append($0) }, onEnd: { tail.finish() })
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
            messagesRead += 1
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

    /// The lines the testee wrote to standard error before the last message `receive` returned and after
    /// the message before it, for a testee that marks its standard error (ADP-16).
    /// - Parameter timeout: Seconds of wall time to wait for the mark, which the testee wrote before the
    ///   message, so it is normally there at once.
    /// - Throws: `AdapterFailure` (protocol violation) when no mark came.
    func standardErrorLinesBeforeLastMessage(timeout: Double) throws(AdapterFailure) -> [String] {
        guard let lines = stderrTail.lines(beforeMark: messagesRead, deadline: Date(timeIntervalSinceNow: timeout)) else {
            throw .protocolViolation("its message \(messagesRead) without a mark on standard error before it, though its hello offered `\(AdapterWire.standardErrorMarksCapability)` (ADP-16)")
        }
        return lines
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

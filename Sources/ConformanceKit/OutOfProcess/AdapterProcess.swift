import Foundation

/// One running testee: the process `/bin/sh -c 'exec <command>'`, its standard input for requests, its
/// standard output for messages (with a wall-clock watchdog), and the tail of its standard error.
///
/// Ends the process when released, so a case (or, for a testee kept for the run, the run: ADP-17) never
/// leaves a testee behind (ADP-1), and closes its descriptors once the reader threads are done with them.
final class AdapterProcess: @unchecked Sendable {
    /// The command line, as given to `--adapter`.
    let command: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorOutput = Pipe()
    private let messages: LineReader
    private let errors: LineInbox
    private let stderrTail = TesteeStandardError()
    private var messagesRead = 0
    private let exited = DispatchSemaphore(value: 0)
    private let requests: LineWriter
    private var terminated = false
    private var closed = false

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
        messages = LineReader(reading: output.fileHandleForReading.fileDescriptor)
        let tail = stderrTail
        errors = LineInbox(reading: errorOutput.fileHandleForReading.fileDescriptor, name: "testee stderr",
                           onLine: { tail.append($0) }, onEnd: { tail.finish() })
        do {
            try process.run()
        } catch {
            // No child holds the write ends: closing them ends the reader threads.
            try? output.fileHandleForWriting.close()
            try? errorOutput.fileHandleForWriting.close()
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
        // The pipes close their read ends when they go, right after this: let the standard error reader
        // thread see end of file first, so that it never reads a descriptor number handed out again.
        _ = errors.waitForEnd(deadline: Date(timeIntervalSinceNow: 2))
    }

    /// Whether the testee can take another request: the harness has not ended it and it still runs.
    var isUsable: Bool { !terminated && process.isRunning }

    /// The testee's process identifier.
    var processIdentifier: Int32 { process.processIdentifier }

    /// The descriptors the harness holds for the testee: its standard input's write end, and the read
    /// ends of its standard output and standard error.
    var descriptors: [Int32] {
        [input.fileHandleForWriting.fileDescriptor, output.fileHandleForReading.fileDescriptor,
         errorOutput.fileHandleForReading.fileDescriptor]
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

    /// Forgets, for crash and timeout reports, what the testee wrote to standard error before the last
    /// message `receive` returned: a testee that serves many cases (ADP-17) is then reported on for the
    /// case that follows only.
    func forgetDiagnosticsBeforeLastMessage() {
        stderrTail.forgetDiagnostics(beforeMark: messagesRead)
    }

    /// Ends the testee: closes its input (a well-behaved testee exits on end of file) and kills it if it
    /// is still running.
    func terminate() {
        terminated = true
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Ends the testee and closes every descriptor the harness holds for it: waits (a few seconds at
    /// most) for the process to exit and for the reader threads to reach end of file, then closes the
    /// read ends of its output pipes. Standard error's, if its reader thread still reads it (a grandchild
    /// kept the pipe open), is left to be closed when the process object goes.
    func close() {
        guard !closed else { return }
        closed = true
        terminate()
        // The signal is put back, for `crashed(while:)` and later waiters.
        if exited.wait(timeout: .now() + 2) == .success { exited.signal() }
        try? output.fileHandleForReading.close()
        if errors.waitForEnd(deadline: Date(timeIntervalSinceNow: 2)) { try? errorOutput.fileHandleForReading.close() }
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

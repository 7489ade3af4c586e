import ConformanceAdapter
import Foundation

/// One running testee: the process `/bin/sh -c 'exec <command>'` in a process group of its own
/// (`TesteeProcess`), its standard input for requests, its standard output for messages (with a
/// wall-clock watchdog and the line limit of ADP-18), and the tail of its standard error.
///
/// The testee is judged by its own exit, not by its pipes: a descendant that inherited standard output
/// and keeps it open cannot turn a crash into a timeout. Ending it (`terminate()`, `close()`, or
/// releasing it) kills its whole group, so a case (or, for a testee kept for the run, the run: ADP-17)
/// never leaves a process behind (ADP-1); `close()` also closes every descriptor the harness held for it.
package final class AdapterProcess: @unchecked Sendable {
    /// The command line, as given to `--adapter`.
    let command: String
    private let process: TesteeProcess
    private let messages: LineReader
    private let errors: LineInbox
    private let stderrTail = TesteeStandardError()
    private var messagesRead = 0
    /// Bytes of the message lines read since `beginCase()` (ADP-18.d).
    private var caseMessageBytes = 0
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
        // A crashing Swift testee then prints its one "Fatal error" line instead of a long backtrace.
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process = try TesteeProcess(command: command, environment: environment)
        requests = LineWriter(fileDescriptor: process.input)
        messages = LineReader(
            reading: process.output, exitNotice: process.exitNotice, maximumLineLength: AdapterWire.maximumLineLength,
            lastLineNeedsLineFeed: true)
        let tail = stderrTail
        errors = LineInbox(
            reading: process.errorOutput, exitNotice: process.exitNotice, lineLimit: AdapterWire.standardErrorLineLimit,
            name: "testee stderr", onLine: { tail.append($0, size: $1) }, onEnd: { tail.finish() })
    }

    deinit {
        close()
    }

    /// Starts counting a new case's message bytes (ADP-18.d).
    func beginCase() { caseMessageBytes = 0 }

    /// Whether the testee can take another request: the harness has not ended it and it still runs.
    var isUsable: Bool { !terminated && !process.hasExited }

    /// The testee's process identifier, which is also its process group's.
    var processIdentifier: Int32 { process.processIdentifier }

    /// The descriptors the harness holds for the testee: its standard input's write end, the read ends of
    /// its standard output and standard error, and both ends of the pipe that tells its exit.
    var descriptors: [Int32] { process.descriptors }

    /// Writes one message.
    /// - Throws: `AdapterFailure` (crashed) when the testee no longer reads its input.
    func send(_ message: HarnessMessage) throws(AdapterFailure) {
        guard requests.write(AdapterWire.line(of: message)) else { throw crashed(while: "the harness wrote to it") }
    }

    /// Reads the next message, waiting at most `timeout` seconds of wall time, not counting the time the
    /// testee waited for a CPU on a loaded machine (`TesteeStarvation`, at most `starvationAllowance`
    /// watchdogs more).
    /// - Parameters:
    ///   - timeout: The watchdog, in seconds.
    ///   - waitingFor: What the harness waits for, for the error message.
    /// - Throws: `AdapterFailure`: crashed when the testee exited or its output ended, unresponsive after
    ///   the watchdog, protocol violation for a line that is not a message, is not UTF-8 (ADP-2) or is
    ///   too long (ADP-18); the process group is ended in each case.
    func receive(timeout: Double, waitingFor: String) throws(AdapterFailure) -> TesteeMessage {
        let start = Date(), starvation = TesteeStarvation(processIdentifier: process.processIdentifier)
        var deadline = start.addingTimeInterval(timeout)
        var starved = 0.0
        var next = messages.next(deadline: deadline)
        while case .timedOut = next {
            starved = min(starvation.seconds, timeout * Self.starvationAllowance)
            let extended = start.addingTimeInterval(timeout + starved)
            guard extended > deadline else { break }
            deadline = extended
            next = messages.next(deadline: deadline)
        }
        switch next {
        case .line(let line):
            messagesRead += 1
            caseMessageBytes += line.count
            guard caseMessageBytes <= AdapterWire.caseMessageLimit else {
                terminate()
                throw .protocolViolation(
                    "more than \(AdapterWire.caseMessageLimit >> 20) MiB of messages in one case, the limit of a case (ADP-18.d): its message \(messagesRead), of \(line.count) bytes, took it to \(caseMessageBytes) bytes while the harness waited for \(waitingFor); it was not read, and the process group was ended"
                )
            }
            return try AdapterWire.decode(TesteeMessage.self, from: line, sentBy: "the testee")
        case let .invalidUTF8(offset, line):
            terminate()
            throw .protocolViolation(
                "a line that is not UTF-8 (ADP-2): byte \(offset) of the line does not begin a valid UTF-8 sequence, while the harness waited for \(waitingFor): \(PrintableText.abbreviate(line, limit: 160))"
            )
        case .end:
            throw crashed(while: "the harness waited for \(waitingFor)")
        case .tooLong:
            terminate()
            throw .protocolViolation(
                "a line longer than \(AdapterWire.maximumLineLength >> 20) MiB (\(AdapterWire.maximumLineLength) bytes), the limit of a message line (ADP-18), while the harness waited for \(waitingFor); its process group was ended"
            )
        case .timedOut:
            terminate()
            throw AdapterFailure(
                kind: .unresponsive,
                message:
                    "the testee sent nothing for \(Self.seconds(timeout)) while the harness waited for \(waitingFor)\(Self.starvationNote(starved)); it was killed (raise the watchdog with --adapter-timeout if it is only slow)\(stderrTail.rendered)"
            )
        }
    }

    /// The lines the testee wrote to standard error before the last message `receive` returned and after
    /// the message before it, for a testee that marks its standard error (ADP-16).
    /// - Parameter timeout: Seconds of wall time to wait for the mark, which the testee wrote before the
    ///   message, so it is normally there at once.
    /// - Returns: The lines kept, and the count of those the bounds left out (ADP-18).
    /// - Throws: `AdapterFailure` (protocol violation) when no mark came.
    func standardErrorLinesBeforeLastMessage(timeout: Double) throws(AdapterFailure) -> TesteeStandardError.Segment {
        guard let lines = stderrTail.lines(beforeMark: messagesRead, deadline: Date(timeIntervalSinceNow: timeout))
        else {
            throw .protocolViolation(
                "its message \(messagesRead) without a mark on standard error before it, though its hello offered `\(AdapterWire.standardErrorMarksCapability)` (ADP-16)"
            )
        }
        return lines
    }

    /// What the testee wrote to standard output that the harness has not read, if anything has reached
    /// it: the type of the message (taken, so the process can only be ended), or what the bytes are. Does
    /// not wait; the end of the output is not something written.
    func unreadOutput() -> String? {
        guard messages.hasUnreadBytes() else { return nil }
        switch messages.next(deadline: Date.distantPast) {
        case .line(let line):
            if let message = try? AdapterWire.decode(TesteeMessage.self, from: line, sentBy: "the testee") {
                return "`\(message.type)`"
            }
            return "a line that is not a message (\(PrintableText.abbreviate(line, limit: 160)))"
        case .invalidUTF8(_, let line):
            return "a line that is not UTF-8 (\(PrintableText.abbreviate(line, limit: 160)))"
        case .tooLong:
            return "a line longer than \(AdapterWire.maximumLineLength >> 20) MiB"
        case .timedOut, .end:
            return "\(messages.unreadByteCount + messages.unterminatedBytesAtEnd) bytes without a line feed"
        }
    }

    /// Keeps no native log lines from standard error, for a testee that does not mark it (ADP-16).
    func ignoreStandardErrorAsLog() {
        stderrTail.stopKeepingLog()
    }

    /// Notes that the last message `receive` returned ended a case (the `done` of `endCase`) on a testee
    /// that serves many (ADP-17.d): crash and timeout reports then quote only what the testee writes after
    /// it, and text it left on standard error without a line feed is not joined to the next case's log.
    func caseEndedAtLastMessage() {
        stderrTail.caseEnded(atMark: messagesRead)
    }

    /// Ends the testee: closes its input, kills its process group and reaps it.
    func terminate() {
        terminated = true
        process.end()
    }

    /// Ends the testee and closes every descriptor the harness holds for it, once standard error's reader
    /// thread is done with them (at once, normally: the group is gone). Standard error's read end stays
    /// open if the reader is still at it after a few seconds (a process outside the group kept the pipe).
    func close() {
        guard !closed else { return }
        closed = true
        terminate()
        let readerEnded = errors.waitForEnd(deadline: Date(timeIntervalSinceNow: 2))
        process.closeDescriptors(keepingStandardError: !readerEnded)
        messages.release()
        stderrTail.release()
    }

    private func crashed(while what: String) -> AdapterFailure {
        // Output ends a moment before the process exits; a testee that only closed its output is killed.
        let exited = process.waitForExit(timeout: 2)
        let termination = process.end()
        terminated = true
        // Let the reader take the last of standard error: the group is gone, so it ends at once.
        _ = errors.waitForEnd(deadline: Date(timeIntervalSinceNow: 1))
        let how: String
        switch (exited, termination) {
        case (false, _), (true, nil): how = "closed its output"
        case (true, .signalled(let signal)?): how = "was killed by signal \(signal)\(Self.signalName(signal))"
        case (true, .exited(let status)?): how = "exited with status \(status)"
        }
        // A message ends with its line feed (ADP-2): bytes after the last one are no message.
        let unterminated = messages.unterminatedBytesAtEnd
        let partial =
            unterminated > 0
            ? ", its output ending in \(unterminated) byte\(unterminated == 1 ? "" : "s") without a line feed (no message: ADP-2)"
            : ""
        if let kitFault = stderrTail.kitFault {
            return AdapterFailure(
                kind: .kitFault,
                message: "\(kitFault.message); the testee \(how) while \(what)\(partial)\(stderrTail.rendered)")
        }
        return AdapterFailure(
            kind: .crashed, message: "the testee \(how) while \(what)\(partial)\(stderrTail.rendered)")
    }

    private static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
            SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE",
        ]
        return names[number].map { " (\($0))" } ?? ""
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The most a wait is extended for a starved testee, in watchdogs: a testee kept from running for
    /// longer than that is reported, so that no wait is unbounded.
    static let starvationAllowance = 10.0

    /// What a timeout message adds when the testee waited for a CPU during the silence.
    private static func starvationNote(_ starved: Double) -> String {
        guard starved >= 0.01 else { return "" }
        return ", not counting \(String(format: "%.2f", starved)) s it spent waiting for a CPU"
    }
}

import Foundation

/// One greeted testee process on the harness's side: the process, what its `hello` offered, the
/// numbering of requests (afresh for each case it serves, ADP-17), and the native log lines standard
/// error carries before each message (ADP-16).
///
/// `ProcessBridgeAdapter` makes one per case when every case gets a fresh process (ADP-1), and
/// `PersistentTestee` keeps one across cases for a testee that offers `persistent`.
@MainActor
final class TesteeSession {
    /// The process.
    private let process: AdapterProcess
    /// Seconds of wall time the testee may stay silent (ADP-14).
    private let responseTimeout: Double
    /// The name the testee gave in its `hello` (the command when it gave none).
    let name: String
    /// What the testee offered in its `hello` that the harness uses out of process (ADP-6).
    let capabilities: BridgeCapabilities
    /// Whether the testee marks its standard error, whose lines are then its native log (ADP-16).
    let marksStandardError: Bool
    /// Whether the testee serves many cases, one after another (ADP-17).
    let servesManyCases: Bool

    private var nextSequenceNumber = 1
    /// Lines the testee wrote before its `hello` (while it made its first adapter), for the first case.
    private var linesBeforeHello: [String] = []
    /// The cases this process has begun, the current one included.
    private(set) var casesBegun = 0
    /// Requests sent since the current case began.
    private(set) var requestsInCase = 0
    /// Messages received since the current case began.
    private(set) var messagesInCase = 0
    /// Bytes of native log lines recorded since the current case began (at most `AdapterWire.logLimit`).
    private var logBytesInCase = 0

    /// Starts the testee and reads its `hello`.
    /// - Parameter configuration: The command and the watchdog.
    /// - Throws: `AdapterFailure` when the command cannot start, crashes, stays silent, or greets
    ///   with something other than a version-1 `hello` (ADP-6, ADP-7).
    init(configuration: ProcessBridgeAdapter.Configuration) throws(AdapterFailure) {
        responseTimeout = configuration.responseTimeout
        process = try AdapterProcess(command: configuration.command)
        let hello = try process.receive(timeout: configuration.responseTimeout, waitingFor: "its hello (ADP-6)")
        guard case let .hello(version, name, names) = hello else {
            throw .protocolViolation("`\(hello.type)` as its first message; the first message must be {\"type\":\"hello\",\"protocol\":1,...} (ADP-6)")
        }
        guard version == AdapterWire.protocolVersion else {
            throw .protocolViolation("a hello for protocol version \(version); this harness speaks version \(AdapterWire.protocolVersion) (ADP-7). Update the kit or the adapter host so they match")
        }
        self.name = name ?? configuration.command
        var capabilities: BridgeCapabilities = []
        for name in names {
            if let capability = BridgeCapabilities.names.first(where: { $0.1 == name })?.0, !BridgeCapabilities.inProcessOnly.contains(capability) {
                capabilities.insert(capability)
            }
        }
        self.capabilities = capabilities
        marksStandardError = names.contains(AdapterWire.standardErrorMarksCapability)
        servesManyCases = names.contains(AdapterWire.persistentCapability)
        if marksStandardError {
            linesBeforeHello = try process.standardErrorLinesBeforeLastMessage(timeout: configuration.responseTimeout)
        } else {
            process.ignoreStandardErrorAsLog()
        }
    }

    /// Whether the process can take another request: the harness has not ended it and it still runs.
    var isUsable: Bool { process.isUsable }

    /// The process identifier and the descriptors the harness holds for the process.
    var processResources: (processIdentifier: Int32, descriptors: [Int32]) {
        (process.processIdentifier, process.descriptors)
    }

    /// Whether the current case is not the first this process serves.
    var isReused: Bool { casesBegun > 1 }

    /// Starts counting the requests and messages of a new case.
    func beginCase() {
        // Requests are numbered per case (ADP-17), so messages that quote a `seq` read the same whatever
        // ran before the case, and the same as with a process per case.
        nextSequenceNumber = 1
        casesBegun += 1
        requestsInCase = 0
        messagesInCase = 0
        logBytesInCase = 0
    }

    /// The lines the testee wrote before its `hello`, once: they belong to the first case, recorded when
    /// its bridge is attached (ADP-16).
    func takeLinesBeforeHello() -> [String] {
        defer { linesBeforeHello = [] }
        return withinLogLimit(linesBeforeHello)
    }

    /// `lines`, as far as the case's log limit allows (ADP-18), and a line that counts those left out.
    private func withinLogLimit(_ lines: [String]) -> [String] {
        var kept: [String] = []
        var leftOut = (lines: 0, bytes: 0)
        for line in lines {
            let size = line.utf8.count
            if leftOut.lines == 0 && logBytesInCase + size <= AdapterWire.logLimit {
                kept.append(line)
                logBytesInCase += size
            } else {
                leftOut.lines += 1
                leftOut.bytes += size
            }
        }
        if leftOut.lines > 0 {
            kept.append("[... \(leftOut.lines) line\(leftOut.lines == 1 ? "" : "s") (\(leftOut.bytes) bytes) of standard error left out here: a case records at most \(AdapterWire.logLimit / 1024) KiB of native log (ADP-18) ...]")
        }
        return kept
    }

    /// Numbers and sends one request.
    /// - Returns: Its sequence number.
    /// - Throws: `AdapterFailure` (crashed) when the testee no longer reads its input.
    func send(_ request: HarnessMessage) throws(AdapterFailure) -> Int {
        let sequenceNumber = nextSequenceNumber
        nextSequenceNumber += 1
        requestsInCase += 1
        try process.send(request.numbered(sequenceNumber))
        return sequenceNumber
    }

    /// Sends a message that answers no request (`syncEvaluated`, ADP-11).
    /// - Throws: `AdapterFailure` (crashed) when the testee no longer reads its input.
    func answer(_ message: HarnessMessage) throws(AdapterFailure) {
        try process.send(message)
    }

    /// Reads the next message and, for a testee that marks its standard error, the lines it wrote there
    /// before it (ADP-16).
    /// - Parameter waitingFor: What the harness waits for, for the error message.
    /// - Throws: `AdapterFailure`: crashed, unresponsive (the process is killed), protocol violation.
    func receive(waitingFor: String) throws(AdapterFailure) -> (message: TesteeMessage, logLines: [String]) {
        let message = try process.receive(timeout: responseTimeout, waitingFor: waitingFor)
        messagesInCase += 1
        let lines = marksStandardError ? try process.standardErrorLinesBeforeLastMessage(timeout: responseTimeout) : []
        return (message, lines.isEmpty ? lines : withinLogLimit(lines))
    }

    /// Ends the current case on a testee that serves many (ADP-17): sends `endCase` and waits for its
    /// `done`. The case is over, so effects written meanwhile are not performed and the lines written
    /// meanwhile are not recorded; a synchronous evaluation is answered with `null`, as if the script
    /// threw, so the testee never waits for it. Crash and timeout reports of the next case quote only
    /// what the testee writes after this `done`.
    /// - Throws: `AdapterFailure` when the testee crashes, stays silent, breaks the protocol or reports
    ///   an error (`endCase` cannot fail): it cannot serve another case.
    func endCase() throws(AdapterFailure) {
        let sequenceNumber = try send(.endCase(seq: 0))
        while true {
            let (message, _) = try receive(waitingFor: "`done` for its `endCase` request (seq \(sequenceNumber))")
            switch message {
            case let .done(answered, error):
                guard answered == sequenceNumber else {
                    throw .protocolViolation("`done` for seq \(answered) while seq \(sequenceNumber) was pending (ADP-8)")
                }
                if let error {
                    throw .protocolViolation("`done` with an error for an `endCase` request, which cannot fail: \(error)")
                }
                process.forgetDiagnosticsBeforeLastMessage()
                return
            case let .evaluate(number, _, true, _):
                try process.send(.syncEvaluated(evaluation: number, result: nil))
            case .hello:
                throw .protocolViolation("`hello` between a request and its `done`")
            case .evaluate, .decide, .handlerInvoked, .callbackInvoked, .log, .violation:
                continue
            }
        }
    }

    /// Ends the testee's process group at once (ADP-1, ADP-13 to ADP-15); `close()` closes the descriptors.
    func terminate() {
        process.terminate()
    }

    /// Ends the testee and closes every descriptor the harness holds for it.
    func close() {
        process.close()
    }
}

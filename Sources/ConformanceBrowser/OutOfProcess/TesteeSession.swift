import ConformanceAdapter
import Foundation

/// One greeted testee process on the harness's side: the process, what its `hello` offered, the
/// numbering of requests (afresh for each case it serves, ADP-17), the check that nothing comes while no
/// request is pending (ADP-9), and the case's native log: the lines standard error carries before each
/// message (ADP-16) and the `log` effects, within one budget per case (ADP-18).
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
    /// Whether the testee's web view carries page loads and their events, script messages, user scripts and
    /// the app's navigation delegate (ADP-19): it gets the requests of section 10 and may write their effects.
    let offersWebView: Bool
    /// Whether the testee serves a messageHandler container (`container`, `AdapterHost.serveContainer`).
    let offersContainer: Bool
    /// Whether its container answers synchronous calls (`synchronous-calls`).
    let offersSynchronousCalls: Bool

    private var nextSequenceNumber = 1
    /// The lines the testee wrote before its `hello` (while it made its first adapter), for the first case.
    private var linesBeforeHello: TesteeStandardError.Segment?
    /// The cases this process has begun, the current one included.
    private(set) var casesBegun = 0
    /// Requests the current case sent (its `endCase` not counted).
    private(set) var requestsInCase = 0
    /// Messages received since the current case began.
    private(set) var messagesInCase = 0
    /// Whether the current case sent a request and the testee has not ended it (`endCase`, ADP-17.a).
    private(set) var caseIsOpen = false
    /// The last request sent: what a message the testee writes before the next one comes after.
    private var lastRequest: (seq: Int, type: String)?
    /// The native log the current case records (ADP-18).
    private var log = NativeLogBudget()

    /// Starts the testee and reads its `hello`.
    /// - Parameter configuration: The command and the watchdog.
    /// - Throws: `AdapterFailure` when the command cannot start, crashes, stays silent, or greets
    ///   with something other than a version-1 `hello` (ADP-6, ADP-7).
    init(configuration: ProcessBridgeAdapter.Configuration) throws(AdapterFailure) {
        responseTimeout = configuration.responseTimeout
        process = try AdapterProcess(command: configuration.command)
        let hello = try process.receive(timeout: configuration.startupTimeout, waitingFor: "its hello (ADP-6)")
        guard case let .hello(version, name, names) = hello else {
            throw .protocolViolation(
                "`\(hello.type)` as its first message; the first message must be {\"type\":\"hello\",\"protocol\":1,...} (ADP-6)"
            )
        }
        guard version == AdapterWire.protocolVersion else {
            throw .protocolViolation(
                "a hello for protocol version \(version); this harness speaks version \(AdapterWire.protocolVersion) (ADP-7). Update the kit or the adapter host so they match"
            )
        }
        self.name = name ?? configuration.command
        var capabilities: BridgeCapabilities = []
        for name in names {
            if let capability = BridgeCapabilities.names.first(where: { $0.1 == name })?.0,
                !BridgeCapabilities.inProcessOnly.contains(capability)
            {
                capabilities.insert(capability)
            }
        }
        self.capabilities = capabilities
        marksStandardError = names.contains(AdapterWire.standardErrorMarksCapability)
        servesManyCases = names.contains(AdapterWire.persistentCapability)
        offersWebView = capabilities.contains(.webViewEvents)
        offersContainer = names.contains(AdapterWire.containerCapability)
        offersSynchronousCalls = names.contains(AdapterWire.synchronousCallsCapability)
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

    /// Starts counting the requests, messages and native log of a new case.
    func beginCase() {
        // Requests are numbered per case (ADP-17), so messages that quote a `seq` read the same whatever
        // ran before the case, and the same as with a process per case.
        nextSequenceNumber = 1
        casesBegun += 1
        requestsInCase = 0
        messagesInCase = 0
        log = NativeLogBudget()
        process.beginCase()
    }

    /// The lines the testee wrote before its `hello`, once, as far as the case's log takes them: they
    /// belong to the first case, recorded when its bridge is attached (ADP-16).
    func takeLinesBeforeHello() -> [String] {
        defer { linesBeforeHello = nil }
        return linesBeforeHello.map { log.admit($0) } ?? []
    }

    /// The lines of `standardError` the case records (ADP-18).
    func admitToLog(_ standardError: TesteeStandardError.Segment) -> [String] {
        log.admit(standardError)
    }

    /// `line` (a `log` effect) as the case records it, or nil when the case's log is full (ADP-18).
    func admitToLog(_ line: String) -> String? {
        log.admit(line)
    }

    /// The line that ends the case's log when the case dropped native log lines (ADP-18).
    var droppedLogNote: String? { log.closingNote }

    /// Numbers and sends one request, once the testee is found to have written nothing since the last
    /// request's `done` (ADP-9).
    /// - Returns: Its sequence number.
    /// - Throws: `AdapterFailure`: crashed when the testee no longer reads its input, protocol violation
    ///   when it wrote a message while no request was pending.
    func send(_ request: HarnessMessage) throws(AdapterFailure) -> Int {
        try checkNothingUnread()
        let sequenceNumber = nextSequenceNumber
        nextSequenceNumber += 1
        if case .endCase = request {
        } else {
            requestsInCase += 1
            caseIsOpen = true
        }
        lastRequest = (sequenceNumber, request.type)
        try process.send(request.numbered(sequenceNumber))
        return sequenceNumber
    }

    /// Checks that the testee wrote nothing the harness has not read: called when no request is pending
    /// (before the harness sends one, and when a case is over), a message there was written after the last
    /// `done`, which breaks ADP-9, or after the `done` of `endCase`, which breaks ADP-17.a. The check sees
    /// what has reached the harness when it runs; a message that arrives later is read with the next
    /// request, as one of its effects.
    /// - Parameter after: What the message came after, when not the `done` of the last request.
    /// - Throws: `AdapterFailure` (protocol violation) naming what the testee wrote; the process is ended.
    func checkNothingUnread(after: String? = nil) throws(AdapterFailure) {
        guard let unread = process.unreadOutput() else { return }
        let context: String
        switch (after, lastRequest) {
        case let (after?, _):
            context = after
        case (nil, nil):
            context =
                "after its `hello`, before the harness sent a request: a testee writes effects only between a request and its `done` (ADP-9)"
        case let (nil, last?) where last.type == "endCase":
            context =
                "after the `done` of the `endCase` that ended the previous case, before this case's first request: nothing of a case reaches the harness once it ended (ADP-17.a)"
        case let (nil, last?):
            context =
                "after the `done` of seq \(last.seq) (`\(last.type)`), before the harness sent another request: a testee writes a request's effects before its `done` (ADP-9)"
        }
        process.terminate()
        throw .protocolViolation("\(unread) \(context)")
    }

    /// Sends a message that answers no request (`syncEvaluated`, ADP-11).
    /// - Throws: `AdapterFailure` (crashed) when the testee no longer reads its input.
    func answer(_ message: HarnessMessage) throws(AdapterFailure) {
        try process.send(message)
    }

    /// Reads the next message and, for a testee that marks its standard error, the lines it wrote there
    /// before it (ADP-16), not yet admitted to the case's log (`admitToLog`).
    /// - Parameter waitingFor: What the harness waits for, for the error message.
    /// - Throws: `AdapterFailure`: crashed, unresponsive (the process is killed), protocol violation.
    func receive(waitingFor: String) throws(AdapterFailure) -> (
        message: TesteeMessage, standardError: TesteeStandardError.Segment
    ) {
        let message = try process.receive(timeout: responseTimeout, waitingFor: waitingFor)
        messagesInCase += 1
        let lines =
            marksStandardError ? try process.standardErrorLinesBeforeLastMessage(timeout: responseTimeout) : .init()
        return (message, lines)
    }

    /// Ends the current case on a testee that serves many (ADP-17.a), once: sends `endCase` and waits
    /// for its `done`. The case is over, so effects written meanwhile are not performed and the lines
    /// written meanwhile are not recorded; a synchronous evaluation is answered with `null`, as if the
    /// script threw, so the testee never waits for it. Crash and timeout reports of the next case quote
    /// only what the testee writes after this `done`. Does nothing when the case is not open (it sent
    /// nothing, or was ended already).
    /// - Throws: `AdapterFailure` when the testee crashes, stays silent, breaks the protocol, reports an
    ///   error (`endCase` cannot fail), or wrote something after the `done` (ADP-17.a): it cannot serve
    ///   another case.
    func endCase() throws(AdapterFailure) {
        guard caseIsOpen else { return }
        let sequenceNumber = try send(.endCase(seq: 0))
        while true {
            let (message, _) = try receive(waitingFor: "`done` for its `endCase` request (seq \(sequenceNumber))")
            switch message {
            case let .done(answered, error):
                guard answered == sequenceNumber else {
                    throw .protocolViolation(
                        "`done` for seq \(answered) while seq \(sequenceNumber) was pending (ADP-8)")
                }
                if let error {
                    throw .protocolViolation(
                        "`done` with an error for an `endCase` request, which cannot fail: \(error)")
                }
                caseIsOpen = false
                process.caseEndedAtLastMessage()
                try checkNothingUnread(
                    after:
                        "after the `done` of its `endCase`: nothing of a case reaches the harness once it ended (ADP-17.a)"
                )
                return
            case let .evaluate(number, _, true, _):
                try process.send(.syncEvaluated(evaluation: number, result: nil))
            case .hello:
                throw .protocolViolation("`hello` between a request and its `done`")
            case .evaluate, .decide, .handlerInvoked, .callbackInvoked, .log, .violation, .addScriptMessageHandler,
                .removeScriptMessageHandler, .addUserScript, .removeAllUserScripts, .load, .loadHTMLString, .reload,
                .appDelegateNotified, .containerHandlerInvoked, .promptAnswered:
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

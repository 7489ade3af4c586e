import Foundation

/// The testee's end of the out-of-process protocol: what the stand-in `SimulatedWebView` of a testee
/// process sends to the harness (evaluations, decisions, logs, violations), and the answers it waits
/// for (`spec/adapter-protocol.md`, section 5).
final class RemoteWebViewLink: @unchecked Sendable {
    /// The URL of the last main-frame navigation the harness asked about.
    var pageURL: String?

    private let output: LineWriter
    private let input: LineInbox
    private var nextEvaluationNumber = 1
    private var completionHandlers: [Int: (Any?, (any Error)?) -> Void] = [:]

    /// A link writing messages to `output` and reading answers from `input`.
    init(output: Int32, input: LineInbox) {
        self.output = LineWriter(fileDescriptor: output)
        self.input = input
    }

    // MARK: Sending

    /// Writes one message and its line feed (ADP-2); exits quietly when the harness has gone away.
    func send(_ message: AdapterWireMessage) {
        // The harness closed the pipe: the case is over.
        if !output.write(message.line) { exit(0) }
    }

    /// Forwards what the harness must see of a transcript event: native logs and violations.
    func forward(_ event: TranscriptEvent) {
        switch event {
        case .nativeLog(let message):
            send(AdapterWireMessage("log", ["message": .string(message)]))
        case .violation(let clause, let message):
            send(AdapterWireMessage("violation", ["clause": .string(clause), "message": .string(message)]))
        default:
            break
        }
    }

    /// Sends the bridge's decision for navigation `number`.
    func decide(navigation number: Int, policy: NavigationActionPolicy) {
        send(AdapterWireMessage("decide", ["navigation": .number(Double(number)), "policy": .string(policy.rawValue)]))
    }

    // MARK: Evaluations

    /// Asks the harness to evaluate `script` asynchronously; `completionHandler` runs when the harness
    /// sends `evaluated` (ADP-10).
    func evaluate(_ script: String, completionHandler: ((Any?, (any Error)?) -> Void)?) {
        let number = nextEvaluationNumber
        nextEvaluationNumber += 1
        if let completionHandler { completionHandlers[number] = completionHandler }
        send(AdapterWireMessage("evaluate", [
            "evaluation": .number(Double(number)), "script": .string(script),
            "synchronous": false, "completion": .bool(completionHandler != nil),
        ]))
    }

    /// Completes evaluation `number` with what the harness sent.
    /// - Throws: A protocol violation when the harness names an evaluation that is not pending.
    func complete(_ message: AdapterWireMessage) throws(AdapterProcessError) {
        let number = try message.integer("evaluation")
        guard let completionHandler = completionHandlers.removeValue(forKey: number) else {
            throw .protocolViolation("`evaluated` for evaluation \(number), which is not pending", by: "the harness")
        }
        if let error = try message.optionalString("error") {
            completionHandler(nil, JavaScriptEvaluationError(message: error, line: nil))
        } else {
            completionHandler(message.foundationData("result"), nil)
        }
    }

    /// Asks the harness to evaluate `script` now and blocks until it answers (ADP-11).
    /// - Returns: The result as a string, or nil when the script threw.
    func evaluateSynchronously(_ script: String) -> String? {
        let number = nextEvaluationNumber
        nextEvaluationNumber += 1
        send(AdapterWireMessage("evaluate", [
            "evaluation": .number(Double(number)), "script": .string(script),
            "synchronous": true, "completion": false,
        ]))
        let answer = AdapterHost.nextMessage(from: input)
        guard answer.type == "syncEvaluated", (try? answer.integer("evaluation")) == number else {
            AdapterHost.quit("expected `syncEvaluated` for evaluation \(number) from the harness, got: \(answer.line)")
        }
        if case .string(let result)? = answer["result"] { return result }
        return nil
    }
}

import ConformanceBrowser
import ConformanceObligations
import StrictJSON
import WireDialects

/// What became of the messages a case asked the native side to send to one JS handler, read from the commands
/// the native side evaluated, so that a message that did not arrive is blamed on what went wrong and not on
/// its escaping by default:
///
/// - a command held it intact but its call did not reach the entry point: ESC-1.c;
/// - no command was evaluated for it, and every command that was holds another message the case sent: the
///   send was never evaluated, which START-2.a (sends after the bridge started are evaluated at once) forbids;
/// - otherwise a command holds something the case never sent, a mangled literal perhaps: the escaping
///   obligation the case gives.
struct NativeSendTrail {
    /// The data of each message for the handler that reached the entry point, in evaluation order, whether the
    /// case sent it or not: what the JS side got on the wire (nil for a message without data).
    let delivered: [JSONValue?]
    /// The data of each message the case sent that a command's literal holds, reaching the entry point or not.
    let carried: [JSONValue?]
    /// Whether a command was evaluated whose literal holds no message the case sent: one that does not lex or
    /// parse, or that holds another value.
    let hasStrayCommand: Bool

    /// Reads the commands of `transcript`.
    /// - Parameters:
    ///   - transcript: The case's transcript.
    ///   - handler: The JS handler the messages were sent to.
    ///   - wasSent: Whether data is that of a message the case sent.
    init(_ transcript: Transcript, handler: String, wasSent: (JSONValue?) -> Bool) {
        var delivered: [JSONValue?] = [], carried: [JSONValue?] = [], hasStrayCommand = false
        let keys = transcript.dialect.keys
        for evaluation in transcript.nativeEvaluations {
            guard let delivery = evaluation.command.delivery else { continue }
            guard case .object(let members)? = delivery.message,
                members[keys.handlerName] == .string(handler)
            else {
                hasStrayCommand = true
                continue
            }
            let data = members[keys.data]
            if delivery.deliveredMessage != nil { delivered.append(data) }
            if wasSent(data) { carried.append(data) } else { hasStrayCommand = true }
        }
        (self.delivered, self.carried, self.hasStrayCommand) = (delivered, carried, hasStrayCommand)
    }

    /// What to blame for a message (the data `isMessage` picks) that did not arrive as sent: the obligation to
    /// cite, and why when it is not the escaping one.
    /// - Parameters:
    ///   - isMessage: Whether data is the message's.
    ///   - escaping: The obligation of the message's escaping, cited when a command delivered it (changed), or
    ///     when a stray command may be it.
    func blame(forMissing isMessage: (JSONValue?) -> Bool, escaping: Obligation) -> Blame {
        if delivered.contains(where: isMessage) { return Blame(obligation: escaping) }
        if carried.contains(where: isMessage) {
            return Blame(
                obligation: .esc1c, because: "its command holds it intact but does not reach the entry point")
        }
        if hasStrayCommand { return Blame(obligation: escaping) }
        return Blame(
            obligation: .start2a,
            because: "no command was evaluated for it, though the bridge had started: the send was held or dropped")
    }

    /// What to blame for a message sent after others that did not arrive, where the check's own obligation
    /// (`own`) is that such a message still goes out (ESC-4.c, after unserializable data): its command missing
    /// the entry point, else `own`. (No command at all is `own`'s too: the first send may be the one that
    /// blocked the rest.)
    func blame(forMissingAfterOthers isMessage: (JSONValue?) -> Bool, own: Obligation) -> Blame {
        guard !delivered.contains(where: isMessage), carried.contains(where: isMessage) else {
            return Blame(obligation: own)
        }
        return Self.misdirected
    }

    /// The obligation a failed check cites, and why when it is not the check's own.
    struct Blame {
        /// The obligation.
        var obligation: Obligation
        /// Why it is blamed, for the failure's message; nil for the check's own obligation.
        var because: String?

        /// The failure's message: `message`, then why.
        func message(_ message: String) -> String {
            because.map { "\(message): \($0)" } ?? message
        }
    }

    /// The blame when a command holds the message intact but its call does not reach the entry point.
    static let misdirected = Blame(
        obligation: .esc1c, because: "its command holds it intact but does not reach the entry point")

    /// Whether `value`, what a JS handler got, is a whole call message carrying `data` (its handler name, that
    /// data, perhaps a callback id, and no other key) rather than the data alone (DISP-5.a).
    /// - Parameters:
    ///   - value: What the handler got.
    ///   - data: The data the call carried.
    ///   - keys: The run's message keys.
    static func isWholeCall(_ value: JSONValue?, carrying data: JSONValue?, keys: MessageKeys) -> Bool {
        guard let value, value.isShapedLikeMessage(ownKey: keys.handlerName, otherKeys: [keys.data, keys.callbackID])
        else { return false }
        return value.member(keys.data) == data
    }

    /// The blame when a message's command delivered it intact, once, and the JS handler still did not get it
    /// as sent: the JS side's dispatch, not the literal. That is the obligation on what a handler gets
    /// (DISP-5.a) when the handler got the whole call message holding `data`, else the dispatch of the message
    /// (DISP-3.a).
    /// - Parameters:
    ///   - data: The data the message carried.
    ///   - handled: What the JS handler got, invocation by invocation.
    ///   - keys: The run's message keys.
    static func dispatch(of data: JSONValue?, handled: [JSONValue?], keys: MessageKeys) -> Blame {
        if handled.contains(where: { isWholeCall($0, carrying: data, keys: keys) }) {
            return Blame(
                obligation: .disp5a,
                because: "its command delivered it intact, and the JS handler got the whole call message, not its data")
        }
        return Blame(
            obligation: .disp3a,
            because: "its command delivered it intact, so the JS side did not dispatch it as sent")
    }
}

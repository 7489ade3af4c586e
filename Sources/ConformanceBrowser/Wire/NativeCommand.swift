import ConformanceObligations
import StrictJSON
import WireDialects

/// A script evaluated in the page, read once in the run's dialect when the page host records it: what it is
/// on the wire (a message delivery with its message and problems, a fetch of the JS side's queue, or another
/// script), and its text, which only renderings show. Checks, queries and reports read this value; none lexes
/// the script again.
///
/// Which evaluations injected the JS side is judged by what the page did (`javaScriptSideAppeared`), not from
/// the text: `Transcript.javaScriptSideEvaluationIDs`.
package struct NativeCommand: Equatable, Sendable {
    /// What a script is on the wire.
    package enum Kind: Equatable, Sendable {
        /// A call that sets out to deliver a message (`WireCommand`), well-formed or not.
        case delivery(Delivery)
        /// The dialect's fetch command, exactly as the dialect writes it.
        case fetch
        /// Any other script: the JS side, a page's or the harness's script, a fetch written otherwise.
        case other
    }

    /// A message command as the wire lint read it (`WireInspector`).
    package struct Delivery: Equatable, Sendable {
        /// The value of the command's literal when it lexes as ES5 and holds a JSON object: what the native side
        /// meant to send, whether or not the call delivers it.
        package var message: JSONValue? = nil
        /// Whether the call reaches the entry point with nothing but white space after it.
        package var reachesEntryPoint = false
        /// Every deviation from the exact form, each on its own (ESC-1 to ESC-5); empty for the exact form.
        package var problems: [WireInspector.Problem] = []

        /// The message the command delivers to the JS side: `message` when the call reaches the entry point,
        /// even if the command breaks rules that leave the message intact (ESC-5's spelling, double quotes).
        package var deliveredMessage: JSONValue? { reachesEntryPoint ? message : nil }

        /// The message of a command that is well-formed but perhaps for how the call is spelled (ESC-5, a SHOULD): what
        /// renderings show as a delivery; nil for a command that breaks a MUST rule of ESC-1 to ESC-3.
        package var wellFormedMessage: JSONValue? {
            problems.allSatisfy({ $0.clause == .esc5 }) ? message : nil
        }

        /// Whether the command breaks a MUST rule of ESC-1 to ESC-3 (`wellFormedMessage` is nil).
        package var isMalformed: Bool { wellFormedMessage == nil }
    }

    /// The script as evaluated.
    package let script: String
    /// What it is on the wire.
    package let kind: Kind

    /// Reads `script` in `dialect`.
    /// - Parameters:
    ///   - script: A script evaluated in the page.
    ///   - dialect: The wire the run speaks: its fetch command, entry point and command shapes.
    package init(_ script: String, in dialect: WireDialect) {
        self.script = script
        if script == dialect.fetchCommand {
            kind = .fetch
        } else if let delivery = WireInspector.delivery(readingCommand: script, in: dialect) {
            kind = .delivery(delivery)
        } else {
            kind = .other
        }
    }

    /// The delivery the script is, or nil when it is no message command.
    package var delivery: Delivery? {
        if case .delivery(let delivery) = kind { delivery } else { nil }
    }

    /// The message the script delivers (`Delivery.deliveredMessage`); nil when it delivers none.
    package var deliveredMessage: JSONValue? { delivery?.deliveredMessage }

    /// The wire problems of the script: its command's deviations, none when it is no message command.
    package var problems: [WireInspector.Problem] { delivery?.problems ?? [] }

    /// Whether the script is the dialect's fetch command.
    package var isFetch: Bool { kind == .fetch }
}

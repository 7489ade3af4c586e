import Foundation

@testable import ReferenceBridgeCore

/// Records everything a core does, as a readable transcript.
///
/// Evaluated delivery commands that decode strictly become `SEND <sorted JSON>`, ones that do not become
/// `RAW <command>`, anything else `JS <source>`. Handlers and callbacks made here add their own lines.
final class Recorder {
    var events: [String] = []
    var logs: [String] = []
    var commands: [String] = []

    /// The decoded messages of all delivery commands, in order.
    var sentMessages: [[String: Any]] { commands.compactMap(decodeCommand) }

    func evaluated(_ command: String) {
        commands.append(command)
        if let message = decodeCommand(command) {
            events.append("SEND " + canonical(message))
        } else if command.hasPrefix(commandPrefix) {
            events.append("RAW " + command)
        } else {
            events.append("JS " + command)
        }
    }

    func note(_ text: String) { events.append(text) }

    /// A handler that records `name(<data>)` and answers with `answer` if it got a responder.
    func handler(_ name: String, answer: Any? = nil) -> BridgeHandler {
        { [self] data, respond in
            events.append("\(name)(\(canonical(data)))")
            respond(answer)
        }
    }

    /// A response callback that records `name(<answer>)`.
    func callback(_ name: String) -> BridgeResponseCallback {
        { [self] answer in events.append("\(name)(\(canonical(answer)))") }
    }
}

/// A core wired to a fresh recorder.
func makeCore() -> (BridgeCore, Recorder) {
    let recorder = Recorder()
    let core = BridgeCore(evaluate: { recorder.evaluated($0) }, log: { recorder.logs.append($0) })
    return (core, recorder)
}

/// A core whose bridge JS is already injected, with the recorder's transcript cleared.
func makeInjectedCore() -> (BridgeCore, Recorder) {
    let (core, recorder) = makeCore()
    core.injectJavascript("JS")
    recorder.events = []
    recorder.commands = []
    return (core, recorder)
}

let commandPrefix = "WebViewJavascriptBridge._handleMessageFromObjC('"
let commandSuffix = "');"

/// Decodes a delivery command into its message, or nil if it is not exactly one well-formed ES5 command.
func decodeCommand(_ command: String) -> [String: Any]? {
    guard command.hasPrefix(commandPrefix), command.hasSuffix(commandSuffix),
        command.utf16.count >= commandPrefix.utf16.count + commandSuffix.utf16.count
    else { return nil }
    let body = command.dropFirst(commandPrefix.count).dropLast(commandSuffix.count)
    guard let json = unescapeLiteral(String(body)) else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
}

/// The value of a single-quoted ES5 string literal body, or nil if the body is not valid in one.
///
/// Strict on purpose: a raw `'`, line terminator (LF, CR, U+2028, U+2029) or an unknown escape such as
/// `\u{2028}` makes it fail, because an ES5 engine would reject or misparse the command.
func unescapeLiteral(_ body: String) -> String? {
    var out: [UInt16] = []
    var units = body.utf16.makeIterator()
    while let unit = units.next() {
        switch unit {
        case 0x27, 0x0A, 0x0D, 0x2028, 0x2029: return nil
        case 0x5C:
            guard let next = units.next() else { return nil }
            switch next {
            case 0x5C, 0x22, 0x27: out.append(next)
            case 0x6E: out.append(0x0A)  // \n
            case 0x72: out.append(0x0D)  // \r
            case 0x66: out.append(0x0C)  // \f
            case 0x75:  // u
                var hex = ""
                for _ in 0..<4 {
                    guard let digit = units.next(), let scalar = Unicode.Scalar(digit) else { return nil }
                    hex.append(Character(scalar))
                }
                guard let value = UInt16(hex, radix: 16) else { return nil }
                out.append(value)
            default: return nil
            }
        default: out.append(unit)
        }
    }
    return String(decoding: out, as: UTF16.self)
}

/// A value as sorted-key JSON (fragments allowed), or `nil` for nil.
func canonical(_ value: Any?) -> String {
    guard let value else { return "nil" }
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: options) else {
        return "<unserializable \(value)>"
    }
    return String(decoding: data, as: UTF8.self)
}

/// A `_fetchQueue` result holding `messages`.
func batch(_ messages: [Any]) -> String {
    canonical(messages)
}

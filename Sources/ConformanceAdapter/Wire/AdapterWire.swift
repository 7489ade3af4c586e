import Foundation
import StrictJSON

/// The line format of the out-of-process adapter protocol (`spec/adapter-protocol.md`), shared by both
/// ends: one JSON object per line (ADP-2), encoded from and decoded into `HarnessMessage` and
/// `TesteeMessage`, with errors that name the field that is missing or mistyped (ADP-15).
package enum AdapterWire {
    /// The protocol version this kit speaks (ADP-6).
    package static let protocolVersion = 1

    /// The `hello` capability of a testee that marks its standard error (ADP-16).
    package static let standardErrorMarksCapability = "stderr-marks"

    /// The `hello` capability of a testee whose web view carries page loads and their events, script messages,
    /// user scripts and the app's navigation delegate across the protocol (ADP-19 to ADP-24).
    package static let webViewCapability = "web-view"

    /// The `hello` capability of a testee that serves many cases, one after another, in one process:
    /// it ends a case when asked (`endCase`) and makes a fresh adapter for the next one (ADP-17).
    package static let persistentCapability = "persistent"

    /// The `hello` capability of a testee that serves a messageHandler container (`AdapterHost.serveContainer`):
    /// it takes the container requests (ADP-25, ADP-26) instead of the WVJB ones.
    package static let containerCapability = "container"

    /// The `hello` capability of a container testee that answers synchronous calls (`SupportsSynchronousCalls`).
    package static let synchronousCallsCapability = "synchronous-calls"

    /// What a testee that offers `stderr-marks` writes to standard error, on a line of its own, just before
    /// each message it writes (ADP-16): the record separator U+001E, then `wvjb-adapter-mark`.
    package static let standardErrorMark = "\u{1E}wvjb-adapter-mark"

    /// The most bytes a message line may have before its line feed (ADP-18): a testee that writes a longer
    /// one is ended and its case is an adapter error, so that no line costs the harness more than this.
    package static let maximumLineLength = 16 << 20

    /// The most bytes of message lines a testee may write in one case, line feeds not counted (ADP-18.d):
    /// four lines of the longest kind. A testee that writes more is ended and its case is an adapter error,
    /// so that what a case's messages make the harness hold (their data in the transcript, in the page)
    /// stays bounded however many messages a testee writes.
    package static let caseMessageLimit = 64 << 20

    /// The most bytes of one native log line the harness keeps, from standard error or a `log` effect:
    /// its first and last half (ADP-18).
    package static let standardErrorLineLimit = 64 << 10

    /// The most bytes of native log lines a case records, `log` effects and standard error together: the
    /// first lines that fit; the rest are counted in one line at the end of the case (ADP-18).
    package static let logLimit = 256 << 10

    /// The most bytes of standard error lines the harness holds before it records them: the lines a testee
    /// writes ahead of its messages (ADP-18).
    package static let standardErrorBacklogLimit = 1 << 20

    /// One message as a line, without its line feed: canonical JSON (sorted keys, printable ASCII, so no
    /// raw line feed), however deep its data.
    package static func line(of message: some Encodable) -> String {
        do {
            return CanonicalJSON.encode(try JSONValueEncoder.encode(message))
        } catch {
            // Messages hold strings, integers, booleans and `WireData`, whose encoders never throw.
            preconditionFailure("an adapter protocol message could not be encoded: \(error)")
        }
    }

    /// Decodes one line: the strict parser (the protocol's JSON, ADP-2), then the typed message; fields a
    /// later version may add are ignored.
    /// - Parameters:
    ///   - type: `HarnessMessage` or `TesteeMessage`.
    ///   - line: The line, without its line feed.
    ///   - sender: Who sent it (`the testee`, `the harness`), for the error.
    /// - Throws: `AdapterFailure` (protocol violation) saying what is wrong with the line.
    package static func decode<Message: Decodable>(_ type: Message.Type, from line: String, sentBy sender: String)
        throws(AdapterFailure) -> Message
    {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw .protocolViolation(
                "a line that is not JSON (\(error)): \(PrintableText.abbreviate(line, limit: 160))", by: sender)
        }
        do {
            return try JSONValueDecoder.decode(Message.self, from: value, unknownFields: .ignored)
        } catch let error as DecodingError {
            throw .protocolViolation("\(describe(error)): \(PrintableText.abbreviate(line, limit: 160))", by: sender)
        } catch {
            throw .protocolViolation(
                "a line that is not a message (\(error)): \(PrintableText.abbreviate(line, limit: 160))", by: sender)
        }
    }

    /// What a decoding error means, in the protocol's terms.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath.map(\.stringValue) + (key.map { [$0.stringValue] } ?? [])
            return keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return key.stringValue == "type" && context.codingPath.isEmpty
                ? "a JSON object without a string \"type\""
                : "a message without its \"\(path(context, key))\" field"
        case .typeMismatch(let type, let context):
            return context.codingPath.isEmpty
                ? "a line that is not a JSON object"
                : "a message whose \"\(path(context))\" is not \(expectedKind(type))"
        case .valueNotFound(let type, let context):
            return "a message whose \"\(path(context))\" is null instead of \(expectedKind(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "a line that is not a message (\(context.debugDescription))"
                : "a message whose \"\(path(context))\" is wrong: \(context.debugDescription)"
        @unknown default:
            return "a line that is not a message (\(error))"
        }
    }

    private static func expectedKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type: "a non-negative integer"
        default: "of the right type (\(type))"
        }
    }
}

extension KeyedDecodingContainer {
    /// A number that identifies something (ADP-5): a non-negative integer.
    func decodeIdentifier(forKey key: Key) throws -> Int {
        let number = try decode(Int.self, forKey: key)
        guard number >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "\(number) is negative; numbers that identify things are non-negative integers (ADP-5)")
        }
        return number
    }

    /// Message data (ADP-4): nil when the field is absent, JSON null (`NSNull`) when it is `null`.
    func decodeData(forKey key: Key) throws -> WireData? {
        contains(key) ? try decode(WireData.self, forKey: key) : nil
    }

    /// A name from a closed list (an event, a navigation type, a delegate method): any other string is
    /// refused, naming the list.
    /// - Parameters:
    ///   - key: The field.
    ///   - names: The names the field may hold, for the error.
    ///   - value: The value a name stands for; nil for a name that is not on the list.
    func decodeName<Value>(forKey key: Key, among names: [String], _ value: (String) -> Value?) throws -> Value {
        let name = try decode(String.self, forKey: key)
        guard let named = value(name) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\(JSONValueDecoder.quoted(name)) is not one of \(names.joined(separator: ", "))")
        }
        return named
    }

    /// Like `decodeIdentifier(forKey:)`, nil when the field is absent.
    func decodeIdentifierIfPresent(forKey key: Key) throws -> Int? {
        contains(key) ? try decodeIdentifier(forKey: key) : nil
    }
}

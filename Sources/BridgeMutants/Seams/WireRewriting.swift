import ConformanceKit
import Foundation
import ReferenceBridgeCore
import StrictJSON
import WireDialects

/// Reading and rewriting what crosses the web-view seam: the message of a delivery command, and the
/// messages of a fetch result. A defect that changes nothing leaves the text as it was.
enum WireRewriting {
    /// A native call as the reference builds it (MSG-7): the handler name, and the data when there is some.
    static func call(_ name: String, data: Any?) -> [String: Any] {
        let keys = WireDialect.canonical.keys
        return data.map { [keys.handlerName: name, keys.data: $0] } ?? [keys.handlerName: name]
    }

    /// The delivery command of a native call, serialized and escaped as the reference does; nil when
    /// the data cannot be serialized.
    static func command(forCall name: String, data: Any?) -> String? {
        guard let json = try? JSONSerialization.data(withJSONObject: call(name, data: data), options: [.sortedKeys])
        else { return nil }
        return MessageEscaper.handleMessageCommand(forMessageJSON: String(decoding: json, as: UTF8.self))
    }

    /// The message a delivery command of the reference carries, or nil for any other script.
    static func message(inCommand command: String) -> [String: JSONValue]? {
        guard let json = WireInspector.literalText(ofCommand: command, in: .canonical),
            case .object(let message)? = try? JSONParser.parse(json)
        else { return nil }
        return message
    }

    /// The delivery command for `message`, escaped as the reference escapes.
    static func command(for message: [String: JSONValue]) -> String {
        MessageEscaper.handleMessageCommand(forMessageJSON: JSONValue.object(message).canonicalText)
    }

    /// The delivery command of a response to the JS call `callbackID`, answering `answer` (nil answers
    /// null, MSG-2), escaped as the reference escapes; nil when the answer cannot be serialized.
    static func response(to callbackID: JSONValue, answer: Any?) -> String? {
        let keys = WireDialect.canonical.keys
        guard let data = try? JSONValue(foundation: answer ?? NSNull()) else { return nil }
        return command(for: [keys.responseID: callbackID, keys.responseData: data])
    }

    /// The callback id (nil for none) of each call in a fetch result that one of the handlers `names`
    /// gets, in batch order: what the reference hands those handlers' responders, call by call.
    static func callbackIDsOfCalls(in result: String?, handledBy names: Set<String>) -> [JSONValue?] {
        let keys = WireDialect.canonical.keys
        return (batch(result) ?? []).compactMap { element -> JSONValue?? in
            guard let message = element.members, message[keys.responseID] == nil,
                case .string(let name)? = message[keys.handlerName], names.contains(name)
            else { return nil }
            return .some(message[keys.callbackID])
        }
    }

    /// Rewrites the message of a delivery command with `change`; other scripts are returned unchanged.
    static func rewritingMessage(of command: String, _ change: (inout [String: JSONValue]) -> Void) -> String {
        guard var message = message(inCommand: command) else { return command }
        let original = message
        change(&message)
        return message == original ? command : Self.command(for: message)
    }

    /// The elements of a fetch result that is a JSON array, or nil (nil, not JSON as the
    /// reference reads it, or not an array).
    static func batch(_ result: String?) -> [JSONValue]? {
        guard let result, case .array(let elements)? = try? JSONParser.parse(result, loneSurrogates: .reject) else {
            return nil
        }
        return elements
    }

    /// Rewrites the elements of a fetch result that is an array with `change`; anything else
    /// (and a batch `change` leaves as it was) is returned unchanged.
    static func rewritingBatch(_ result: String?, _ change: (inout [JSONValue]) -> Void) -> String? {
        guard var elements = batch(result) else { return result }
        let original = elements
        change(&elements)
        return elements == original ? result : JSONValue.array(elements).canonicalText
    }
}

extension JSONValue {
    /// The members of an object, or nil.
    var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

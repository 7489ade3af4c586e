import ConformanceBrowser
import StrictJSON

extension Transcript {
    /// Whether the native side sent data that differ from what it was handed in numbers or booleans only: a native
    /// call whose data is not what the case called it with, or an answer to a JS call that is the call's data with
    /// its numbers or booleans changed though the handler got them unchanged (an echoing handler's). Shape and
    /// strings are the same, so no escape and no other message made the difference: the native side converted the
    /// data before it serialized them, and whatever the page did with them shows the same change.
    package var sentDataChangedOnTheWayOut: Bool {
        let keys = dialect.keys
        let delivered = decodedNativeMessages
        func changed(_ sent: JSONValue?, from handed: JSONValue?) -> Bool {
            guard let sent, let handed, sent != handed else { return false }
            return sent.hasTheStrings(of: handed)
        }
        // Native calls, handler by handler in the order the case made them.
        var handed: [String: [JSONValue?]] = [:]
        for case .adapterAction(.callHandler(let name, let data, _)) in events {
            handed[name, default: []].append(data)
        }
        var sentCalls: [String: [JSONValue?]] = [:]
        for message in delivered where message.member(keys.responseID) == nil {
            guard case .string(let name)? = message.member(keys.handlerName) else { continue }
            sentCalls[name, default: []].append(message.member(keys.data))
        }
        for (name, calls) in sentCalls {
            if zip(calls, handed[name] ?? []).contains(where: { changed($0, from: $1) }) { return true }
        }
        // Answers to JS calls, against the data of the call each names, where its handler got those data unchanged
        // (a handler that got them changed is MSG-3's, and answers what it got).
        var callData: [JSONValue: JSONValue] = [:]
        for message in fetchedMessages where message.member(keys.responseID) == nil {
            guard let id = message.member(keys.callbackID), let data = message.member(keys.data),
                case .string(let name)? = message.member(keys.handlerName),
                nativeHandlerInvocations(name).contains(data)
            else { continue }
            callData[id] = data
        }
        return delivered.contains { message in
            guard let id = message.member(keys.responseID), let data = callData[id] else { return false }
            return changed(message.member(keys.responseData), from: data)
        }
    }
}

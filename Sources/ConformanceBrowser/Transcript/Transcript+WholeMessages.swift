import StrictJSON

/// What a transcript shows of the values the JS side handed the page's response callbacks, whatever the case
/// checked: a JS side that passes the whole response it was delivered, where DISP-4.a asks for its
/// `responseData`, gives every callback of the page a wrong value, and every check that reads an answer fails
/// for that reason.
extension Transcript {
    /// Whether a JS response callback got a whole response message instead of its `responseData`: an object
    /// with the `responseId` key and no other key but `responseData` (in the run's words). The shape is what is
    /// compared, not the deliveries: a case may craft its responses inside a larger script, which is no
    /// command the transcript can read.
    package var gaveAJSCallbackAWholeResponse: Bool {
        let keys = dialect.keys
        return events.contains { event in
            guard case .jsCallbackInvoked(_, let data?) = event else { return false }
            return data.isShapedLikeMessage(ownKey: keys.responseID, otherKeys: [keys.responseData])
        }
    }
}

extension JSONValue {
    /// The member `key` of an object; nil for a missing key or a non-object.
    package func member(_ key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// Whether this is an object shaped like a message of one kind: with `ownKey` (`responseId` for a response,
    /// `handlerName` for a call), and no key but it and `otherKeys`.
    package func isShapedLikeMessage(ownKey: String, otherKeys: Set<String>) -> Bool {
        guard case .object(let members) = self, members[ownKey] != nil else { return false }
        return members.keys.allSatisfy { $0 == ownKey || otherKeys.contains($0) }
    }
}

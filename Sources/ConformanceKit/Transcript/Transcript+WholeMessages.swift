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
            guard case .jsCallbackInvoked(_, .object(let members)?) = event, members[keys.responseID] != nil else {
                return false
            }
            return members.keys.allSatisfy { $0 == keys.responseID || $0 == keys.responseData }
        }
    }
}

import ConformanceBrowser
import StrictJSON

extension Transcript {
    /// Whether the native side sent a response whose `responseId` is the `callbackId` of no call the JS side
    /// sent, on any page (a response held for the next page still names its call on the page before): then
    /// an answer the page waited for was lost on the way, whatever else the case checked. False when no call
    /// with a `callbackId` was fetched: then what the JS side sent is unknown (a fetch command the transcript
    /// does not recognise), not answered wrongly.
    package var sentSomeResponseNamingNoCall: Bool {
        let keys = dialect.keys
        let issued = Set(
            fetchedMessages.compactMap { message -> JSONValue? in
                message.member(keys.responseID) == nil ? message.member(keys.callbackID) : nil
            })
        guard !issued.isEmpty else { return false }
        return decodedNativeMessages.contains { message in
            guard let id = message.member(keys.responseID) else { return false }
            return !issued.contains(id)
        }
    }
}

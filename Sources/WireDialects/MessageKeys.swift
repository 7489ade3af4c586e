/// The keys of a message object on the wire: a call has a handler name, maybe data and maybe a callback
/// id; a response has the id of the call it answers and the answer.
public struct MessageKeys: Hashable, Sendable {
    /// The handler a call is for.
    public let handlerName: String
    /// A call's data.
    public let data: String
    /// The id a call carries when its caller waits for an answer.
    public let callbackID: String
    /// The id a response carries: the call's callback id. Its presence makes a message a response.
    public let responseID: String
    /// A response's answer.
    public let responseData: String

    /// Creates the keys.
    /// - Parameters:
    ///   - handlerName: The handler name key.
    ///   - data: The data key.
    ///   - callbackID: The callback id key.
    ///   - responseID: The response id key.
    ///   - responseData: The response data key.
    public init(handlerName: String, data: String, callbackID: String, responseID: String, responseData: String) {
        self.handlerName = handlerName
        self.data = data
        self.callbackID = callbackID
        self.responseID = responseID
        self.responseData = responseData
    }

    /// Every key, in the order above.
    public var all: [String] { [handlerName, data, callbackID, responseID, responseData] }
}

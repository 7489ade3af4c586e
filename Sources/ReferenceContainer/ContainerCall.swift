import Foundation

/// One call of the page to the container (spec/container.md, MHCALL-1): the body a script message carries, or the
/// JSON text a synchronous call's `prompt()` carries.
struct ContainerCall {
    /// The module the call names.
    var handler: String
    /// The operation of `handler` the call names.
    var action: String
    /// The call's `params`, as WebKit converted them; nil when absent.
    var params: Any?
    /// The id to answer with; nil for a call without callback (never answered, MHCALL-3).
    var callbackID: String?
    /// The JS function the page asked to be answered through.
    var callbackFunction: String?

    /// The call a script message's body holds; nil when the body is not a call.
    init?(body: Any) {
        guard let fields = body as? [String: Any], let handler = fields["handler"] as? String,
            let action = fields["action"] as? String
        else { return nil }
        self.handler = handler
        self.action = action
        params = fields["params"].flatMap { $0 is NSNull ? nil : $0 }
        callbackID = fields["callbackId"] as? String
        callbackFunction = fields["callbackFunction"] as? String
    }

    /// The synchronous call `prompt()`'s text holds; nil when the text is not a call's JSON body (an app's own
    /// prompt).
    init?(promptText: String) {
        guard let data = promptText.data(using: .utf8),
            let body = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        self.init(body: body)
    }

    /// The function the answer goes through: the one the page named when it is a dotted path of identifiers,
    /// `callbackDispatcher` otherwise, so that no text of the page is evaluated as code (MHCALL-4).
    var answerFunction: String {
        guard let callbackFunction, Self.isIdentifierPath(callbackFunction) else { return "callbackDispatcher" }
        return callbackFunction
    }

    /// Whether `text` is `name(.name)*` with ASCII identifier names.
    private static func isIdentifierPath(_ text: String) -> Bool {
        let names = text.split(separator: ".", omittingEmptySubsequences: false)
        return names.allSatisfy { name in
            guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else {
                return false
            }
            return name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "$")
            }
        }
    }
}

import ConformanceBrowser
import StrictJSON
import WireDialects

/// What a program's run showed that the spec lets a caller rely on, canonicalized so that the freedoms
/// implementations have (callback ids, key order, escapes, evaluation style, the turn work happens on)
/// are not differences.
///
/// Three ordered channels, compared separately because the spec orders each but not their interleaving:
/// what the page's JS handlers and callbacks got (per page), what the native handlers and callbacks got,
/// and the messages the native side delivered (parsed, ids renamed by first appearance). Warnings are
/// compared by number only: their wording is the implementation's.
package struct ExploreObservation: Equatable, Sendable {
    /// One observed event.
    package struct Item: Equatable, Sendable {
        /// What kind of event it is.
        package enum Kind: String, Sendable {
            case javaScriptHandler = "JS handler"
            case javaScriptCallback = "JS callback"
            case pageError = "uncaught page error"
            case nativeHandler = "native handler"
            case nativeCallback = "native callback"
            case call = "native call on the wire"
            case response = "native response on the wire"
            case navigation = "navigation decision"
            case scriptMessage = "script message posted"
            case fetch = "native fetch of the queue"
        }

        /// What the detail of a JS handler that ran inside the native evaluation that delivered its call ends with.
        package static let insideNativeEvaluation = ", inside the native evaluation"

        /// The kind.
        package var kind: Kind
        /// The handler name or callback label.
        package var subject: String
        /// The data (canonical JSON, `nil`), and for JS handlers whether a responder came with it.
        package var detail: String
        /// For handlers and callbacks, the data alone (`detail` without the responder); the detail otherwise.
        package var data: String
        /// The page it happened in (1 is the first page the program loads).
        package var page: Int
        /// The program step during which it happened (`steps` for after the last one).
        package var step: Int

        /// What two runs must agree on: everything but the step (when it happens within its channel's
        /// order is the implementation's freedom).
        package var signature: String { "page \(page): \(kind.rawValue) \(subject) got \(detail)" }
        /// The detail with every callback id written `<id>`, for messages; the detail otherwise.
        package var detailWithoutIdentifiers: String
        /// For messages, the canonical message with its ids as sent; the detail otherwise.
        package var rawDetail: String
        /// The signature with callback ids left out: runs whose messages differ only there sent the same
        /// messages but paired their ids otherwise (a reused id, a response to another call).
        package var signatureWithoutIdentifiers: String {
            "page \(page): \(kind.rawValue) \(subject) got \(detailWithoutIdentifiers)"
        }
    }

    /// What JS handlers and callbacks got, and uncaught page errors, in order.
    package var javaScriptSide: [Item] = []
    /// What native handlers and callbacks got, in order.
    package var nativeSide: [Item] = []
    /// The messages the native side delivered, canonical, in order.
    package var wire: [Item] = []
    /// The page's signals to the native side, in order: the navigation delegate's decisions, and the script
    /// messages the page posted (the signals of a dialect that signals so).
    package var navigations: [Item] = []
    /// What the native side logged (with traffic logging off, as programs leave it: warnings), in order.
    package var warnings: [String] = []

    /// Reads the observation off a run's transcript.
    /// - Parameters:
    ///   - transcript: The run's transcript.
    ///   - stepStarts: Where each step began, then the end (`ExploreExecution.Steps`).
    package init(transcript: Transcript, stepStarts: [Int]) {
        var page = 0, step = 0
        let dialect = transcript.dialect
        var ids = IdentifierNames(keys: dialect.keys)
        for (index, entry) in transcript.entries.enumerated() {
            while step < stepStarts.count, index >= stepStarts[step] { step += 1 }
            let currentStep = max(0, step - 1)
            func item(
                _ kind: Item.Kind, _ subject: String, _ detail: String, data: String? = nil,
                withoutIdentifiers: String? = nil, raw: String? = nil
            ) -> Item {
                Item(
                    kind: kind, subject: subject, detail: detail, data: data ?? detail, page: page, step: currentStep,
                    detailWithoutIdentifiers: withoutIdentifiers ?? detail, rawDetail: raw ?? detail)
            }
            switch entry.event {
            case .pageLoaded:
                page += 1
            case let .jsHandlerInvoked(name, data, hasResponder, duringNativeEvaluation):
                // Inside the delivering evaluation or on a later turn: the alert safety's state (SAFE-1, SAFE-4).
                let shown = Self.show(data)
                javaScriptSide.append(
                    item(
                        .javaScriptHandler, name,
                        shown + (hasResponder ? " with a responder" : " without a responder")
                            + (duringNativeEvaluation ? Item.insideNativeEvaluation : ""),
                        data: shown))
            case let .jsCallbackInvoked(label, data):
                javaScriptSide.append(item(.javaScriptCallback, label, Self.show(data)))
            case .uncaughtError:
                javaScriptSide.append(item(.pageError, "", "an exception"))
            case let .nativeHandlerInvoked(name, data):
                nativeSide.append(item(.nativeHandler, name, Self.show(data)))
            case let .nativeCallbackInvoked(label, data):
                nativeSide.append(item(.nativeCallback, label, Self.show(data)))
            case let .evaluationStarted(_, style, command) where style != .harness:
                guard let message = command.deliveredMessage else {
                    let script = command.script
                    // FLUSH-1: one fetch per queue URL, spelled exactly (the JS side's source names it too).
                    if script.utf16.count < 256, script.contains(dialect.fetchFunction) {
                        wire.append(item(.fetch, "", script))
                    }
                    continue
                }
                let isResponse = message.member(dialect.keys.responseID) != nil
                wire.append(
                    item(
                        isResponse ? .response : .call, "", ids.renaming(message).canonicalText,
                        withoutIdentifiers: ids.blanking(message).canonicalText, raw: message.canonicalText))
            case let .navigationDecided(_, url, policy, _):
                navigations.append(item(.navigation, url, policy.rawValue))
            case let .scriptMessagePosted(name, body):
                navigations.append(item(.scriptMessage, name, Self.show(body)))
            case .nativeLog(let line):
                warnings.append(line)
            default:
                continue
            }
        }
    }

    private static func show(_ data: JSONValue?) -> String { data?.displayText ?? "nil" }

    /// Gives callback ids canonical names in order of first appearance, as callback id or response id.
    private struct IdentifierNames {
        /// The keys of the transcript's dialect.
        let keys: MessageKeys
        private var names: [String: String] = [:]

        init(keys: MessageKeys) {
            self.keys = keys
        }

        /// The message with every callback id written `<id>` (`<number id>` and so on for ids that are
        /// not strings: ID-3 keeps an id's JSON type).
        func blanking(_ message: JSONValue) -> JSONValue {
            guard case .object(var members) = message else { return message }
            for key in [keys.callbackID, keys.responseID] {
                guard let id = members[key] else { continue }
                members[key] = .string("<\(Self.typePrefix(id))id>")
            }
            return .object(members)
        }

        private static func typePrefix(_ id: JSONValue) -> String {
            switch id {
            case .string: ""
            case .number: "number "
            case .bool: "boolean "
            case .null: "null "
            case .array: "array "
            case .object: "object "
            }
        }

        mutating func renaming(_ message: JSONValue) -> JSONValue {
            guard case .object(var members) = message else { return message }
            for key in [keys.callbackID, keys.responseID] {
                guard let id = members[key] else { continue }
                let text = id.canonicalText
                let name = names[text] ?? "id\(names.count + 1)"
                names[text] = name
                members[key] = .string("<\(Self.typePrefix(id))\(name)>")
            }
            return .object(members)
        }
    }
}

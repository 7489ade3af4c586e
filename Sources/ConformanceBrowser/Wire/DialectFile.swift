import ConformanceAdapter
import ConformanceSupport
import Foundation
import StrictJSON
import WireDialects

/// A wire dialect given as a file (`conformance run --profile mybridge.dialect.json`): a third profile
/// beside the shipped ones, without code. Format: `Fixtures/schemas/dialect.schema.json`, documented in
/// `docs/dialects.md`.
///
/// The file gives the dialect's words and signals; which clauses hold in it follows from them
/// (`DialectApplicability`), and the kit's scripts are had in it by renaming those of the shipped dialect
/// that signals the same way (`HarnessEnvironment.kitScript`).
extension WireDialect {
    /// Reads a dialect file, checking every field: a missing or unreadable file, text that is not JSON, an
    /// unknown or missing field, a word that is not a JavaScript identifier, a signal that is neither a
    /// navigation nor a script message, a word two fields share (naming both), `__proto__` (which JavaScript
    /// keeps for an object's prototype), a name the kit's scripts renamed into the dialect already use for
    /// something else (`RenamedScriptNames`: `push`, `window`, the prelude's `conformance`) and a name a shipped
    /// profile has are all refused, naming the field.
    /// - Parameter url: The file.
    /// - Returns: The dialect.
    /// - Throws: `HarnessError` (`invalidInput`) naming the file and the field, for example
    ///   `mine.json: keys.callbackID: "call back" is not a JavaScript identifier`.
    public static func load(from url: URL) throws(HarnessError) -> WireDialect {
        let file = FixtureFile(
            userFile: url,
            remedy: "Check the path; the format is Fixtures/schemas/dialect.schema.json (docs/dialects.md).")
        let dialect: WireDialect
        do throws(FixtureFile.Failure) {
            dialect = try file.decode(DialectDocument.self).dialect
        } catch {
            throw error.harnessError
        }
        let fields = dialect.wordFields
        for (index, (field, word)) in fields.enumerated() {
            if word == "__proto__" {
                throw HarnessError(
                    code: .invalidInput,
                    message:
                        "\(url.path): \(field): \"__proto__\" is a name JavaScript keeps for an object's prototype (writing it replaces the prototype, an object literal cannot hold it as a key), so no bridge can use it as a word; choose another"
                )
            }
            if let earlier = fields[..<index].first(where: { $0.word == word }) {
                throw HarnessError(
                    code: .invalidInput,
                    message:
                        "\(url.path): \(field): \"\(word)\" is \(earlier.field)'s word too; give each field a word of its own"
                )
            }
        }
        let renamedScripts = try RenamedScriptNames(renamedInto: dialect)
        for (field, word) in fields {
            if let use = renamedScripts.clash(with: word) {
                throw HarnessError(
                    code: .invalidInput,
                    message: """
                        \(url.path): \(field): "\(word)" is a name the kit's scripts already use in this dialect \
                        (\(use)); renamed into a dialect with that word they would break; choose another
                        """)
            }
        }
        if shipped.contains(where: { $0.name == dialect.name }) {
            throw HarnessError(
                code: .invalidInput,
                message:
                    "\(url.path): name: \"\(dialect.name)\" is a shipped profile's name; give your dialect a name of its own"
            )
        }
        return dialect
    }
}

extension WireDialect {
    /// Each word of the dialect with the field of a dialect file that gives it, in the file's order: the words
    /// scripts are renamed by (`DialectRenaming`), which must differ from one another.
    var wordFields: [(field: String, word: String)] {
        var fields: [(field: String, word: String)] = [
            ("javaScriptGlobal", javaScriptGlobal), ("registerHandlerFunction", registerHandlerFunction),
            ("callHandlerFunction", callHandlerFunction), ("deliveryFunction", deliveryFunction),
            ("fetchFunction", fetchFunction), ("pageSetupFunction", pageSetupFunction),
            ("waitingCallbacksGlobal", waitingCallbacksGlobal),
        ]
        for (name, signal) in [("loadSignal", loadSignal), ("queueSignal", queueSignal)] {
            switch signal {
            case .navigation(let navigation): fields.append(("\(name).navigation.host", navigation.host))
            case .scriptMessage(let handlerName): fields.append(("\(name).scriptMessage", handlerName))
            }
        }
        fields += zip(KeysField.CodingKeys.allCases, keys.all).map { ("keys.\($0.rawValue)", $1) }
        fields += [
            ("callbackIDs.nativePrefix", callbackIDs.nativePrefix),
            ("callbackIDs.javaScriptPrefix", callbackIDs.javaScriptPrefix),
        ]
        if let disableSafetyTimeoutHandler { fields.append(("safetyTimeoutSwitch", disableSafetyTimeoutHandler)) }
        if let initializeFunction = pageSetupShape.initializeFunction {
            fields.append(("readyObject.initializeFunction", initializeFunction))
        }
        fields.append(("nativeSideWord", nativeSideWord))
        return fields
    }
}

/// The file's document: format, version and the dialect's fields.
private struct DialectDocument: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case format, version, name, javaScriptGlobal, registerHandlerFunction, callHandlerFunction, deliveryFunction
        case fetchFunction, pageSetupFunction, waitingCallbacksGlobal, loadSignal, queueSignal, keys, callbackIDs
        case safetyTimeoutSwitch, nativeSideWord, readyObject
    }

    let dialect: WireDialect

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        try fields.expectConstant("wvjb-conformance-dialect", forKey: .format)
        try fields.expectConstant(1, forKey: .version)
        dialect = WireDialect(
            name: try fields.decodeDottedID(allowing: "-", kind: "a profile name", forKey: .name),
            javaScriptGlobal: try fields.decodeIdentifier(forKey: .javaScriptGlobal),
            registerHandlerFunction: try fields.decodeIdentifier(forKey: .registerHandlerFunction),
            callHandlerFunction: try fields.decodeIdentifier(forKey: .callHandlerFunction),
            deliveryFunction: try fields.decodeIdentifier(forKey: .deliveryFunction),
            fetchFunction: try fields.decodeIdentifier(forKey: .fetchFunction),
            pageSetupFunction: try fields.decodeIdentifier(forKey: .pageSetupFunction),
            waitingCallbacksGlobal: try fields.decodeIdentifier(forKey: .waitingCallbacksGlobal),
            loadSignal: try fields.decode(SignalField.self, forKey: .loadSignal).signal,
            queueSignal: try fields.decode(SignalField.self, forKey: .queueSignal).signal,
            keys: try fields.decode(KeysField.self, forKey: .keys).keys,
            callbackIDs: try fields.decode(CallbackIDsField.self, forKey: .callbackIDs).forms,
            disableSafetyTimeoutHandler: try fields.decodeNil(forKey: .safetyTimeoutSwitch)
                ? nil : try fields.decodeIdentifier(forKey: .safetyTimeoutSwitch),
            nativeSideWord: try fields.decodeIdentifier(forKey: .nativeSideWord),
            pageSetupShape: try fields.decodeIfPresent(ReadyObjectField.self, forKey: .readyObject)?.shape
                ?? .waitingCallbacks)
    }
}

/// `{"initializeFunction": "_initialize"}`: the page set-up is an SDK object (`waitingCallbacksGlobal`) with a
/// ready method (`pageSetupFunction`), which the JS side starts by calling this method of it once injected.
private struct ReadyObjectField: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case initializeFunction }

    let shape: PageSetupShape

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        shape = .readyObject(initializeFunction: try fields.decodeIdentifier(forKey: .initializeFunction))
    }
}

/// `{"navigation": {"schemes": ["https"], "host": "__x__"}}` or `{"scriptMessage": "handlerName"}`.
private struct SignalField: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case navigation, scriptMessage }
    private enum NavigationKeys: String, CodingKey, CaseIterable { case schemes, host }

    let signal: WireSignal

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        switch (fields.contains(.navigation), fields.contains(.scriptMessage)) {
        case (true, false):
            let navigation = try fields.nestedContainer(keyedBy: NavigationKeys.self, forKey: .navigation)
            let schemes = try navigation.decode([String].self, forKey: .schemes)
            guard !schemes.isEmpty, schemes.allSatisfy(Self.isScheme) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .schemes, in: navigation,
                    debugDescription:
                        "must list one URL scheme or more, in lowercase (the first is the one the JS side writes)")
            }
            let host = try navigation.decode(String.self, forKey: .host)
            guard !host.isEmpty, host.utf8.allSatisfy({ Self.isHostByte($0) }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .host, in: navigation,
                    debugDescription:
                        "\(JSONValueDecoder.quoted(host)) is not a host (lowercase letters, digits, _ - and .)")
            }
            signal = .navigation(NavigationSignal(schemes: schemes, host: host))
        case (false, true):
            signal = .scriptMessage(handlerName: try fields.decodeIdentifier(forKey: .scriptMessage))
        default:
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "give either \"navigation\" ({\"schemes\": [...], \"host\": ...}) or \"scriptMessage\" (a handler name)"
                ))
        }
    }

    private static func isScheme(_ scheme: String) -> Bool {
        guard let first = scheme.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return scheme.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

/// The five message keys.
private struct KeysField: Decodable {
    /// The file's names of the keys, in `MessageKeys.all`'s order.
    fileprivate enum CodingKeys: String, CodingKey, CaseIterable {
        case handlerName, data, callbackID, responseID, responseData
    }

    let keys: MessageKeys

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        keys = MessageKeys(
            handlerName: try fields.decodeIdentifier(forKey: .handlerName),
            data: try fields.decodeIdentifier(forKey: .data),
            callbackID: try fields.decodeIdentifier(forKey: .callbackID),
            responseID: try fields.decodeIdentifier(forKey: .responseID),
            responseData: try fields.decodeIdentifier(forKey: .responseData))
    }
}

/// The prefixes of the callback ids each side makes.
private struct CallbackIDsField: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case nativePrefix, javaScriptPrefix }

    let forms: CallbackIDForms

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        forms = CallbackIDForms(
            nativePrefix: try fields.decodeIdentifier(forKey: .nativePrefix),
            javaScriptPrefix: try fields.decodeIdentifier(forKey: .javaScriptPrefix))
    }
}

extension KeyedDecodingContainer {
    /// A plain JavaScript identifier (ASCII letters, digits, `_` and `$`, not starting with a digit): the only
    /// form a dialect's words take, so that scripts can be renamed into them word for word.
    /// - Throws: `DecodingError` when the field is missing, not a string, or not such an identifier.
    fileprivate func decodeIdentifier(forKey key: Key) throws -> String {
        let word = try decode(String.self, forKey: key)
        let isPart = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
        guard let first = word.utf8.first, isPart(first),
            word.utf8.allSatisfy({ isPart($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "\(JSONValueDecoder.quoted(word)) is not a JavaScript identifier (ASCII letters, digits, _ and $)")
        }
        return word
    }
}

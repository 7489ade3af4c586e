import ConformanceExplore
import ConformanceSupport
import Foundation
import StrictJSON
import WireDialects

@testable import ConformanceBrowser

/// Dialect files drawn at random within the schema (`Fixtures/schemas/dialect.schema.json`), from a seed: the
/// words (made-up ones, common English ones, and the canonical dialect's own words in other places), the
/// signals (navigation to any scheme and host, or script messages, each signal apart), one scheme or two, the
/// safety timeout or none, and WVJB's page snippet or a page SDK object (`readyObject`). Same seed, same files.
struct RandomDialectFile {
    /// A file the loader accepted, and the files it refused before it with their errors.
    struct Draw {
        let text: String
        let dialect: WireDialect
        let refusals: [(text: String, error: String)]
    }

    private var random: ExploreRandom
    private let seed: UInt64
    private var used: Set<String> = []

    init(seed: UInt64) {
        self.seed = seed
        random = ExploreRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    }

    /// Draws files until the loader accepts one (at most `attempts`), writing each to `folder`.
    /// - Throws: When no file of `attempts` loads.
    mutating func draw(in folder: URL, attempts: Int = 40) throws -> Draw {
        var refusals: [(text: String, error: String)] = []
        for attempt in 1...attempts {
            let text = document(number: attempt)
            let file = folder.appendingPathComponent("random-\(seed)-\(attempt).dialect.json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            do throws(HarnessError) {
                return Draw(text: text, dialect: try WireDialect.load(from: file), refusals: refusals)
            } catch {
                refusals.append((text, error.message))
            }
        }
        throw HarnessError(code: .invalidInput, message: "no random dialect of seed \(seed) loaded: \(refusals)")
    }

    /// One dialect file's text.
    private mutating func document(number: Int) -> String {
        used = []
        let keys = ["handlerName", "data", "callbackID", "responseID", "responseData"]
        let keyPool = [
            "name", "handler", "payload", "body", "args", "params", "id", "cid", "rid", "reply", "result", "response",
            "value", "data", "handlerName", "callbackId", "responseId", "responseData", "action", "topic",
        ]
        var fields: [String: JSONValue] = [
            "format": "wvjb-conformance-dialect", "version": 1, "name": .string("random-\(seed)-\(number)"),
            "javaScriptGlobal": .string(
                word(from: ["Bridge", "NativeBridge", "AppBridge", "Hybrid", "JSBridge"], capital: true)),
            "registerHandlerFunction": .string(word(from: ["on", "register", "handle", "listen", "subscribe"])),
            "callHandlerFunction": .string(word(from: ["send", "call", "invoke", "emit", "request", "callHandler"])),
            "deliveryFunction": .string("_" + word(from: ["receive", "deliver", "dispatch", "fromNative"])),
            "fetchFunction": .string("_" + word(from: ["fetchQueue", "take", "drain", "flush"])),
            "pageSetupFunction": .string("with" + word(from: ["Bridge", "Native", "Host"], capital: true)),
            "waitingCallbacksGlobal": .string(word(from: ["Waiting", "Pending", "BridgeCallbacks"], capital: true)),
            "keys": .object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.string(word(from: keyPool))) })),
            "callbackIDs": .object([
                "nativePrefix": .string(word(from: ["native", "host", "objc"]) + "_"),
                "javaScriptPrefix": .string(word(from: ["js", "page", "cb"]) + "_"),
            ]),
            "nativeSideWord": .string(word(from: ["Native", "Host", "App", "iOS", "Swift"], capital: true)),
        ]
        // The structure follows the seed, so that a few seeds cover it (both signals by navigation, both by script
        // message, and mixed; with the safety timeout and without; the snippet and the SDK object); the words and
        // the schemes and hosts are drawn.
        let kinds = (seed + UInt64(number)) % 4
        fields["loadSignal"] = signal(byNavigation: kinds % 2 == 0, hosts: ["inject", "bridge-loaded", "load.bridge"])
        fields["queueSignal"] = signal(byNavigation: kinds < 2, hosts: ["flush", "queue-message", "msg.queue"])
        fields["safetyTimeoutSwitch"] =
            (seed / 4) % 2 == 0 ? .null : .string("_" + word(from: ["noTimeout", "immediate"]))
        if seed % 3 == 0 {
            // A page SDK object: `<waitingCallbacksGlobal>.<pageSetupFunction>(callback)`.
            fields["pageSetupFunction"] = .string(word(from: ["ready", "whenReady", "onReady"]))
            fields["readyObject"] = .object(["initializeFunction": .string("_" + word(from: ["initialize", "start"]))])
        }
        return JSONValue.object(fields).canonicalText
    }

    /// A navigation signal (one scheme or two, the first often `https`) or a script message.
    private mutating func signal(byNavigation: Bool, hosts: [String]) -> JSONValue {
        guard byNavigation else {
            return .object(["scriptMessage": .string(word(from: ["native", "post", "bridge"]))])
        }
        var schemes: [JSONValue] = [.string(next() % 2 == 0 ? "https" : word(from: ["app", "bridge"], lower: true))]
        if next() % 2 == 0 { schemes.append(.string(word(from: ["legacy", "old"], lower: true))) }
        return .object([
            "navigation": .object(["schemes": .array(schemes), "host": .string(word(from: hosts, lower: true))])
        ])
    }

    /// A word no other field of the file has: one of `pool` or a made-up one, capitalised or lower case as asked.
    private mutating func word(from pool: [String], capital: Bool = false, lower: Bool = false) -> String {
        let syllables = ["ka", "zu", "mi", "ro", "te", "vo", "lan", "dex", "pi", "so", "qua", "ner"]
        while true {
            var candidate: String
            if next() % 2 == 0 {
                candidate = pool[Int(next() % UInt64(pool.count))]
            } else {
                candidate = (0..<(2 + Int(next() % 2))).map { _ in syllables[Int(next() % UInt64(syllables.count))] }
                    .joined()
            }
            if capital { candidate = candidate.prefix(1).uppercased() + candidate.dropFirst() }
            if lower { candidate = candidate.lowercased() }
            if used.insert(candidate.lowercased()).inserted { return candidate }
        }
    }

    /// The next 64 random bits (`ExploreRandom`: the same on every platform).
    private mutating func next() -> UInt64 { random.next() }
}

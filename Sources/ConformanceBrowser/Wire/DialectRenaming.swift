import StrictJSON
import WireDialects

/// Rewrites JavaScript written in one dialect into another that differs from it only in its words: the
/// same signals (both by navigation, to URLs of the same scheme, or both by script message) and the same
/// features, other names. That is how the kit's JS side and page setup snippet, written in a shipped
/// dialect, are had in such a dialect (one given as a file, say); a dialect that signals like no shipped one
/// needs scripts of its own.
///
/// Each word of the source dialect (globals, functions, signal hosts or script message handler names,
/// message keys, callback id prefixes, the safety switch's handler name) is replaced wherever it stands as a whole JavaScript
/// identifier, in code, strings and comments alike, in one pass, so that no replacement is renamed again.
///
/// Signal hosts are renamed where a URL holds them, as the native side reads them: the host after `://` (and
/// any user info), in any case (`HTTPS://__WVJB_QUEUE_MESSAGE__:8443/` becomes `HTTPS://BRIDGEMESSAGE:8443/`,
/// keeping upper case), and the scheme before it by its place in the signal's schemes (the dialect's first for
/// the first), so that a page written in one dialect asks the other's native side the same questions. A host is
/// no identifier (`bridge.message`), and a host word elsewhere (in a path) is no signal; a scheme the target
/// lacks (a second, older one) is kept.
package struct DialectRenaming: Sendable {
    /// The new word of each source word that changes.
    private let replacements: [String: String]
    /// The new word of each signal host that changes, by its lower-case form: hosts are matched in any case.
    private let hosts: [String: String]
    /// For each signal host (lower case, as the text holds it), the new scheme of each scheme (lower case) that
    /// changes in front of it.
    private let schemes: [String: [String: String]]

    /// The renaming from `source` to `target`, or nil when the two differ in more than their words (a
    /// signal of another kind, another scheme written, a feature one lacks) or a word is used twice. The
    /// schemes a native side accepts besides the one written do not matter to scripts.
    /// - Parameters:
    ///   - source: The dialect the scripts are written in.
    ///   - target: The dialect they are wanted in.
    package init?(from source: WireDialect, to target: WireDialect) {
        guard Self.signalsAlike(source.loadSignal, target.loadSignal),
            Self.signalsAlike(source.queueSignal, target.queueSignal),
            (source.disableSafetyTimeoutHandler == nil) == (target.disableSafetyTimeoutHandler == nil),
            (source.pageSetupShape == .waitingCallbacks) == (target.pageSetupShape == .waitingCallbacks)
        else { return nil }
        self.init(wordsFrom: source, to: target)
    }

    /// Whether two signals are of one kind: navigations writing the same scheme, or script messages.
    private static func signalsAlike(_ one: WireSignal, _ other: WireSignal) -> Bool {
        switch (one, other) {
        case let (.navigation(a), .navigation(b)): a.schemes[0] == b.schemes[0]
        case (.scriptMessage, .scriptMessage): true
        default: false
        }
    }

    /// The renaming of the words alone from `source` to `target`, whatever their signals and features: globals,
    /// functions, message keys, callback id prefixes, and the signal hosts and safety switch's handler name
    /// where both dialects have them. How a case written in the canonical dialect is had in another (its page
    /// scripts, crafted batches and harness scripts); what depends on the signals or features is the case's
    /// clauses' to say (`DialectApplicability`). Nil when a word would be used twice.
    /// - Parameters:
    ///   - source: The dialect the scripts are written in.
    ///   - target: The dialect they are wanted in.
    package init?(wordsFrom source: WireDialect, to target: WireDialect) {
        var pairs: [(String, String)] =
            [
                (source.javaScriptGlobal, target.javaScriptGlobal),
                (source.registerHandlerFunction, target.registerHandlerFunction),
                (source.callHandlerFunction, target.callHandlerFunction),
                (source.deliveryFunction, target.deliveryFunction),
                (source.fetchFunction, target.fetchFunction),
                // A page calls `setup(...)` or `sdk.ready(...)`: the call is renamed whole.
                (source.pageSetupCall, target.pageSetupCall),
                (source.waitingCallbacksGlobal, target.waitingCallbacksGlobal),
                (source.callbackIDs.nativePrefix, target.callbackIDs.nativePrefix),
                (source.callbackIDs.javaScriptPrefix, target.callbackIDs.javaScriptPrefix),
                (source.nativeSideWord, target.nativeSideWord),
            ] + zip(source.keys.all, target.keys.all).map { ($0, $1) }
        for (sourceSignal, targetSignal) in [
            (source.loadSignal, target.loadSignal), (source.queueSignal, target.queueSignal),
        ] {
            if case .scriptMessage(let from) = sourceSignal, case .scriptMessage(let to) = targetSignal {
                pairs.append((from, to))
            }
        }
        if let sourceSwitch = source.disableSafetyTimeoutHandler, let targetSwitch = target.disableSafetyTimeoutHandler
        {
            pairs.append((sourceSwitch, targetSwitch))
        }
        guard Set(pairs.map(\.0)).count == pairs.count, Set(pairs.map(\.1)).count == pairs.count else { return nil }
        replacements = Self.permutation(closing: pairs.filter { $0.0 != $0.1 })
        var hosts: [String: String] = [:]
        var schemes: [String: [String: String]] = [:]
        for (sourceSignal, targetSignal) in [
            (source.loadSignal, target.loadSignal), (source.queueSignal, target.queueSignal),
        ] {
            guard let from = sourceSignal.navigation, let to = targetSignal.navigation else { continue }
            // Both directions, as the word permutation closes: text holding the target's URL reads back.
            for (one, other) in [(from, to), (to, from)] where hosts[one.host] == nil {
                hosts[one.host] = other.host
                let changed = zip(one.schemes, other.schemes).filter { $0 != $1 }
                if !changed.isEmpty { schemes[one.host] = Dictionary(changed, uniquingKeysWith: { first, _ in first }) }
            }
        }
        self.hosts = hosts.filter { $0.key != $0.value }
        self.schemes = schemes
    }

    /// The pairs' renaming made one-to-one on every word it touches: a target word that is no source word
    /// (`on`, when a dialect calls its register function so) is renamed too, to the source word that starts
    /// its chain, so that text that already held it (a case's data, "on the new page") reads the same after
    /// the renaming and its reverse. Without it, renaming back would turn that text into the source word.
    private static func permutation(closing pairs: [(String, String)]) -> [String: String] {
        var mapping = Dictionary(uniqueKeysWithValues: pairs)
        let sourceOf = Dictionary(uniqueKeysWithValues: pairs.map { ($0.1, $0.0) })
        for (_, target) in pairs where mapping[target] == nil {
            // Walk back from a chain's end to its start, a source word no pair targets.
            var start = target
            while let previous = sourceOf[start] { start = previous }
            mapping[target] = start
        }
        return mapping
    }

    private init(replacements: [String: String], hosts: [String: String], schemes: [String: [String: String]]) {
        self.replacements = replacements
        self.hosts = hosts
        self.schemes = schemes
    }

    /// The renaming back, from the target dialect's words to the source's.
    package var reversed: DialectRenaming {
        func inverted(_ mapping: [String: String]) -> [String: String] {
            Dictionary(mapping.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        }
        var reversedSchemes: [String: [String: String]] = [:]
        for (host, schemeMapping) in schemes { reversedSchemes[hosts[host] ?? host] = inverted(schemeMapping) }
        return DialectRenaming(
            replacements: inverted(replacements), hosts: inverted(hosts), schemes: reversedSchemes)
    }

    /// `value` with every string and object key renamed.
    package func rename(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(rename(text))
        case .array(let elements): .array(elements.map(rename))
        case .object(let members):
            .object(
                Dictionary(members.map { (rename($0.key), rename($0.value)) }, uniquingKeysWith: { first, _ in first }))
        default: value
        }
    }

    /// `source` with every word of the source dialect replaced by the target dialect's, and signal hosts and
    /// their schemes in URLs.
    /// - Parameter source: JavaScript in the source dialect.
    /// - Returns: The same JavaScript in the target dialect.
    package func rename(_ source: String) -> String {
        guard !replacements.isEmpty || !hosts.isEmpty || !schemes.isEmpty else { return source }
        var source = source
        return source.withUTF8 { bytes in
            // A word is a run of ASCII letters, digits, `_` and `$` (a JavaScript identifier as the dialects
            // write them); any other byte, those of non-ASCII characters included, ends it and is copied.
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + bytes.count / 8)
            var index = 0
            while index < bytes.count {
                if let host = Self.hostAfterSeparator(in: bytes, at: index) {
                    // `://`, the user info as it is, then the host renamed when it is a signal's.
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[host]), as: UTF8.self)
                    result.append(contentsOf: bytes[index..<host.lowerBound])
                    result.append(contentsOf: (hosts[text.lowercased()].map { Self.inCase(of: text, $0) } ?? text).utf8)
                    index = host.upperBound
                    continue
                }
                guard Self.isWordByte(bytes[index]) else {
                    result.append(bytes[index])
                    index += 1
                    continue
                }
                var end = index + 1
                while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                result.append(contentsOf: (replacements[word] ?? scheme(word, before: bytes, at: end) ?? word).utf8)
                index = end
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// The host's bytes when `index` starts `://`: after the user info (up to the authority's last `@`), a run of
    /// host bytes (letters, digits, `_`, `-`, `.`); else nil.
    private static func hostAfterSeparator(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Range<Int>? {
        guard index + 3 <= bytes.count, bytes[index] == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F
        else { return nil }
        // The authority runs to a `/`, `?`, `#`, a quote, white space or the end; the host follows its last `@`.
        var start = index + 3
        var cursor = start
        while cursor < bytes.count, !Self.endsAuthority(bytes[cursor]) {
            if bytes[cursor] == 0x40 { start = cursor + 1 }
            cursor += 1
        }
        var end = start
        while end < bytes.count, isWordByte(bytes[end]) || bytes[end] == 0x2D || bytes[end] == 0x2E { end += 1 }
        return start..<end
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        [0x2F, 0x3F, 0x23, 0x22, 0x27, 0x60, 0x20, 0x0A, 0x0D, 0x09, 0x29, 0x5C].contains(byte)
    }

    /// The new scheme of `word` when it is the scheme of a bridge URL (`://` then, after any user info, a signal
    /// host in any case, at `end`) whose scheme changes; else nil.
    private func scheme(_ word: String, before bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> String? {
        guard !schemes.isEmpty, let host = Self.hostAfterSeparator(in: bytes, at: end) else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[host]), as: UTF8.self)
        return schemes[text.lowercased()]?[word.lowercased()].map { Self.inCase(of: word, $0) }
    }

    /// `replacement` in upper case when `word` is written so (`HTTPS`, `__BRIDGE_LOADED__`), else as it is.
    private static func inCase(of word: String, _ replacement: String) -> String {
        word == word.uppercased() && word != word.lowercased() ? replacement.uppercased() : replacement
    }

    /// Whether `byte` is part of a word: an ASCII letter or digit, `_` or `$`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x24
    }
}

import WireDialects

/// Rewrites JavaScript written in one dialect into another that differs from it only in its words: the
/// same signals (both by navigation, to URLs of the same scheme) and the same features, other names. That is
/// how the kit's JS side and page setup snippet, written in the canonical dialect, are had in such a
/// dialect; a dialect that signals differently needs scripts of its own.
///
/// Each word of the source dialect (globals, functions, signal hosts, message keys, callback id
/// prefixes, the safety switch's handler name) is replaced wherever it stands as a whole JavaScript
/// identifier, in code, strings and comments alike, in one pass, so that no replacement is renamed again.
package struct DialectRenaming: Sendable {
    /// The new word of each source word that changes.
    private let replacements: [String: String]

    /// The renaming from `source` to `target`, or nil when the two differ in more than their words (a
    /// signal that is not a navigation, another scheme written, a feature one lacks) or a word is used
    /// twice. The schemes a native side accepts besides the one written do not matter to scripts.
    /// - Parameters:
    ///   - source: The dialect the scripts are written in.
    ///   - target: The dialect they are wanted in.
    package init?(from source: WireDialect, to target: WireDialect) {
        guard let sourceLoad = source.loadSignal.navigation, let targetLoad = target.loadSignal.navigation,
            let sourceQueue = source.queueSignal.navigation, let targetQueue = target.queueSignal.navigation,
            sourceLoad.schemes[0] == targetLoad.schemes[0], sourceQueue.schemes[0] == targetQueue.schemes[0],
            (source.disableSafetyTimeoutHandler == nil) == (target.disableSafetyTimeoutHandler == nil)
        else { return nil }
        let pairs: [(String, String)] =
            [
                (source.javaScriptGlobal, target.javaScriptGlobal),
                (source.registerHandlerFunction, target.registerHandlerFunction),
                (source.callHandlerFunction, target.callHandlerFunction),
                (source.deliveryFunction, target.deliveryFunction),
                (source.fetchFunction, target.fetchFunction),
                (source.pageSetupFunction, target.pageSetupFunction),
                (source.waitingCallbacksGlobal, target.waitingCallbacksGlobal),
                (sourceLoad.host, targetLoad.host),
                (sourceQueue.host, targetQueue.host),
                (source.callbackIDs.nativePrefix, target.callbackIDs.nativePrefix),
                (source.callbackIDs.javaScriptPrefix, target.callbackIDs.javaScriptPrefix),
                (source.disableSafetyTimeoutHandler ?? "", target.disableSafetyTimeoutHandler ?? ""),
            ] + zip(source.keys.all, target.keys.all).map { ($0, $1) }
        let used = pairs.filter { !$0.0.isEmpty }
        guard Set(used.map(\.0)).count == used.count, Set(used.map(\.1)).count == used.count else { return nil }
        replacements = Dictionary(uniqueKeysWithValues: used.filter { $0.0 != $0.1 })
    }

    /// `source` with every word of the source dialect replaced by the target dialect's.
    /// - Parameter source: JavaScript in the source dialect.
    /// - Returns: The same JavaScript in the target dialect.
    package func rename(_ source: String) -> String {
        guard !replacements.isEmpty else { return source }
        var result = ""
        result.reserveCapacity(source.utf8.count)
        var word = ""
        func flush() {
            result += replacements[word] ?? word
            word = ""
        }
        for character in source {
            if character.isASCII, character.isLetter || character.isNumber || character == "_" || character == "$" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

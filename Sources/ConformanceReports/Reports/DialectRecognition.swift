import ConformanceCatalogue
import Foundation
import WireDialects

/// Tells, from a run's transcripts, when the implementation speaks another dialect than the run's profile, so
/// that the summary says so once instead of leaving dozens of failures to explain it (spec, section 13).
package enum DialectRecognition {
    /// One line naming the dialect the implementation seems to speak and the option to run it with, or nil
    /// when nothing points away from `profile`: the native side evaluated another shipped dialect's delivery or
    /// fetch command, or the answer or event entry of the messageHandler container (another protocol), or never
    /// evaluated anything at all in three cases or more.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - profile: The profile the run spoke; a container run gets no hint.
    package static func hint(for results: [CaseResult], profile runProfile: RunProfile) -> String? {
        guard let profile = runProfile.dialect else { return nil }
        let scripts = results.flatMap { result in
            result.transcript.nativeEvaluations.filter { $0.style != .harness }.map(\.script)
        }
        if let entry = containerEntries.first(where: { entry in scripts.contains { calls($0, entry + "(") } }) {
            return
                "this looks like the messageHandler container, not a WVJB dialect (the native side evaluated \(entry)(...)): it is another protocol, with its own spec part and cases: run with --profile container (spec/container.md, docs/container.md)"
        }
        for other in WireDialect.shipped where other != profile {
            let evidence = scripts.first { script in
                calls(script, other.deliveryCommandPrefix) || calls(script, other.fetchCommand)
            }
            if let evidence {
                let command = calls(evidence, other.fetchCommand) ? other.fetchCommand : other.entryPoint + "(...)"
                return
                    "this looks like the \(other.name) dialect (the native side evaluated \(command)): run with \(option(for: other))"
            }
        }
        let ran = results.filter { $0.verdict != .notApplicable && $0.verdict != .adapterError }
        guard ran.count >= 3, scripts.isEmpty else { return nil }
        let asked =
            switch profile.loadSignal {
            case .navigation(let signal): "loading \(signal.url)"
            case .scriptMessage(let name): "posting to \(name)"
            }
        let others = WireDialect.shipped.filter { $0 != profile }.map(option(for:))
        return
            "the native side never evaluated JavaScript, though the pages asked for the JS side by \(asked) as the \(profile.name) dialect does: if the implementation speaks another dialect, run with \(others.joined(separator: " or "))"
    }

    /// The entry points of the messageHandler container's JS side that its native side evaluates
    /// (spec/container.md): answers and events.
    static let containerEntries = ["callbackDispatcher", "eventDispatcher"]

    /// Whether `script` holds `command` where it starts a name: not inside a longer one
    /// (`WKWebViewJavascriptBridge._fetchQueue();` does not call `WebViewJavascriptBridge._fetchQueue();`).
    package static func calls(_ script: String, _ command: String) -> Bool {
        // Searched in the UTF-8 bytes: transcripts hold megabyte payloads, and `range(of:)` compares
        // Unicode-aware, character by character.
        var script = script, command = command
        return script.withUTF8 { scriptBytes in
            command.withUTF8 { commandBytes in
                var start = 0
                while let found = firstOccurrence(of: commandBytes, in: scriptBytes, from: start) {
                    if found == 0 || !continuesName(scriptBytes, before: found) { return true }
                    start = found + 1
                }
                return false
            }
        }
    }

    /// The offset of the first occurrence of `needle` in `bytes` at or after `start`.
    private static func firstOccurrence(
        of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first, start + needle.count <= bytes.count else {
            return nil
        }
        var offset = start
        // memchr for the first byte, then a comparison of the rest: fast in debug builds too.
        while offset + needle.count <= bytes.count,
            let hit = memchr(base + offset, Int32(first), bytes.count - offset - needle.count + 1)
        {
            let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + position, needle.baseAddress!, needle.count) == 0 { return position }
            offset = position + 1
        }
        return nil
    }

    /// Whether the character that ends just before byte `offset` would make the command part of a longer
    /// name or a member access: a letter, a digit, `_`, `$` or `.`.
    private static func continuesName(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Bool {
        let byte = bytes[offset - 1]
        guard byte >= 0x80 else {
            let character = Character(Unicode.Scalar(byte))
            return character.isLetter || character.isNumber || byte == 0x5F || byte == 0x24 || byte == 0x2E
        }
        // A non-ASCII character: decode the scalar that ends here (its lead byte is the last that is not 10xxxxxx).
        var lead = offset - 1
        while lead > 0, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lead..<offset]), as: UTF8.self)
        guard let scalar = text.unicodeScalars.last else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// The option that selects `dialect`'s profile.
    static func option(for dialect: WireDialect) -> String {
        dialect == .canonical ? "--profile canonical (the default)" : "--profile \(dialect.name)"
    }
}

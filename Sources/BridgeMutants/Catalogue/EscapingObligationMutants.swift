import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import ReferenceOracle
import StrictJSON
import WireDialects

extension MutantCatalogue {
    /// Native mutants written from single obligations of the escaping clauses (ESC-1 to ESC-3), one
    /// substitution or one encoding step each, before their checks were written.
    static let escapingObligationMutants: [Mutant] = [
        native(
            "escape-chain-backslash-last",
            "the replace chain escapes the backslash last, doubling the backslashes the other steps wrote",
            obligation: .esc2a, caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            escapingByChain(ReplacementChain.canonical.dropFirst() + ReplacementChain.canonical.prefix(1))
        },
        native(
            "escape-chain-without-backslash",
            "the replace chain has no backslash step, so JSON's own escapes lose their backslash",
            obligation: .esc2a, caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            escapingByChain(Array(ReplacementChain.canonical.dropFirst()))
        },
        native(
            "pretty-printed-json-without-lf-step",
            "messages are serialized with .prettyPrinted and the chain has no LF step, so the literal holds raw line breaks",
            obligation: .esc2d, caughtBy: ["escaping.line-terminators.native-to-js"]
        ) {
            escapingByChain(ReplacementChain.canonical.filter { $0.target != "\n" }, prettyPrinted: "\n")
        },
        native(
            "crlf-pretty-printed-without-cr-step",
            "a hand-written serializer breaks lines with CRLF and the chain has no CR step",
            obligation: .esc2e, caughtBy: ["escaping.line-terminators.native-to-js"]
        ) {
            escapingByChain(ReplacementChain.canonical.filter { $0.target != "\r" }, prettyPrinted: "\r\n")
        },
        native(
            "line-separator-step-missing", "the chain escapes U+2029 but has no U+2028 step",
            obligation: .esc2g, caughtBy: ["escaping.line-terminators.native-to-js"]
        ) {
            escapingByChain(ReplacementChain.canonical.filter { $0.target != "\u{2028}" })
        },
        native(
            "paragraph-separator-step-missing", "the chain escapes U+2028 but has no U+2029 step",
            obligation: .esc2h, caughtBy: ["escaping.line-terminators.native-to-js"]
        ) {
            escapingByChain(ReplacementChain.canonical.filter { $0.target != "\u{2029}" })
        },
        native(
            "message-escaped-twice",
            "the message JSON goes through the escaper twice (once when queued, once when evaluated)",
            obligation: .esc3a, caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            Defect(rewriteScript: { script, _ in
                guard script.kind == .delivery,
                    let json = WireInspector.literalText(ofCommand: script.text, in: .canonical)
                else { return [script.text] }
                let once = MessageEscaper.handleMessageCommand(forMessageJSON: json)
                let literal = once.dropFirst(WireDialect.canonical.deliveryCommandPrefix.count).dropLast(
                    WireDialect.canonical.deliveryCommandSuffix.count)
                return [MessageEscaper.handleMessageCommand(forMessageJSON: String(literal))]
            })
        },
        native(
            "json-decoded-as-latin1",
            "the serialized JSON bytes are turned into a String as ISO Latin 1, so non-ASCII text arrives garbled",
            obligation: .esc3c, caughtBy: ["escaping.non-ascii.native-to-js"]
        ) {
            reencoding { json in String(data: Data(json.utf8), encoding: .isoLatin1) ?? json }
        },
        native(
            "byte-order-marks-stripped", "every U+FEFF is removed from the JSON text, to strip a byte order mark",
            obligation: .esc3d, caughtBy: ["escaping.non-ascii.native-to-js"]
        ) {
            reencoding { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }
        },
        native(
            "controls-escaped-as-hex",
            "hand-built JSON writes control characters as \\x escapes, which JSON.parse rejects",
            obligation: .esc3b, caughtBy: ["escaping.nul-and-controls.native-to-js"]
        ) {
            reencoding { json in
                var text = json
                for code in 0..<0x20 where ![0x0A, 0x0D, 0x0C, 0x09, 0x08].contains(code) {
                    text = text.replacingOccurrences(
                        of: String(format: "\\u%04x", code), with: String(format: "\\x%02x", code),
                        options: [.literal, .caseInsensitive])
                }
                return text
            }
        },
        native(
            "deep-message-stalls-sends",
            "a message nested deeper than its writer's limit (256) is dropped and leaves the send loop stuck, so later messages never go out",
            obligation: .esc4c, caughtBy: ["escaping.corpus.implementation-defined.native-to-js"]
        ) {
            let stalled = Box(false)
            return Defect(
                interceptCall: { _, data, _ in
                    if depth(of: data) > 256 { stalled.value = true }
                    return stalled.value
                },
                rewriteScript: { script, _ in script.kind == .delivery && stalled.value ? [] : [script.text] })
        },
    ]

    /// How deeply arrays and objects nest in `value` (0 for a scalar).
    static func depth(of value: Any?) -> Int {
        switch value {
        case let array as [Any]: return 1 + (array.map { depth(of: $0) }.max() ?? 0)
        case let object as [String: Any]: return 1 + (object.values.map { depth(of: $0) }.max() ?? 0)
        default: return 0
        }
    }

    /// A defect that escapes each delivery's JSON with the replace chain `steps` (literal, code unit
    /// comparisons), after re-serializing it with `prettyPrinted` line breaks when given.
    static func escapingByChain<Steps: Sequence<(target: String, replacement: String)>>(
        _ steps: Steps, prettyPrinted lineBreak: String? = nil
    ) -> Defect {
        let steps = Array(steps)
        return Defect(rewriteScript: { script, _ in
            guard script.kind == .delivery, var json = WireInspector.literalText(ofCommand: script.text, in: .canonical)
            else { return [script.text] }
            if let lineBreak,
                let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]),
                let pretty = try? JSONSerialization.data(
                    withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            {
                json = String(decoding: pretty, as: UTF8.self).replacingOccurrences(of: "\n", with: lineBreak)
            }
            return [
                WireDialect.canonical.deliveryCommandPrefix + ReplacementChain.escape(json, steps: steps)
                    + WireDialect.canonical.deliveryCommandSuffix
            ]
        })
    }

    /// A defect that changes each delivery's JSON text with `change` before the reference escapes it.
    static func reencoding(_ change: @escaping @Sendable (String) -> String) -> Defect {
        Defect(rewriteScript: { script, _ in
            guard script.kind == .delivery, let json = WireInspector.literalText(ofCommand: script.text, in: .canonical)
            else { return [script.text] }
            return [MessageEscaper.handleMessageCommand(forMessageJSON: change(json))]
        })
    }
}

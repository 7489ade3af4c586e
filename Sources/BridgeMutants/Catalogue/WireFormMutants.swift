import ConformanceKit
import ConformanceObligations
import ReferenceOracle
import WireDialects

extension MutantCatalogue {
    /// Native mutants whose delivery commands differ from the exact form of ESC-1 in how the call is
    /// written (its entry point, its `;`, a `window.` prefix), alone or together with a broken literal:
    /// each deviation must be reported on its own, none hiding another (issue 11).
    static let wireFormMutants: [Mutant] = [
        native(
            "command-without-semicolon",
            "the command is formatted `WebViewJavascriptBridge._handleMessageFromObjC('%@')`, without its trailing semicolon",
            obligation: .esc5a, caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            rewritingDeliveries { command in command.hasSuffix(";") ? String(command.dropLast()) : command }
        },
        native(
            "command-without-semicolon-raw-line-separator",
            "the command has no trailing semicolon and the escaper has no U+2028 step, so a raw line separator stays in the literal",
            obligation: .esc2g, caughtBy: ["escaping.line-terminators.native-to-js"]
        ) {
            let escaping = escapingByChain(ReplacementChain.canonical.filter { $0.target != "\u{2028}" })
            return Defect(rewriteScript: { script, page in
                (escaping.rewriteScript?(script, page) ?? [script.text]).map { command in
                    script.kind == .delivery && command.hasSuffix(";") ? String(command.dropLast()) : command
                }
            })
        },
        native(
            "command-calls-handle-message-from-ios",
            "a port renamed the entry point: commands call `WebViewJavascriptBridge._handleMessageFromIOS('...')`, which the JS side does not define",
            obligation: .esc1c, caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            rewritingDeliveries { command in
                let prefix = WireDialect.canonical.deliveryCommandPrefix
                return command.hasPrefix(prefix)
                    ? "WebViewJavascriptBridge._handleMessageFromIOS('" + command.dropFirst(prefix.count) : command
            }
        },
        native(
            "command-calls-own-bridge-object",
            "commands call `window.bridge._handleMessageFromObjC('...')`, the port's own name for the JS object, which the page does not have",
            obligation: .esc1c, caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            rewritingDeliveries { command in
                command.hasPrefix("WebViewJavascriptBridge.")
                    ? "window.bridge." + command.dropFirst("WebViewJavascriptBridge.".count) : command
            }
        },
        native(
            "command-through-window-prefix",
            "commands are written `window.WebViewJavascriptBridge._handleMessageFromObjC('...');`",
            obligation: .esc5b, caughtBy: ["escaping.quotes-and-backslashes.native-to-js"]
        ) {
            rewritingDeliveries { "window." + $0 }
        },
    ]

    /// A defect that rewrites the text of each delivery command the reference evaluates with `change`.
    private static func rewritingDeliveries(_ change: @escaping @Sendable (String) -> String) -> Defect {
        Defect(rewriteScript: { script, _ in [script.kind == .delivery ? change(script.text) : script.text] })
    }
}

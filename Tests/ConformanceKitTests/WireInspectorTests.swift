import ConformanceKit
import Testing

@Suite("Wire inspector: exact command form and ES5 lexing")
struct WireInspectorTests {
    static func command(_ literal: String) -> String { WireInspector.commandPrefix + literal + WireInspector.commandSuffix }

    @Test("a well-formed command decodes to its message")
    func wellFormed() {
        let decoded = WireInspector.decodeCommand(Self.command(#"{\"data\":\"it\'s \\\\ \u2028\u2029 \x41 \\u0000\",\"handlerName\":\"h\"}"#))
        #expect(decoded == .message(["data": "it's \\ \u{2028}\u{2029} A \u{0}", "handlerName": "h"]))
    }

    @Test("scripts that are not message commands are left alone")
    func notACommand() {
        #expect(WireInspector.decodeCommand("WebViewJavascriptBridge._fetchQueue();") == .notACommand)
        #expect(WireInspector.decodeCommand("(function () { /* _handleMessageFromObjC */ })();") == .notACommand)
    }

    @Test("each ES5 violation is reported with its obligation", arguments: [
        ("raw U+2028", "{\\\"d\\\":\\\"\u{2028}\\\"}", "ESC-2.g", "U+2028"),
        ("raw U+2029", "{\\\"d\\\":\\\"\u{2029}\\\"}", "ESC-2.h", "U+2029"),
        ("ES2015 escape", #"{\"d\":\"\u{2028}\"}"#, "ESC-2.i", "\\u{...}"),
        ("unescaped quote", #"{\"d\":\"it's\"}"#, "ESC-2.c", "script injection"),
        ("raw line feed", "{\\\"d\\\":\\\"\n\\\"}", "ESC-2.d", "line terminator"),
        ("lone trailing backslash", #"{\"d\":1}\"#, "ESC-2.a", "lone backslash"),
        ("legacy octal", #"{\"d\":\"\1\"}"#, "ESC-2.a", "octal"),
        ("not JSON", #"{d:1}"#, "ESC-2.a", "not JSON"),
        ("not an object", #"[1]"#, "ESC-3.a", "not an object"),
    ])
    func violations(name: String, literal: String, obligation: String, mention: String) {
        guard case .malformed(let problems) = WireInspector.decodeCommand(Self.command(literal)) else {
            Issue.record("\(name): not reported")
            return
        }
        #expect(problems.contains { $0.obligation == obligation && $0.message.contains(mention) }, "\(name): \(problems)")
    }

    @Test("the wrong command form is reported under ESC-1")
    func wrongForm() {
        for script in [#"WebViewJavascriptBridge._handleMessageFromObjC("{}");"#,
                       "WebViewJavascriptBridge._handleMessageFromObjC('{}')",
                       "WebViewJavascriptBridge._handleMessageFromObjC('{}'); extra();"] {
            #expect(WireInspector.problems(inCommand: script).map(\.clause).contains("ESC-1"), "\(script)")
        }
    }

    @Test("several commands joined into one evaluation are reported under ESC-1, a quote that breaks out under ESC-2")
    func joinedCommands() {
        let joined = [Self.command(#"{\"data\":1}"#), Self.command(#"{\"data\":\"it\'s\"}"#)].joined(separator: "\n")
        #expect(WireInspector.problems(inCommand: joined).map(\.clause) == ["ESC-1"], "\(joined)")
        #expect(WireInspector.problems(inCommand: joined).first?.message.contains("2 well-formed commands") == true)
        // A payload whose unescaped quote ends the literal is injection, even when what follows is a command.
        let breakout = Self.command(#"{\"d\":\"x');WebViewJavascriptBridge._handleMessageFromObjC('y\"}"#)
        #expect(WireInspector.problems(inCommand: breakout).map(\.clause) == ["ESC-2"], "\(breakout)")
    }
}

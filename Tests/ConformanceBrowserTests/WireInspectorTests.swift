import ConformanceKit
import StrictJSON
import Testing
import WireDialects

@Suite("Wire inspector: exact command form and ES5 lexing")
struct WireInspectorTests {
    static func command(_ literal: String) -> String {
        WireDialect.canonical.deliveryCommandPrefix + literal + WireDialect.canonical.deliveryCommandSuffix
    }

    @Test("a well-formed command decodes to its message")
    func wellFormed() {
        let command = NativeCommand(
            Self.command(#"{\"data\":\"it\'s \\\\ \u2028\u2029 \x41 \\u0000\",\"handlerName\":\"h\"}"#), in: .canonical)
        #expect(command.delivery?.problems == [])
        #expect(
            command.delivery?.wellFormedMessage == ["data": "it's \\ \u{2028}\u{2029} A \u{0}", "handlerName": "h"])
    }

    @Test("scripts that are not message commands are left alone")
    func notACommand() {
        #expect(NativeCommand("WebViewJavascriptBridge._fetchQueue();", in: .canonical).kind == .fetch)
        #expect(NativeCommand("WebViewJavascriptBridge._fetchQueue()", in: .canonical).kind == .other)
        #expect(
            NativeCommand("(function () { /* _handleMessageFromObjC */ })();", in: .canonical).kind == .other)
    }

    @Test(
        "each ES5 violation, and each value that is not JSON, is reported with its obligation",
        arguments: [
            ("raw U+2028", "{\\\"d\\\":\\\"\u{2028}\\\"}", "ESC-2.g", "U+2028"),
            ("raw U+2029", "{\\\"d\\\":\\\"\u{2029}\\\"}", "ESC-2.h", "U+2029"),
            ("ES2015 escape", #"{\"d\":\"\u{2028}\"}"#, "ESC-2.i", "\\u{...}"),
            ("unescaped quote", #"{\"d\":\"it's\"}"#, "ESC-2.c", "script injection"),
            ("raw line feed", "{\\\"d\\\":\\\"\n\\\"}", "ESC-2.d", "line terminator"),
            ("lone trailing backslash", #"{\"d\":1}\"#, "ESC-2.a", "lone backslash"),
            ("legacy octal", #"{\"d\":\"\1\"}"#, "ESC-2.a", "octal"),
            ("not JSON, no escape in the literal", #"{d:1}"#, "ESC-3.a", "holds no escape"),
            ("empty: no JSON text at all, as unserializable data gives", "", "ESC-4.b", "no JSON text for"),
            ("not JSON after its escapes", #"{\"d\":\"a\\\"}"#, "ESC-2.a", "not JSON"),
            (
                "a JSON escape whose backslash was not doubled", #"{\"d\":\"a\u0001b\"}"#, "ESC-2.a",
                "raw control character"
            ),
            ("a control character raw in the JSON text", "{\\\"d\\\":\\\"\u{1}\\\"}", "ESC-3.b", "left it unescaped"),
            ("a control character escaped as JS does", #"{\"d\":\"\\x01\"}"#, "ESC-3.b", "as JavaScript does"),
            ("not an object", #"[1]"#, "ESC-3.a", "not an object"),
        ])
    func violations(name: String, literal: String, obligation: String, mention: String) {
        guard let delivery = NativeCommand(Self.command(literal), in: .canonical).delivery, delivery.isMalformed else {
            Issue.record("\(name): not reported")
            return
        }
        #expect(
            delivery.problems.contains { $0.obligation.id == obligation && $0.message.contains(mention) },
            "\(name): \(delivery.problems)")
    }

    @Test("the wrong command form is reported under ESC-1")
    func wrongForm() {
        for script in [
            #"WebViewJavascriptBridge._handleMessageFromObjC("{}");"#,
            "WebViewJavascriptBridge._handleMessageFromObjC({});",
            "WebViewJavascriptBridge._handleMessageFromObjC('{}'",
            "WebViewJavascriptBridge._handleMessageFromObjC('{}'); extra();",
        ] {
            #expect(
                NativeCommand(script, in: .canonical).problems.map(\.clause.id).contains("ESC-1"),
                "\(script)")
        }
    }

    @Test("several commands joined into one evaluation are reported under ESC-1, a quote that breaks out under ESC-2")
    func joinedCommands() {
        let joined = [Self.command(#"{\"data\":1}"#), Self.command(#"{\"data\":\"it\'s\"}"#)].joined(separator: "\n")
        #expect(NativeCommand(joined, in: .canonical).problems.map(\.clause.id) == ["ESC-1"], "\(joined)")
        #expect(
            NativeCommand(joined, in: .canonical).problems.first?.message.contains("2 well-formed commands")
                == true)
        // A payload whose unescaped quote ends the literal is injection, even when what follows is a command.
        let breakout = Self.command(#"{\"d\":\"x');WebViewJavascriptBridge._handleMessageFromObjC('y\"}"#)
        #expect(
            NativeCommand(breakout, in: .canonical).problems.map(\.clause.id) == ["ESC-2"], "\(breakout)")
    }

    @Test("a missing `;` is its own SHOULD finding, saying what differs, and the message still decodes")
    func missingSemicolon() {
        let script = String(Self.command(#"{\"data\":1}"#).dropLast())
        let problems = NativeCommand(script, in: .canonical).problems
        #expect(problems.map(\.obligation.id) == ["ESC-5.a"], "\(problems)")
        #expect(problems.first?.message.contains(#"ends `{\"data\":1}')` without the `;`"#) == true, "\(problems)")
        #expect(NativeCommand(script, in: .canonical).delivery?.wellFormedMessage == ["data": 1])
        #expect(NativeCommand(script, in: .canonical).deliveredMessage == ["data": 1])
    }

    @Test("a missing `;` does not keep the literal from being lexed: a raw U+2028 is reported too")
    func missingSemicolonAndRawLineSeparator() {
        let script = String(Self.command("{\\\"data\\\":\\\"a\u{2028}b\\\"}").dropLast())
        let problems = NativeCommand(script, in: .canonical).problems
        #expect(Set(problems.map(\.obligation.id)) == ["ESC-2.g", "ESC-5.a"], "\(problems)")
        #expect(problems.contains { $0.obligation.id == "ESC-2.g" && $0.message.contains("raw U+2028") }, "\(problems)")
        #expect(NativeCommand(script, in: .canonical).deliveredMessage == nil)
    }

    @Test("a call of another entry point names the function called, and its literal is still lexed")
    func otherEntryPoint() {
        let ios = "WebViewJavascriptBridge._handleMessageFromIOS('{\\\"d\\\":\\\"\u{2028}\\\"}');"
        let problems = NativeCommand(ios, in: .canonical).problems
        #expect(Set(problems.map(\.obligation.id)) == ["ESC-1.c", "ESC-2.g"], "\(problems)")
        #expect(
            problems.contains {
                $0.obligation.id == "ESC-1.c" && $0.message.contains("`WebViewJavascriptBridge._handleMessageFromIOS`")
            }, "\(problems)")
        #expect(NativeCommand(ios, in: .canonical).deliveredMessage == nil)

        let ownObject = #"window.bridge._handleMessageFromObjC('{\"d\":1}');"#
        let other = NativeCommand(ownObject, in: .canonical).problems
        #expect(
            other.map(\.obligation.id) == ["ESC-1.c"]
                && other[0].message.contains("`window.bridge._handleMessageFromObjC`"), "\(other)")
        guard NativeCommand(ownObject, in: .canonical).delivery?.isMalformed == true else {
            Issue.record("a command that reaches no entry point decodes")
            return
        }
    }

    @Test("`window.` and white space around the call are SHOULD findings of their own; the message still decodes")
    func spelling() {
        let window = "window." + Self.command(#"{\"d\":1}"#)
        #expect(NativeCommand(window, in: .canonical).problems.map(\.obligation.id) == ["ESC-5.b"])
        #expect(
            NativeCommand(window, in: .canonical).problems.first?.message.contains(
                "`window.WebViewJavascriptBridge._handleMessageFromObjC(`") == true)
        #expect(NativeCommand(window, in: .canonical).deliveredMessage == ["d": 1])
        let spaced = "\n" + Self.command(#"{\"d\":1}"#) + "\n"
        #expect(
            NativeCommand(spaced, in: .canonical).problems.map(\.obligation.id) == ["ESC-5.b"],
            "\(NativeCommand(spaced, in: .canonical).problems)")
        #expect(
            NativeCommand("window." + String(Self.command(#"{\"d\":1}"#).dropLast()), in: .canonical).problems.map(
                \.obligation.id) == ["ESC-5.b", "ESC-5.a"])
    }

    @Test(
        "an evaluation that threw in its own text is its own finding, quoting the error; errors of the JS side or handlers are not"
    )
    func throwingEvaluation() {
        let ios = "WebViewJavascriptBridge._handleMessageFromIOS('{}');"
        let error =
            "TypeError: WebViewJavascriptBridge._handleMessageFromIOS is not a function in native-evaluation-7.js at line 1"
        let problem = WireInspector.problem(
            ofThrowingCommand: NativeCommand(ios, in: .canonical), error: error, sourceURL: "native-evaluation-7.js",
            in: .canonical)
        #expect(problem?.obligation.id == "ESC-1.c")
        #expect(
            problem?.message.contains("TypeError: WebViewJavascriptBridge._handleMessageFromIOS is not a function")
                == true, "\(String(describing: problem))")
        let fromHandler = "Error: boom in page-3.js at line 2"
        #expect(
            WireInspector.problem(
                ofThrowingCommand: NativeCommand(Self.command("{}"), in: .canonical), error: fromHandler,
                sourceURL: "native-evaluation-7.js",
                in: .canonical) == nil)
        #expect(
            WireInspector.problem(
                ofThrowingCommand: NativeCommand(ios, in: .canonical), error: error,
                sourceURL: "native-evaluation-71.js", in: .canonical) == nil)
        #expect(
            WireInspector.problem(
                ofThrowingCommand: NativeCommand("WebViewJavascriptBridge._fetchQueue();", in: .canonical),
                error: error,
                sourceURL: "native-evaluation-7.js", in: .canonical) == nil)
    }

    @Test("decoded native messages keep a message whose command only lacks its `;`")
    func decodedWithoutSemicolon() {
        var transcript = Transcript()
        transcript.appendEvaluation(
            id: 1, style: .asynchronous, script: String(Self.command(#"{\"handlerName\":\"h\"}"#).dropLast()))
        transcript.appendEvaluation(
            id: 2, style: .asynchronous, script: "WebViewJavascriptBridge._handleMessageFromIOS('{}');")
        #expect(transcript.decodedNativeMessages == [["handlerName": "h"]])
    }
}

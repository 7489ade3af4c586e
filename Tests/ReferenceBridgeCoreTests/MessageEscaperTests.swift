import ReferenceOracle
import Testing

@testable import ReferenceBridgeCore

@Suite("Escaping for a single-quoted JS literal")
struct MessageEscaperTests {
    @Test(
        "each special character has its escape",
        arguments: [
            ("'", #"\'"#),
            ("\"", #"\""#),
            ("\\", #"\\"#),
            ("a\\", #"a\\"#),
            ("\n", #"\n"#),
            ("\r", #"\r"#),
            ("\u{0C}", #"\f"#),
            ("\u{2028}", #"\u2028"#),
            ("\u{2029}", #"\u2029"#),
            ("\r\n", #"\r\n"#),
        ])
    func specialCharacters(input: String, expected: String) {
        #expect(MessageEscaper.escapeForSingleQuotedLiteral(input) == expected)
    }

    @Test(
        "everything else is kept unchanged, NUL and emoji included",
        arguments: [
            "", "abc", "a\u{0}b", "😀", "e\u{301}", "\t\u{1}\u{7F}", "{[1,2]:}", "\u{2027}\u{202A}", "/",
        ])
    func keptUnchanged(input: String) {
        #expect(Array(MessageEscaper.escapeForSingleQuotedLiteral(input).utf16) == Array(input.utf16))
    }

    @Test("the command wraps the escaped JSON in the exact upstream call")
    func command() {
        #expect(
            MessageEscaper.handleMessageCommand(forMessageJSON: #"{"a":"it's"}"#)
                == #"WebViewJavascriptBridge._handleMessageFromObjC('{\"a\":\"it\'s\"}');"#)
        #expect(
            MessageEscaper.handleMessageCommand(forMessageJSON: "{\"a\":\"\u{0}b\"}")
                == "WebViewJavascriptBridge._handleMessageFromObjC('{\\\"a\\\":\\\"\u{0}b\\\"}');")
    }

    @Test("the one-pass escaper equals the replacement chain and round-trips, on generated strings")
    func matchesReplacementChain() {
        for input in Self.generatedStrings(count: 2000) {
            let escaped = MessageEscaper.escapeForSingleQuotedLiteral(input)
            #expect(
                Array(escaped.utf16) == Array(ReplacementChain.escape(input).utf16),
                "input: \(Array(input.unicodeScalars))")
            #expect(
                unescapeLiteral(escaped).map { Array($0.utf16) } == Array(input.utf16),
                "input: \(Array(input.unicodeScalars))")
        }
    }

    /// Deterministic strings built from pieces that stress the escaper (fixed-seed LCG, no randomness).
    static func generatedStrings(count: Int) -> [String] {
        let pieces = [
            "a", "Z", "0", " ", "\\", "\"", "'", "\n", "\r", "\r\n", "\u{0C}", "\u{2028}", "\u{2029}", "\u{0}",
            "\t", "😀", "é", "e\u{301}", "\u{301}", "\\u2028", "\\n", "{", "}", ":", "/", "\u{FEFF}", "中",
        ]
        var state: UInt64 = 0x2028_2029
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in
            (0..<next(24)).map { _ in pieces[next(pieces.count)] }.joined()
        }
    }
}

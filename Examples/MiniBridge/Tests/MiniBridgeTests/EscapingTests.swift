import MiniBridge
import Testing

/// MiniBridge's own escaper, tested directly (the catalogue tests it end to end).
@Suite("escapeForJavaScriptLiteral")
struct EscapingTests {
    @Test("quotes and backslashes are escaped, backslash first so nothing is doubled")
    func quotesAndBackslashes() {
        #expect(
            MiniBridge.escapeForJavaScriptLiteral(#"{"a":"it's \"x\" \\ y"}"#)
                == #"{\"a\":\"it\'s \\\"x\\\" \\\\ y\"}"#)
    }

    @Test("line terminators and form feed become escapes; nothing raw is left, and no ES2015 \\u{...} form")
    func lineTerminators() {
        let escaped = MiniBridge.escapeForJavaScriptLiteral("a\nb\rc\u{0C}d\u{2028}e\u{2029}f")
        #expect(escaped == #"a\nb\rc\fd\u2028e\u2029f"#)
        #expect(!escaped.unicodeScalars.contains { ["\n", "\r", "\u{2028}", "\u{2029}"].contains($0) })
        #expect(!escaped.contains("\\u{"))
    }

    @Test("CR LF is two escapes, and everything else passes through unchanged")
    func passThrough() {
        #expect(MiniBridge.escapeForJavaScriptLiteral("\r\n") == #"\r\n"#)
        let plain = "plain ASCII, \u{E9}, \u{1F600}, \u{FEFF}, \\u2028 as text is escaped only at its backslash"
        #expect(MiniBridge.escapeForJavaScriptLiteral(plain) == plain.replacingOccurrences(of: "\\", with: "\\\\"))
    }
}

import ConformanceAdapter
import ConformanceKit
import Foundation
import StrictJSON
import TestTiers
import Testing

@Suite("JSON values, parser and canonical encoding")
struct JSONTests {
    @Test("the canonical encoding sorts keys and escapes everything outside printable ASCII")
    func canonicalEncoding() {
        let value: JSONValue = ["b": [1, 2.5, true, nil], "a": "é\u{2028}\u{0}\u{1F600}/\"\\"]
        #expect(value.canonicalText == #"{"a":"\u00e9\u2028\u0000\ud83d\ude00/\"\\","b":[1,2.5,true,null]}"#)
        #expect(JSONValue.number(-0.0).canonicalText == "0")
        #expect(JSONValue.number(.infinity).canonicalText == "null")
    }

    @Test(
        "a value abbreviated for a report is its display text abbreviated, for every corpus payload and a cut anywhere",
        .fullTier
    )
    func abbreviatedValues() throws {
        let nonFinite: JSONValue = ["a": [.number(.nan), .number(-.infinity)], "é": "\u{1F600}\u{0}\"\\\n\t\r\u{7F}"]
        let values = try PayloadCorpus.bundled().payloads.map(\.nativeValue) + [nonFinite, "", [], [:]]
        for value in values {
            let text = value.displayText
            for limit in Set([0, 1, 5, 6, 7, 12, 13, 60, 120, 160, text.utf8.count - 1, text.utf8.count, 1 << 20])
            where limit >= 0 {
                #expect(
                    PrintableText.abbreviate(value, limit: limit) == PrintableText.abbreviate(text, limit: limit),
                    "\(PrintableText.abbreviate(text, limit: 80)) cut at \(limit)")
            }
            #expect(CanonicalJSON.displayExcerpt(value, limit: 40).length == text.utf8.count)
        }
    }

    @Test("the native side's encoding is the canonical one with text outside ASCII kept, and parses back")
    func encodingKeepingNonASCII() throws {
        let value: JSONValue = ["b": [1, 2.5, true, nil], "a": "é\u{2028}\u{0}\u{1F600}/\"\\\n"]
        let text = CanonicalJSON.encodeKeepingNonASCII(value)
        #expect(text == "{\"a\":\"é\u{2028}\\u0000\u{1F600}/\\\"\\\\\\n\",\"b\":[1,2.5,true,null]}")
        #expect(try JSONParser.parse(text) == value)
        #expect(JSONValue.number(.nan).containsNonFiniteNumber)
        #expect(JSONValue.object(["a": .array([.number(-.infinity)])]).containsNonFiniteNumber)
        #expect(!value.containsNonFiniteNumber)
    }

    @Test(
        "UTF-16 code units of a string, as the engine gets them",
        arguments: [
            "", "plain ASCII", "é\u{2028}\u{0}", "😀 and 𝄞", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
        ])
    func utf16Units(text: String) {
        #expect(UTF16Text.units(of: text) == Array(text.utf16))
        #expect(UTF16Text.string(UTF16Text.units(of: text)) == text)
    }

    @Test(
        "parse and encode round-trip",
        arguments: [
            #"{"a":[1,-2.5e-3,true,false,null,"x\ny\u2028"],"b":{}}"#, #"[]"#, #""\ud83d\ude00""#, "0",
        ])
    func roundTrip(text: String) throws {
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(value.canonicalText) == value)
    }

    @Test(
        "the parser rejects what RFC 8259 rejects",
        arguments: [
            "", "[1,]", "{\"a\":1,}", "01", "[1 2]", "\"raw\ncontrol\"", "'single'", "{a:1}", "[1]x", "nul",
            "\"\\x41\"", "1.", "-",
        ])
    func strictParser(text: String) {
        #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(text) }
    }

    @Test("Foundation values convert, booleans and numbers kept apart")
    func foundationConversion() throws {
        let foundation: Any =
            ["flag": true, "count": 3, "ratio": 0.5, "none": NSNull(), "list": [NSNumber(value: false), "s"]]
            as [String: Any]
        let value = try JSONValue(foundation: foundation)
        #expect(value == ["flag": true, "count": 3, "ratio": 0.5, "none": nil, "list": [false, "s"]])
        #expect(try JSONValue(foundation: value.foundationValue) == value)
        #expect(throws: JSONValue.ConversionError.self) { try JSONValue(foundation: Date()) }
        #expect(throws: JSONValue.ConversionError.self) { try JSONValue(foundation: ["nested": [Date()]]) }
        let optionals: [String: Any?] = ["some": 1, "none": nil]
        #expect(try JSONValue(foundation: optionals as [String: Any]) == ["some": 1, "none": nil])
    }
}

@Suite("UTF-16 text: lone surrogates and pairs, as the standard library decodes them")
struct UTF16TextTests {
    @Test("random code units (seed 11), lone surrogates included, give the standard library's string")
    func agreesWithTheStandardLibrary() {
        var random = ExploreRandom(seed: 11)
        let units: [UInt16] = [0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x2028, 0xD83D, 0xDE00, 0xDBFF, 0xDC00, 0xFFFF, 0]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in units.randomElement(using: &random)! }
            #expect(UTF16Text.string(text) == String(decoding: text, as: UTF16.self), "\(text)")
        }
    }
}

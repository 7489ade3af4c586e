import ConformanceFixtures
import Foundation
import KitTestSupport
import StrictJSON
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit
@testable import ConformanceSupport

@Suite("Fixtures: the payload corpus, the goldens and their schemas")
struct FixtureTests {
    @Test("the corpus loads, has at least 60 payloads in all three classes, and covers the hostile kinds")
    func corpusShape() throws {
        let corpus = try PayloadCorpus.bundled()
        #expect(corpus.payloads.count >= 60)
        for payloadClass in HostilePayload.Class.allCases {
            #expect(!corpus.payloads(of: payloadClass).isEmpty, "no \(payloadClass.rawValue) payload")
        }
        let ids = Set(corpus.payloads.map(\.id))
        for required in [
            "quote.single", "quote.double", "backslash.three", "backslash.trailing", "line-terminator.lf",
            "line-terminator.cr", "line-terminator.ls", "line-terminator.ps", "control.nul", "control.all-c0",
            "surrogates.lone-high", "surrogates.emoji", "surrogates.zwj-family", "bom.leading", "html.script-close",
            "format.specifiers", "replacement.patterns", "injection.single-quoted", "injection.double-quoted",
            "nesting.deep", "large.one-mebibyte", "number.max-double", "number.non-finite.nan",
        ] {
            #expect(ids.contains(required), "the corpus lacks \(required)")
        }
        let large = try #require(corpus.payloads.first { $0.id == "large.one-mebibyte" })
        guard case .string(let text) = large.nativeValue else { Issue.record("not a string"); return }
        #expect(text.utf8.count >= 1 << 20)
    }

    @Test("CanonicalJavaScriptSide.fileURL is the kit's reference JS side, for bridges that read theirs from a file")
    func canonicalJavaScriptSideFile() throws {
        let url = CanonicalJavaScriptSide.fileURL
        #expect(url.isFileURL && url.lastPathComponent == "WebViewJavascriptBridge.js")
        #expect(try String(contentsOf: url, encoding: .utf8) == ConformanceRunner.referenceJavaScriptSide())
    }

    @Test("a malformed corpus is refused with the file, the payload and the field")
    func malformedCorpus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try
            #"{"format":"wvjb-conformance-payload-corpus","version":1,"description":"x","payloads":[{"id":"a","class":"sometimes","description":"d","value":1}]}"#
            .write(to: bad, atomically: true, encoding: .utf8)
        #expect {
            try PayloadCorpus.load(from: bad)
        } throws: { error in
            let message = (error as? HarnessError)?.message ?? ""
            return message.contains(bad.path) && message.contains(#"payloads[0] (id "a").class"#)
                && message.contains("round-trip")
        }
        let notJSON = folder.appendingPathComponent("broken.json")
        try "{".write(to: notJSON, atomically: true, encoding: .utf8)
        #expect { try PayloadCorpus.load(from: notJSON) } throws: {
            ($0 as? HarnessError)?.message.contains("not valid JSON at byte 1") == true
        }
    }

    @Test("the bundled corpus matches its schema, which the loader enforces")
    func corpusMatchesSchema() throws {
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/payload-corpus.schema.json"), encoding: .utf8))
        let corpus = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("payloads/hostile-payloads.json"), encoding: .utf8))
        let violations = JSONSchemaValidator(schema: schema).violations(of: corpus)
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }

    @Test("every golden transcript matches the golden schema", .fullTier)
    func goldensMatchSchema() throws {
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/golden-transcript.schema.json"), encoding: .utf8))
        let validator = JSONSchemaValidator(schema: schema)
        for dialect in WireDialect.shipped {
            let folder = Kit.goldenStore(dialect).directory
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".json")
            }
            #expect(!files.isEmpty, "\(dialect.name)")
            for file in files {
                let document = try JSONParser.parse(
                    try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
                let violations = validator.violations(of: document)
                #expect(violations.isEmpty, "\(dialect.name)/\(file): \(violations.prefix(3))")
            }
        }
    }

    @Test("the schema validator reports each rule it checks")
    func validatorRules() throws {
        let schema = try JSONParser.parse(
            #"""
            {"type":"object","required":["a"],"additionalProperties":false,"definitions":{"n":{"type":"integer","minimum":1}},
             "properties":{"a":{"$ref":"#/definitions/n"},"b":{"type":"string","pattern":"^x+$","minLength":2},
                           "c":{"type":"array","minItems":1,"items":{"enum":[1,2]}},"d":{"oneOf":[{"type":"string"},{"type":"number"}]}}}
            """#)
        let validator = JSONSchemaValidator(schema: schema)
        #expect(validator.violations(of: ["a": 2, "b": "xx", "c": [1], "d": "s"]).isEmpty)
        let messages = validator.violations(of: ["a": 0.5, "b": "y", "c": [], "d": true, "e": 1]).map(\.description)
        for expected in [
            "/a: expected integer", "/b: shorter than 2", "/b: does not match", "/c: fewer than 1",
            "/d: must match exactly one", "/: unknown key \"e\"",
        ] {
            #expect(messages.contains { $0.hasPrefix(expected) }, "missing \(expected) in \(messages)")
        }
        #expect(validator.violations(of: [:]).map(\.description).contains { $0.contains("missing required key \"a\"") })
    }
}

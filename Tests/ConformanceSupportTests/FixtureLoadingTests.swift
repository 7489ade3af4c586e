import ConformanceFixtures
import Foundation
import KitTestSupport
import StrictJSON
import Testing

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceExplore
@testable import ConformanceKit
@testable import ConformanceReports
@testable import ConformanceSupport

/// Fixture files are loaded loudly: every problem is an error naming the file, the entry and the field.
@Suite("Fixture loading: typed, strict, and loud")
struct FixtureLoadingTests {
    /// A scratch folder removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes `text` to a new file and returns it.
        func file(_ text: String, named name: String = "baseline.json") throws -> URL {
            let file = url.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file
        }
    }

    static func baselineText(_ entries: String...) -> String {
        #"{"format":"wvjb-conformance-baseline","version":1,"entries":["# + entries.joined(separator: ",\n") + "]}"
    }

    static let goodEntry = #"{"case":"flush.*","verdict":"fail","reason":"known"}"#

    /// The message of the `HarnessError` `body` throws (failing the test when it throws none).
    static func message<Value>(
        of body: () throws(HarnessError) -> Value, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        Kit.harnessErrorMessage(of: body, sourceLocation: sourceLocation)
    }

    @Test(
        "a bad baseline entry is refused with the file, the entry (index and case) and the field",
        arguments: [
            (
                #"{"case":"flush.x","verdict":"flaky","reason":"r"}"#,
                #"entries[1] (case "flush.x").verdict: "flaky" is not a verdict a baseline can expect (fail, insecure, non-strict, timeout, crash, adapter-error, harness-error)"#
            ),
            (
                #"{"case":"flush.x","verdict":"pass","reason":"r"}"#,
                #"entries[1] (case "flush.x").verdict: "pass" is a passing verdict"#
            ),
            (#"{"case":"flush.x","verdict":"fail"}"#, #"entries[1] (case "flush.x").reason: required field missing"#),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"  "}"#,
                #"entries[1] (case "flush.x").reason: must not be empty"#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","reasons":"typo"}"#,
                #"entries[1] (case "flush.x").reasons: unknown field (the fields are case, verdict, reason, platforms, obligations)"#
            ),
            (
                #"{"case":"flush.x","verdict":3,"reason":"r"}"#,
                #"entries[1] (case "flush.x").verdict: expected a string, found the number 3"#
            ),
            (
                #"{"case":"flush.x","verdict":null,"reason":"r"}"#,
                #"entries[1] (case "flush.x").verdict: expected a string, found null"#
            ),
            (
                #"{"case":"Bad Glob!","verdict":"fail","reason":"r"}"#,
                #"entries[1] (case "Bad Glob!").case: "Bad Glob!" is not a case id or glob"#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","platforms":["linx"]}"#,
                #"entries[1] (case "flush.x").platforms[0]: "linx" is not a platform (linux, macos, ios"#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","platforms":[]}"#,
                #"entries[1] (case "flush.x").platforms: lists no platform"#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","platforms":"linux"}"#,
                #"entries[1] (case "flush.x").platforms: expected an array, found the string "linux""#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","obligations":["FLUSH-3.b","BOOT 2"]}"#,
                #"entries[1] (case "flush.x").obligations[1]: "BOOT 2" is not an obligation or clause id (BOOT-2.b, APP-1"#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","obligations":["FLUSH-3.b","FLUSH-3.b"]}"#,
                #"entries[1] (case "flush.x").obligations[1]: "FLUSH-3.b" is listed twice; list it once"#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","obligations":"FLUSH-3.b"}"#,
                #"entries[1] (case "flush.x").obligations: expected an array, found the string "FLUSH-3.b""#
            ),
            (
                #"{"case":"flush.x","verdict":"fail","reason":"r","obligations":["\u001B[2J"]}"#,
                #"entries[1] (case "flush.x").obligations[0]: "\u001b[2J" is not an obligation or clause id"#
            ),
            (#""flush.x""#, #"entries[1]: expected an object, found the string "flush.x""#),
        ])
    func badBaselineEntry(entry: String, expected: String) throws {
        let folder = try Folder()
        let file = try folder.file(Self.baselineText(Self.goodEntry, entry))
        let message = Self.message { () throws(HarnessError) in try Baseline.load(from: file) }
        #expect(message.hasPrefix(file.path + ": "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test(
        "a baseline entry that repeats an earlier one's case on a platform both hold on is refused, naming both; on other platforms it loads"
    )
    func repeatedBaselineEntryIsRefused() throws {
        let folder = try Folder()
        let repeated = try folder.file(
            Self.baselineText(Self.goodEntry, #"{"case":"flush.*","verdict":"insecure","reason":"again"}"#))
        #expect(
            Self.message { () throws(HarnessError) in try Baseline.load(from: repeated) }
                == repeated.path
                + #": entries[1] (case "flush.*"): repeats entries[0], for the same case; keep one entry per case (and platform)"#
        )
        let onLinux = try folder.file(
            Self.baselineText(
                Self.goodEntry, #"{"case":"flush.x","verdict":"fail","reason":"r"}"#,
                #"{"case":"flush.*","verdict":"fail","reason":"r","platforms":["macos","linux"]}"#), named: "linux.json"
        )
        #expect(
            Self.message { () throws(HarnessError) in try Baseline.load(from: onLinux) }
                == onLinux.path
                + #": entries[2] (case "flush.*"): repeats entries[0], for the same case on linux, macos; keep one entry per case (and platform)"#
        )
        let apart = try folder.file(
            Self.baselineText(
                #"{"case":"flush.*","verdict":"fail","reason":"r","platforms":["linux"]}"#,
                #"{"case":"flush.*","verdict":"insecure","reason":"r","platforms":["macos"]}"#), named: "apart.json")
        #expect(try Baseline.load(from: apart).entries.count == 2)
    }

    @Test("a baseline gates the profile it names (canonical when it names none), and says so to a run in another")
    func baselineProfile() throws {
        let folder = try Folder()
        let plain = try folder.file(
            #"{"format":"wvjb-conformance-baseline","version":1,"entries":[]}"#, named: "plain.json")
        let wkwvjb = try folder.file(
            #"{"format":"wvjb-conformance-baseline","version":1,"profile":"wkwvjb","entries":[]}"#, named: "wk.json")
        #expect(try Baseline.load(from: plain).profile == "canonical")
        let loaded = try Baseline.load(from: wkwvjb)
        #expect(loaded.profile == "wkwvjb" && loaded.mismatch(withRunIn: "wkwvjb") == nil)
        #expect(
            loaded.mismatch(withRunIn: "canonical", path: "wk.json")
                == "the baseline wk.json gates the wkwvjb profile, and this run speaks canonical: run with --profile wkwvjb, or keep a baseline file per profile"
        )
        // An update keeps the profile, and the file says it.
        let updated = Baseline.updated(from: [], keeping: loaded)
        #expect(
            updated.profile == "wkwvjb"
                && updated.fileText.hasPrefix(#"{"format":"wvjb-conformance-baseline","version":2,"kitVersion":"#)
                && updated.fileText.contains(#","profile":"wkwvjb","entries":["#), "\(updated.fileText)")
    }

    @Test("a bad baseline document is refused: wrong format, version, unknown top-level field, no entries")
    func badBaselineDocument() throws {
        let folder = try Folder()
        let cases: [(String, String)] = [
            (
                #"{"format":"wvjb-baseline","version":1,"entries":[]}"#,
                #"format: expected "wvjb-conformance-baseline", found the string "wvjb-baseline""#
            ),
            (
                #"{"format":"wvjb-conformance-baseline","version":3,"entries":[]}"#,
                "version: this kit reads versions 1 to 2, found the number 3; a newer kit wrote the file: update the kit"
            ),
            (
                #"{"format":"wvjb-conformance-baseline","version":"2","entries":[]}"#,
                #"version: this kit reads versions 1 to 2, found the string "2""#
            ),
            (
                #"{"format":"wvjb-conformance-baseline","version":1,"entries":[],"comment":"x"}"#,
                "comment: unknown field (the fields are format, version, kitVersion, catalogueDigest, profile, entries)"
            ),
            (
                #"{"format":"wvjb-conformance-baseline","version":1,"profile":"WK WVJB","entries":[]}"#,
                #"profile: "WK WVJB" is not a profile name (dot-separated segments of a-z, 0-9 and -)"#
            ),
            (#"{"format":"wvjb-conformance-baseline","version":1}"#, "entries: required field missing"),
            (#"[]"#, "expected an object, found an array"),
        ]
        for (text, expected) in cases {
            let file = try folder.file(text, named: "\(UUID().uuidString).json")
            let message = Self.message { () throws(HarnessError) in try Baseline.load(from: file) }
            #expect(message == "\(file.path): \(expected)")
        }
    }

    @Test("a baseline that is not JSON names the byte offset, line and column; a missing one says what to do")
    func unreadableBaseline() throws {
        let folder = try Folder()
        let text = Self.baselineText("\n  " + Self.goodEntry + ",\n")
        let trailingComma = try folder.file(text)
        let message = Self.message { () throws(HarnessError) in try Baseline.load(from: trailingComma) }
        #expect(
            message == trailingComma.path
                + ": not valid JSON at byte \(text.utf8.count - 2) (line 3, column 1): unexpected character",
            "\(message)")

        let missing = folder.url.appendingPathComponent("nowhere.json")
        do throws(HarnessError) {
            _ = try Baseline.load(from: missing)
            Issue.record("a missing baseline loaded")
        } catch {
            #expect(error.code == .invalidInput)
            #expect(error.message.hasPrefix(missing.path + ": no such file."), "\(error.message)")
            #expect(error.message.contains("--update-baseline"))
        }

        let directory = Self.message { () throws(HarnessError) in try Baseline.load(from: folder.url) }
        #expect(directory == folder.url.path + ": is a folder, not a file; give the path of a file", "\(directory)")
    }

    @Test(
        "a path that is not a readable UTF-8 file is refused saying what it is: a device, a folder, too large, not UTF-8"
    )
    func filesThatAreNotTextSayWhatTheyAre() throws {
        let folder = try Folder()
        for device in ["/dev/null", "/dev/zero"] {
            let message = Self.message { () throws(HarnessError) in
                try Baseline.load(from: URL(fileURLWithPath: device))
            }
            #expect(
                message == device
                    + ": is a character device (such as /dev/null, /dev/zero or a terminal), not a file; give the path of a file"
            )
        }
        #expect(
            Self.message { () throws(HarnessError) in try Baseline.load(from: folder.url) }
                == folder.url.path + ": is a folder, not a file; give the path of a file")
        let latin1 = folder.url.appendingPathComponent("latin1.json")
        try Data(
            #"{"format":"wvjb-conformance-baseline","version":1,"entries":[{"case":"flush.*","verdict":"fail","reason":"caf"#
                .utf8 + [0xE9]
                + #""}]}"#.utf8
        ).write(to: latin1)
        #expect(
            Self.message { () throws(HarnessError) in try Baseline.load(from: latin1) }
                == latin1.path + ": is not UTF-8 text (byte 109 is not part of a UTF-8 character); save it as UTF-8")
        let big = try folder.file(String(repeating: " ", count: 2_000) + "{}", named: "big.json")
        do throws(FixtureFile.Failure) {
            _ = try FixtureFile(userFile: big, remedy: "", maximumBytes: 1_024).text()
            Issue.record("a file over the limit was read")
        } catch {
            #expect(error.description == big.path + ": is larger than 1 KiB, the most the kit reads from such a file")
        }
    }

    @Test("a file behind a pipe (a FIFO, process substitution) is read to its end")
    func pipeIsReadToItsEnd() throws {
        let pipe = Pipe()
        let text = Self.baselineText(Self.goodEntry)
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        let path = "/proc/self/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        #expect(try TextFileReader.text(atPath: path, maximumBytes: 1 << 20) == text)
    }

    @Test("a baseline reason holding ESC or a line break is shown by the gate on one printable line")
    func gateShowsReasonsPrintable() {
        let baseline = Baseline(entries: [
            .init(
                caseGlob: "flush.x", verdict: .fail, reason: "ok\u{1B}[2J\nNEW FAILURE fake.case: fail", obligations: []
            )
        ])
        let text = baseline.gate([Self.result("flush.x", .pass)], catalogueIDs: ["flush.x"]).render(updateCommand: "u")
        #expect(text.split(separator: "\n").count == 3, "\(text)")
        #expect(text.contains("(ok<U+001B>[2J<U+000A>NEW FAILURE fake.case: fail)"), "\(text)")
    }

    @Test("a baseline with platforms loads, and its file text round-trips, platforms included")
    func platformsRoundTrip() throws {
        let folder = try Folder()
        let file = try folder.file(
            Self.baselineText(
                Self.goodEntry,
                #"{"case":"flush.lenient-parser-json-dropped","verdict":"fail","reason":"Linux Foundation","platforms":["linux","macos"]}"#
            ))
        let baseline = try Baseline.load(from: file)
        #expect(baseline.entries.map(\.platforms) == [nil, [.linux, .macOS]])
        let rewritten = try folder.file(baseline.fileText, named: "rewritten.json")
        #expect(try Baseline.load(from: rewritten) == baseline)
        #expect(baseline.fileText.contains(#""platforms":["linux","macos"]"#))
    }

    static func result(_ caseID: String, _ verdict: Verdict) -> CaseResult {
        CaseResult(
            caseID: caseID, level: .must, verdict: verdict, failures: [], interruption: nil, leftovers: CaseLeftovers(),
            transcript: Transcript(), bridgeJavaScriptSource: "")
    }

    @Test("an entry for other platforms is neither matched nor stale; on its platform it is both")
    func platformEntries() {
        let lenient = "flush.lenient-parser-json-dropped"
        let baseline = Baseline(entries: [
            .init(caseGlob: lenient, verdict: .fail, reason: "Linux Foundation", platforms: [.linux]),
            .init(caseGlob: "no-such.case", verdict: .fail, reason: "stale on macOS only", platforms: [.macOS]),
        ])
        let ids = Catalogue.all.map(\.id)

        let onLinux = baseline.gate([Self.result(lenient, .fail)], catalogueIDs: ids, on: .linux)
        #expect(onLinux.expected.map(\.result.caseID) == [lenient])
        #expect(onLinux.stale.isEmpty && onLinux.isSatisfied)

        let passingOnMac = baseline.gate([Self.result(lenient, .pass)], catalogueIDs: ids, on: .macOS)
        #expect(passingOnMac.unexpectedPasses.isEmpty, "a Linux entry must not turn into an unexpected pass on macOS")
        #expect(passingOnMac.stale.map(\.caseGlob) == ["no-such.case"])

        let failingOnMac = baseline.gate([Self.result(lenient, .fail)], catalogueIDs: ids, on: .macOS)
        #expect(failingOnMac.newFailures.map(\.caseID) == [lenient], "a Linux entry must not cover a macOS failure")

        #expect(
            baseline.gate([Self.result(lenient, .pass)], catalogueIDs: ids, on: .linux).unexpectedPasses.map(
                \.result.caseID) == [lenient])
        #expect(Baseline.Platform.current != nil)

        // On a platform no entry can name, only entries for every platform hold.
        let unnamed = baseline.gate([Self.result(lenient, .fail)], catalogueIDs: ids, on: nil)
        #expect(unnamed.newFailures.map(\.caseID) == [lenient] && unnamed.stale.isEmpty)
        let everywhere = Baseline(entries: [.init(caseGlob: lenient, verdict: .fail, reason: "everywhere")])
        #expect(
            everywhere.gate([Self.result(lenient, .fail)], catalogueIDs: ids, on: nil).expected.map(\.result.caseID)
                == [lenient])
    }

    @Test("updating a baseline keeps a kept entry's reason and platforms, and entries for other platforms as they are")
    func updateKeepsPlatforms() {
        let lenient = "flush.lenient-parser-json-dropped"
        let old = Baseline(entries: [
            .init(caseGlob: "flush.*", verdict: .fail, reason: "Linux Foundation", platforms: [.linux]),
            .init(caseGlob: "escaping.**", verdict: .fail, reason: "macOS only", platforms: [.macOS]),
        ])
        let updated = Baseline.updated(
            from: [Self.result(lenient, .fail), Self.result("ordering.native-to-js.fifo", .pass)], keeping: old,
            on: .linux)
        #expect(
            updated.entries == [
                .init(
                    caseGlob: lenient, verdict: .fail, reason: "Linux Foundation", platforms: [.linux], obligations: []),
                .init(caseGlob: "escaping.**", verdict: .fail, reason: "macOS only", platforms: [.macOS]),
            ])
        let fresh = Baseline.updated(from: [Self.result("ordering.native-to-js.fifo", .fail)], keeping: old, on: .linux)
        #expect(fresh.entries.first?.platforms == nil)
        // A result without failures or interruption: the reason says its verdict.
        #expect(fresh.entries.first?.reason == "fail")
    }

    @Test("the baseline schema and the loader agree on verdicts and platforms; MiniBridge's baseline passes both")
    func baselineSchemaAgrees() throws {
        let schema = try JSONParser.parse(
            try String(contentsOf: ConformanceFixtures.url("schemas/baseline.schema.json"), encoding: .utf8))
        guard case .object(let root) = schema, case .object(let properties)? = root["properties"],
            case .object(let entries)? = properties["entries"], case .object(let items)? = entries["items"],
            case .object(let fields)? = items["properties"], case .object(let verdict)? = fields["verdict"],
            case .object(let platforms)? = fields["platforms"], case .object(let platformItems)? = platforms["items"]
        else { Issue.record("unexpected schema shape"); return }
        #expect(verdict["enum"] == .array(Baseline.expectableVerdicts.map { .string($0.rawValue) }))
        #expect(platformItems["enum"] == .array(Baseline.Platform.allCases.map { .string($0.rawValue) }))

        let miniBridge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Examples/MiniBridge/conformance-baseline.json")
        let document = try JSONParser.parse(try String(contentsOf: miniBridge, encoding: .utf8))
        #expect(JSONSchemaValidator(schema: schema).violations(of: document).isEmpty)
        let loaded = try Baseline.load(from: miniBridge)
        #expect(loaded.entries.first { $0.caseGlob == "flush.lenient-parser-json-dropped" }?.platforms == [.linux])
        #expect(
            loaded.fileText == (try String(contentsOf: miniBridge, encoding: .utf8)),
            "the file is not in the form --update-baseline writes")
    }

    static func corpusText(_ payloads: String...) -> String {
        #"{"format":"wvjb-conformance-payload-corpus","version":1,"description":"test","payloads":["#
            + payloads.joined(separator: ",") + "]}"
    }

    @Test(
        "a bad corpus payload is refused with its id and field",
        arguments: [
            (
                #"{"id":"a.b","class":"round-trip","description":"d","value":1,"valueJSON":"1"}"#,
                #"payloads[1] (id "a.b").valueJSON: a payload has exactly one of value, valueJSON, special, generate, and this one also has value"#
            ),
            (
                #"{"id":"a.b","class":"round-trip","description":"d"}"#,
                #"payloads[1] (id "a.b"): has no value: give exactly one of value, valueJSON"#
            ),
            (
                #"{"id":"a.b","class":"round-trip","description":"d","valueJSON":"[1,]"}"#,
                #"payloads[1] (id "a.b").valueJSON: is not JSON text (at byte 3: "#
            ),
            (
                #"{"id":"a.b","class":"round-trip","description":"d","special":"nan"}"#,
                #"payloads[1] (id "a.b").special: "nan" is not a special number (NaN, Infinity, -Infinity)"#
            ),
            (
                #"{"id":"a.b","class":"round-trip","description":"d","generate":{"repeat":{"unit":"x","count":1.5}}}"#,
                #"payloads[1] (id "a.b").generate.repeat.count: expected an integer"#
            ),
            (
                #"{"id":"a.b","class":"round-trip","description":"d","generate":{"nest":{"depth":0,"leaf":null}}}"#,
                #"payloads[1] (id "a.b").generate.nest.depth: must be at least 1, found 0"#
            ),
            (
                #"{"id":"a.b","class":"round-trip","description":"d","generate":{"nest":{"depth":2}}}"#,
                #"payloads[1] (id "a.b").generate.nest.leaf: required field missing"#
            ),
            (
                #"{"id":"a.b","class":"round-trip","description":"d","value":1,"expected":2}"#,
                #"payloads[1] (id "a.b").expected: unknown field"#
            ),
            (
                #"{"id":"first","class":"round-trip","description":"d","value":1}"#,
                #"payloads[1] (id "first").id: "first" is already the id of payloads[0]"#
            ),
        ])
    func badCorpusPayload(payload: String, expected: String) throws {
        let folder = try Folder()
        let file = try folder.file(
            Self.corpusText(
                #"{"id":"first","class":"rejected","description":"d","special":"NaN","expectedAtNative":null}"#, payload
            ),
            named: "corpus.json")
        let message = Self.message { () throws(HarnessError) in try PayloadCorpus.load(from: file) }
        #expect(message.hasPrefix(file.path + ": "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test("corpus values decode as before: null values, expectedAtNative null, generators")
    func corpusValues() throws {
        let folder = try Folder()
        let file = try folder.file(
            Self.corpusText(
                #"{"id":"a","class":"round-trip","description":"d","value":null}"#,
                #"{"id":"b","class":"rejected","description":"d","special":"-Infinity","expectedAtNative":null}"#,
                #"{"id":"c","class":"round-trip","description":"d","generate":{"repeat":{"unit":"ab","count":3}}}"#,
                #"{"id":"d","class":"round-trip","description":"d","generate":{"nest":{"depth":2,"leaf":"x"}}}"#,
                #"{"id":"e","class":"round-trip","description":"d","valueJSON":"\"a\\ud800b\""}"#), named: "corpus.json"
        )
        let payloads = try PayloadCorpus.load(from: file).payloads
        #expect(payloads.map(\.nativeValue) == [.null, .number(-.infinity), "ababab", [["x"]], "a\u{FFFD}b"])
        #expect(payloads.map(\.expectedAtNative)[1] == .null)
        #expect(payloads[2].javaScriptExpression == #"new Array(3 + 1).join("ab")"#)
        // JSON text reaches the page through its own JSON.parse, never as an object literal (`__proto__`).
        #expect(payloads[4].javaScriptExpression == #"JSON.parse("\"a\\ud800b\"")"#)
        #expect(payloads[0].javaScriptExpression == #"JSON.parse("null")"#)
    }

    @Test("a golden that is not JSON is malformed, with the byte offset")
    func malformedGolden() throws {
        let folder = try Folder()
        _ = try folder.file("{\"a\": tru}", named: "a.b.json")
        let outcome = GoldenStore(directory: folder.url).check(["a": true], caseID: "a.b", mode: .never)
        guard case .malformed(let path, let problem) = outcome else { Issue.record("\(outcome)"); return }
        #expect(path == folder.url.appendingPathComponent("a.b.json").path)
        #expect(problem == "not valid JSON at byte 6 (line 1, column 7): unexpected character", "\(problem)")
    }
}

import ConformanceObligations
import Foundation
import StrictJSON
import Testing

@testable import ConformanceAdapter
@testable import ConformanceBrowser
@testable import ConformanceCatalogue

@Suite("Case interruptions and checks: typed in a case's result, worded in one place, kept by its JSON")
struct CaseInterruptionTests {
    /// Each way a case stops, with the line its result prints and the verdict it gets.
    static let stops: [(stop: CaseStop, text: String, verdict: Verdict)] = [
        (.adapter(stage: "reset()", error: "no"), "adapter error during reset(): no", .adapterError),
        (
            .timeout(stage: "evaluation 3", owner: .nativeSide, location: "f.js:2"),
            "timeout: a script the native side evaluated ran past the execution time limit during evaluation 3 "
                + "(stopped in f.js:2)", .timeout
        ),
        (
            .timeout(stage: "the load", owner: .kit("page"), location: nil),
            "harness error: the kit's own page ran past the execution time limit during the load: a fault of the kit, "
                + "not of the implementation under test", .harnessError
        ),
        (
            .neverIdle(turns: 7),
            "timeout: the page never went idle (7 turns); a timer or a message loop keeps it busy", .timeout
        ),
        (.harness("it broke"), "harness error: it broke", .harnessError),
        (.notApplicable("no sync evaluation"), "not applicable: no sync evaluation", .notApplicable),
        (
            .adapterFailure(AdapterFailure(kind: .crashed, message: "died\n    | trace"), stage: "reset()"),
            "crash during reset(): died\n    | trace", .crash
        ),
        (
            .adapterFailure(AdapterFailure(kind: .unresponsive, message: "silent"), stage: nil), "timeout: silent",
            .timeout
        ),
        (
            .adapterFailure(AdapterFailure(kind: .protocolViolation, message: "bad line"), stage: "x"),
            "adapter error during x: bad line", .adapterError
        ),
        (
            .adapterFailure(AdapterFailure(kind: .launchFailed, message: "no file"), stage: nil),
            "adapter error: no file", .adapterError
        ),
        (
            .adapterFailure(AdapterFailure(kind: .kitFault, message: "kit"), stage: nil), "harness error: kit",
            .harnessError
        ),
    ]

    /// Each reason a case does not apply, with its line.
    static let notApplicable: [(reason: CaseInterruption.NotApplicable, text: String)] = [
        (.profile("wkwvjb", reason: "it needs X"), "not applicable in the wkwvjb profile: it needs X"),
        (.pageLacks("a sync evaluation"), "not applicable: needs a sync evaluation, which this web view does not have"),
        (
            .javaScriptSideNotUnderTest,
            "not applicable: the case judges a JS side alone, and this run was given none to judge (it holds the "
                + "kit's reference JS side there, whatever the bridge injects); give yours (--js-side, or "
                + "javaScriptSide:) to judge it"
        ),
        (.adapterLacks(needs: "[reset]", offers: "[]"), "not applicable: needs [reset], the adapter offers []"),
        (.pageHost("why"), "not applicable: why"),
    ]

    @Test("a stop is worded as the runner always worded it, and its interruption gives the verdict")
    func stopsWordedAsBefore() {
        for (stop, text, verdict) in Self.stops {
            #expect(stop.interruption.text == text)
            #expect(stop.description == text)
            #expect(stop.interruption.verdict == verdict && stop.verdict == verdict, "\(text)")
        }
        for (reason, text) in Self.notApplicable {
            #expect(CaseInterruption.notApplicable(reason).text == text)
            #expect(CaseInterruption.notApplicable(reason).verdict == .notApplicable)
        }
    }

    @Test("why a case stopped survives a request with 30 KiB of data: the stage is cut, the reason kept")
    func reasonSurvivesALargeRequest() {
        let action = AdapterAction.callHandler(
            name: "sink", data: .string(String(repeating: "d", count: 30 * 1024)), callback: "cb")
        let failure = AdapterFailure(kind: .crashed, message: "the testee died: SIGSEGV in its handler")
        let text = CaseStop.adapterFailure(failure, stage: action.description).interruption.text
        let shown = PrintableText.cut(text, limit: CaseOutputLimits.interruptionLength)
        #expect(shown.hasPrefix("crash during callHandler(\"sink\", data: \"ddd"), "\(shown.prefix(80))")
        #expect(shown.contains(": the testee died: SIGSEGV in its handler"), "\(shown.suffix(200))")
        #expect(shown.utf8.count < 2 * CaseOutputLimits.messageLength, "the stage is cut: \(shown.utf8.count)")
    }

    @Test("a stop names the verdict it gives, and only the verdicts of a case that stopped have one")
    func stopOfVerdict() {
        for verdict in Verdict.allCases {
            guard let stop = CaseInterruption.Stop(verdict: verdict) else {
                #expect([Verdict.pass, .fail, .nonStrict, .insecure, .notApplicable].contains(verdict))
                continue
            }
            #expect(CaseInterruption.stopped(stop, during: nil, detail: "d").verdict == verdict)
        }
    }

    @Test("a check cites the spec's obligation or clause its id names, and a custom case's own clause as text")
    func checkCitations() {
        #expect(CaseCheck(citing: "ESC-2.c", "m").citation == .obligation(.esc2c))
        #expect(CaseCheck(citing: "ESC-2", "m").citation == .clause(.esc2))
        #expect(CaseCheck(citing: "APP-1", "m").citation == .custom("APP-1"))
        #expect(CaseCheck(.esc2c, "m") == CaseCheck(citing: "ESC-2.c", "m"))
        #expect([CaseCheck(.esc2c, "m"), CaseCheck(citing: "APP-1", "n")].map(\.citedID) == ["ESC-2.c", "APP-1"])
    }

    @Test("every interruption and check survives the JSON a restarted run carries a result in")
    func roundTrip() throws {
        let interruptions =
            Self.stops.map(\.stop.interruption) + Self.notApplicable.map { CaseInterruption.notApplicable($0.reason) }
        for interruption in interruptions {
            var result = CaseResult(
                caseID: "a.b", level: .must, verdict: interruption.verdict, failures: [],
                checks: [CaseCheck(.esc2c, "o"), CaseCheck(citing: "ESC-2", "c"), CaseCheck(citing: "APP-1", "x")],
                interruption: interruption, leftovers: CaseLeftovers(), transcript: Transcript(),
                bridgeJavaScriptSource: "")
            result.clauses = ["ESC-2"]
            let json = try JSONParser.parse(CanonicalJSON.encodeKeepingNonASCII(try JSONValueEncoder.encode(result)))
            let back = try JSONValueDecoder.decode(CaseResult.self, from: json)
            #expect(back.interruption == interruption)
            #expect(back.checks == result.checks)
            #expect(back.report == result.report)
        }
    }
}

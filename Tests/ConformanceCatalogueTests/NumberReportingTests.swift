import KitTestSupport
import StrictJSON
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceExplore
@testable import ConformanceKit

/// Numbers are reported as what they are: a number JSON cannot carry is never shown as `null`, and an id
/// is refused only for what is wrong with it.
@Suite("Numbers in failures and protocol errors")
struct NumberReportingTests {
    @Test(
        "a number a double cannot hold (1e400) is shown as Infinity in expected and actual values and in transcripts, never as null"
    )
    @MainActor
    func overflowingNumberIsNotShownAsNull() async throws {
        let overflowing = try JSONParser.parse("[1e400, -1e400]")
        #expect(CaseContext.show(overflowing) == "[Infinity,-Infinity]")
        #expect(CaseContext.show(JSONValue.number(.nan) as JSONValue?) == "NaN")
        let checking = Kit.adHocCase("test.numbers") { context in
            context.expectEqual(
                try JSONParser.parse("1e400"), JSONValue.null, citing: "MSG-3", "the data the handler got")
        }
        let result = try await Kit.run(checking)
        let failure = try #require(result.failures.first)
        #expect(failure.expected == "null" && failure.actual == "Infinity", "\(failure)")
        let line = EventRendition(
            .nativeHandlerInvoked(name: "h", data: overflowing), javaScriptSideEvaluations: [],
            bridgeJavaScriptSource: nil, dialect: .canonical
        ).line
        #expect(line == "native handler h got [Infinity,-Infinity]", "\(line)")
        #expect(overflowing.canonicalText == "[null,null]", "JSON text (goldens, the wire) stays JSON")
    }

    @Test(
        "an id past 2^53 - 1 (2^63 - 1 among them) is refused as too large to carry exactly, not as 'not a non-negative integer'; 2^53 - 1 is taken"
    )
    func largeIdentifierIsRefusedForBeingTooLarge() throws {
        for id in ["9223372036854775807", "9007199254740993", "18446744073709551616"] {
            do throws(AdapterFailure) {
                _ = try AdapterWire.decode(
                    TesteeMessage.self, from: #"{"type":"callbackInvoked","callback":\#(id)}"#, sentBy: "the testee")
                Issue.record("\(id) was taken")
            } catch {
                #expect(error.message.contains(#""callback" is wrong: the number"#), "\(error.message)")
                #expect(
                    error.message.contains(
                        "is beyond 9007199254740991 (2^53 - 1), the largest integer a JSON number carries exactly"),
                    "\(error.message)")
                #expect(!error.message.contains("non-negative integer"), "\(error.message)")
            }
        }
        let largest = try AdapterWire.decode(
            TesteeMessage.self, from: #"{"type":"callbackInvoked","callback":9007199254740991}"#, sentBy: "the testee")
        #expect(largest == .callbackInvoked(callback: 9_007_199_254_740_991, data: nil))
        let fraction = Result { () throws(AdapterFailure) in
            try AdapterWire.decode(
                TesteeMessage.self, from: #"{"type":"callbackInvoked","callback":1.5}"#, sentBy: "the testee")
        }
        #expect(throws: AdapterFailure.self) { try fraction.get() }
    }
}

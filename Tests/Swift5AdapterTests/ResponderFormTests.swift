import ConformanceKit
import TestTiers
import Testing

/// Bridges whose handlers get a responder in another form than the canonical escaping one.
@MainActor
@Suite struct ResponderFormTests {
    @Test(
        "a port whose responder is nil without a callbackId gets, case for case, the typical port's verdicts wherever a native handler runs",
        .fullTier
    )
    func optionalResponder() async throws {
        // The responder's form matters only where the port invokes a native handler.
        let typical = try await TypicalPortRun.results().filter { result in
            result.transcript.entries.contains { if case .nativeHandlerInvoked = $0.event { true } else { false } }
        }
        #expect(typical.count >= 30, "the cases that invoke a native handler: \(typical.map(\.caseID))")
        let cases = typical.compactMap { Catalogue.case(withID: $0.caseID) }
        let optional = await (try ConformanceRunner()).run(cases, adapter: { OptionalResponderPortAdapter() })
        for (expected, result) in zip(typical, optional) {
            #expect(result.verdict == expected.verdict, "\(result.caseID): \(result.report)")
        }
    }

    @Test(
        "a port whose responder is non-escaping fails FLUSH-7.c where a handler answers after returning, naming why, and never traps"
    )
    func nonEscapingResponder() async throws {
        let runner = try ConformanceRunner()
        let cases = ["flush.handlers-and-responders", "messages.js-to-native.data-forms"].compactMap(
            Catalogue.case(withID:))
        let results = await runner.run(cases, adapter: { NonEscapingResponderPortAdapter() })
        let late = results[0]
        #expect(late.verdict == .fail)
        let failure = try #require(
            late.failures.first { $0.obligation == "FLUSH-7.c" && $0.message.contains("non-escaping") },
            "\(late.report)")
        #expect(failure.message.contains("answered after it returned"))
        // Handlers that answer before returning are served as by any bridge.
        #expect(results[1].verdict == .pass, "\(results[1].report)")
    }
}

import ConformanceKit
import ConformanceTesting
import ReferenceBridge
import Testing

/// A correct bridge whose logging switch is one for the whole process, as upstream's class property is; its
/// adapter switches it back off when its case ends.
@MainActor
private final class ProcessWideLoggingAdapter: BridgeAdapter, SupportsTrafficLogging {
    static var logsTraffic = false
    static var live: [ProcessWideLoggingAdapter] = []
    private let bridge = ReferenceBridgeAdapter()

    func attach(to webView: SimulatedWebView) throws {
        try bridge.attach(to: webView)
        try bridge.setTrafficLogging(Self.logsTraffic)
        Self.live.append(self)
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try bridge.registerHandler(name, handler: handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try bridge.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func setTrafficLogging(_ enabled: Bool) throws {
        Self.logsTraffic = enabled
        for adapter in Self.live { try adapter.bridge.setTrafficLogging(enabled) }
    }

    func caseDidEnd() {
        Self.live.removeAll { $0 === self }
        Self.logsTraffic = false
    }
}

/// The comments a run recorded.
@MainActor
private final class IssueComments {
    var comments: [String] = []
}

@Suite("Conformance cases in swift-testing")
@MainActor
struct CaseTurnsTests {
    @Test("run one at a time when started side by side, so a bridge's process-wide setting stays in its case")
    func casesTakeTurns() async throws {
        let cases = try ["logging.native.traffic-when-switched-on", "logging.native.traffic-off-by-default"].map {
            try #require(Catalogue.case(withID: $0))
        }
        let runs = cases.map { conformanceCase in
            Task { @MainActor in
                let log = IssueComments()
                await ConformanceExpectations.expectConformance(
                    conformanceCase, adapter: { ProcessWideLoggingAdapter() }, javaScriptSide: nil, baseline: nil,
                    record: { comment, _ in log.comments.append(comment) }, attach: { _, _ in })
                return log.comments
            }
        }
        var issues: [String] = []
        for run in runs { issues += await run.value }
        #expect(issues.isEmpty, "\(issues)")
    }
}

import ConformanceAdapter
import ConformanceCatalogue
import ContainerCatalogue
import Dispatch
import ReferenceContainer
import SimulatedWebKit
import Testing

/// What the simulated page does with a text input panel it cannot wait for: a panel completed on a later turn is
/// correct in WebKit, so the case is a harness error saying so, never the container's failure; a completion
/// handler called twice is the crash WebKit's exception is.
@MainActor
@Suite struct PromptPanelTimingTests {
    /// The reference container, with a UI delegate in front of it that completes each panel as `timing` says.
    final class PanelTimingAdapter: ContainerAdapter, SupportsSynchronousCalls {
        enum Timing { case laterTurn, twice }
        private let timing: Timing
        private let reference = ReferenceContainerAdapter()
        private var delegate: PanelDelegate?

        init(_ timing: Timing) { self.timing = timing }

        func attach(to webView: SimulatedWebView) throws {
            try reference.attach(to: webView)
            let delegate = PanelDelegate(forwardingTo: webView.wkWebView.uiDelegate, timing: timing)
            self.delegate = delegate
            webView.wkWebView.uiDelegate = delegate
        }

        func register(handler: String, action: String, body: @escaping ContainerHandler) throws {
            try reference.register(handler: handler, action: action, body: body)
        }

        func sendEvent(_ eventID: String, data: Any?, completion: ((Any?) -> Void)?) throws {
            try reference.sendEvent(eventID, data: data, completion: completion)
        }
    }

    final class PanelDelegate: NSObject, WKUIDelegate {
        private weak var container: (any WKUIDelegate)?
        private let timing: PanelTimingAdapter.Timing

        init(forwardingTo container: (any WKUIDelegate)?, timing: PanelTimingAdapter.Timing) {
            self.container = container
            self.timing = timing
        }

        func webView(
            _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
            initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
        ) {
            let timing = self.timing
            container?.webView(
                webView, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText,
                initiatedByFrame: frame
            ) { text in
                switch timing {
                case .laterTurn: DispatchQueue.main.async { completionHandler(text) }
                case .twice:
                    completionHandler(text)
                    completionHandler(text)
                }
            }
        }
    }

    static func run(_ timing: PanelTimingAdapter.Timing) async throws -> CaseResult {
        let syncResult = try #require(ContainerCatalogue.all.first { $0.id == "sync.result" })
        return await (try ContainerRunner()).run(syncResult) { PanelTimingAdapter(timing) }
    }

    @Test func aPanelCompletedOnALaterTurnIsAHarnessError() async throws {
        let result = try await Self.run(.laterTurn)
        #expect(result.verdict == .harnessError, "\(result.verdict)")
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.interruption?.text.contains("completed prompt()'s text input panel on a later turn") == true)
    }

    @Test func aCompletionHandlerCalledTwiceIsACrash() async throws {
        let result = try await Self.run(.twice)
        #expect(result.verdict == .crash, "\(result.verdict)")
        #expect(result.interruption?.text.contains("called twice") == true, "\(result.interruption?.text ?? "")")
    }
}

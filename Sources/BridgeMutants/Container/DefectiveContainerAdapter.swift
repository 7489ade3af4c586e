import ConformanceAdapter
import ReferenceContainer
import SimulatedWebKit

/// The reference container with one planted defect (`ContainerDefect`): it attaches to a `DefectiveContainerPage`
/// in front of the case's web view, and gets the case's handlers and completions through the defect's hooks.
@MainActor
final class DefectiveContainerAdapter: ContainerAdapter, SupportsSynchronousCalls {
    private let defect: ContainerDefect
    private var page: DefectiveContainerPage?
    private var container: ContainerBridge?

    init(_ defect: ContainerDefect) { self.defect = defect }

    func attach(to webView: SimulatedWebView) throws {
        let page = DefectiveContainerPage(wrapping: webView, defect: defect)
        self.page = page
        container = ContainerBridge(webView: page.webView.wkWebView, javaScriptSource: webView.bridgeJavaScriptSource)
    }

    func register(handler: String, action: String, body: @escaping ContainerHandler) throws {
        container?.register(handler: handler, action: action, body: defect.wrapHandler?(body) ?? body)
        let name = "\(handler).\(action)"
        page?.registeredNames.insert(name)
        if let page { defect.afterRegistration?(name, page) }
    }

    func sendEvent(_ eventID: String, data: Any?, completion: ((Any?) -> Void)?) throws {
        container?.sendEvent(eventID, data: data, completion: completion.map { defect.wrapCompletion?($0) ?? $0 })
    }
}

import ConformanceKit
import Foundation
import ReferenceBridge
import ReferenceBridgeCore
import WireDialects

/// The adapter seam of a mutant: runs the unchanged reference bridge and its adapter, attached to a
/// `DefectivePage`, and applies the defect's adapter hooks to the operations a case asks for.
///
/// It keeps a `CallbackLedger` of the native callbacks it hands the reference, numbered the way the
/// spec numbers them (ID-2), so that defects of callback bookkeeping can be modelled from outside.
@MainActor
final class DefectiveBridgeAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout,
    SupportsSendsFromAnyThread, SupportsTrafficLogging, SupportsThrowingHandlers
{
    private let defect: Defect
    /// The reference adapter, which registers handlers and sends from other threads the way the reference
    /// does; the operations a defect may break go to the bridge's core directly.
    private let reference: ReferenceBridgeAdapter
    /// The reference bridge, once attached.
    var bridge: ReferenceBridge? { reference.bridge }
    /// The page the reference is attached to, once attached.
    private(set) var page: DefectivePage?
    /// The native callbacks handed to the reference, by the id it gives them.
    let ledger: CallbackLedger
    /// The native handlers registered and not removed, by name.
    private(set) var handlerNames: Set<String> = []
    /// The names of the handlers registered as able to throw.
    private(set) var throwingHandlerNames: Set<String> = []

    /// The handlers registered and not removed whose invocations pass through `Defect.wrapHandler`.
    var wrappedHandlerNames: Set<String> { handlerNames.subtracting(throwingHandlerNames) }

    /// The wire the reference speaks.
    private let dialect: WireDialect

    /// An adapter running the reference with `defect`, speaking `dialect`.
    init(_ defect: Defect, dialect: WireDialect = .canonical) {
        self.defect = defect
        self.dialect = dialect
        ledger = CallbackLedger(dialect: dialect)
        reference = ReferenceBridgeAdapter(evaluationStyle: defect.evaluationStyle, dialect: dialect)
    }

    /// The reference's protocol logic (after attach).
    var core: BridgeCore {
        get throws {
            guard let bridge else { throw AdapterError("the mutant is not attached yet: call attach(to:) first") }
            return bridge.core
        }
    }

    // MARK: BridgeAdapter

    func attach(to webView: SimulatedWebView) throws {
        let page = DefectivePage(wrapping: webView, defect: defect, dialect: dialect)
        page.owner = self
        self.page = page
        try reference.attach(to: page.webView)
        defect.afterAttach?(self)
    }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        var handler = defect.wrapHandler.map { $0(handler) } ?? handler
        if let convert = defect.convertSentData {
            handler = { [handler] data, respond in handler(data) { answer in respond(answer.map(convert)) } }
        }
        if defect.interceptRegistration?(name, handler, self) == true { return }
        try registerUnchanged(name, handler: handler)
    }

    func registerThrowingHandler(_ name: String, handler: @escaping AdapterThrowingHandler) throws {
        handlerNames.insert(name)
        throwingHandlerNames.insert(name)
        try reference.registerThrowingHandler(name, handler: defect.wrapThrowingHandler.map { $0(handler) } ?? handler)
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        let core = try self.core
        let data = data.map { data in defect.convertSentData?(data) ?? data }
        if defect.interceptCall?(name, data, self) == true { return }
        let callback = responseCallback.map { callback in defect.wrapCallback.map { $0(callback) } ?? callback }
        // The reference sends (and numbers) only calls it can serialize (ESC-4).
        let message = WireRewriting.call(name, data: data)
        guard JSONSerialization.isValidJSONObject(message) else {
            core.callHandler(name, data: data, responseCallback: callback)
            return
        }
        ledger.noteCall()
        core.callHandler(name, data: data, responseCallback: callback.map(ledger.issue))
    }

    func removeHandler(_ name: String) throws {
        let core = try self.core
        guard !defect.ignoredOperations.contains(.removeHandler) else { return }
        if defect.interceptRemoval?(name, self) == true { return }
        handlerNames.remove(name)
        core.removeHandler(name)
        defect.afterRemoveHandler?(self, name)
    }

    func reset() throws {
        let core = try self.core
        guard !defect.ignoredOperations.contains(.reset) else { return }
        let issued = ledger.entries
        ledger.reset()
        core.reset()
        defect.afterReset?(self, issued)
    }

    func setTrafficLogging(_ enabled: Bool) throws {
        try core.logsTraffic = enabled
    }

    func disableJavscriptAlertBoxSafetyTimeout() throws {
        let core = try self.core
        guard !defect.ignoredOperations.contains(.disableSafetyTimeout) else { return }
        if let switchOff = dialect.disableSafetyTimeoutHandler,
            defect.interceptCall?(switchOff, nil, self) == true
        {
            return
        }
        ledger.noteCall()
        core.disableJavscriptAlertBoxSafetyTimeout()
    }

    func backgroundSend() -> BackgroundSend {
        defect.backgroundSend.map { $0(self) } ?? reference.backgroundSend()
    }

    // MARK: For defects

    /// Registers `handler` with the reference as it is (already wrapped by the defect).
    func registerUnchanged(_ name: String, handler: @escaping AdapterHandler) throws {
        handlerNames.insert(name)
        try reference.registerHandler(name, handler: handler)
    }

    /// Removes the handler `name` from the reference, without the defect's hooks.
    func removeUnchanged(_ name: String) {
        handlerNames.remove(name)
        bridge?.core.removeHandler(name)
    }

    /// Removes every registered native handler from the reference.
    func removeAllHandlers() {
        for name in handlerNames.sorted() { bridge?.core.removeHandler(name) }
        handlerNames = []
    }
}

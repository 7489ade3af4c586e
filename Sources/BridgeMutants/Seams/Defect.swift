import ConformanceKit
import ReferenceBridge
import StrictJSON

/// One defect of a mutant, as the code it changes at the boundaries of the reference bridge.
///
/// The reference (`ReferenceBridge`, `BridgeCore`) has no defect switches: a mutant runs it unchanged
/// behind two seams and breaks what crosses them. At the adapter boundary it changes the operations a
/// case asks for and the handlers and callbacks the bridge is given (`DefectiveBridgeAdapter`); at
/// the web-view boundary it changes the scripts the bridge evaluates, the fetch results it
/// reads, the navigation decisions it makes and the lines it logs (`DefectivePage`). Every hook is
/// optional; a defect with none behaves exactly like the reference.
struct Defect {
    /// An operation a defect can leave undone.
    enum Operation: Hashable {
        case removeHandler, reset, disableSafetyTimeout
    }

    /// How the reference evaluates JavaScript.
    var evaluationStyle: ReferenceBridge.EvaluationStyle = .asynchronous

    /// Runs once the reference is attached (a bridge that changes a setting when it attaches).
    var afterAttach: (@MainActor (DefectiveBridgeAdapter) -> Void)?

    /// Operations that do nothing.
    var ignoredOperations: Set<Operation> = []

    /// Replaces a handler registration; return false to hand it to the reference as usual (a registry
    /// kept otherwise, or a registration put off until later).
    var interceptRegistration:
        (@MainActor (_ name: String, _ handler: @escaping AdapterHandler, DefectiveBridgeAdapter) -> Bool)?

    /// Replaces a handler removal; return false to hand it to the reference as usual.
    var interceptRemoval: (@MainActor (_ name: String, DefectiveBridgeAdapter) -> Bool)?

    /// Runs after the reference has removed a handler (a removal that takes more with it).
    var afterRemoveHandler: (@MainActor (DefectiveBridgeAdapter, _ name: String) -> Void)?

    /// Runs after the reference has reset, with the callbacks issued before it, answered or not (a
    /// reset that forgets part of its work).
    var afterReset: (@MainActor (DefectiveBridgeAdapter, _ issued: [CallbackLedger.Entry]) -> Void)?

    /// Replaces the call of a JS handler; return false to hand it to the reference as usual.
    var interceptCall: (@MainActor (_ name: String, _ data: Any?, DefectiveBridgeAdapter) -> Bool)?

    /// Converts the data of each native call and each native handler's answer before the reference serializes
    /// it (a port's own conversion of Foundation values on the way out), on whatever thread the data is sent from.
    var convertSentData: (@Sendable (Any) -> Any)?

    /// Wraps each native handler the bridge is given.
    var wrapHandler: (@MainActor (@escaping AdapterHandler) -> AdapterHandler)?

    /// Wraps each throwing native handler the bridge is given (`SupportsThrowingHandlers`).
    var wrapThrowingHandler: (@MainActor (@escaping AdapterThrowingHandler) -> AdapterThrowingHandler)?

    /// Wraps each response callback the bridge is given.
    var wrapCallback: (@MainActor (@escaping AdapterResponseCallback) -> AdapterResponseCallback)?

    /// Rewrites each script the reference evaluates (the JS side and delivery commands; the fetch
    /// command too). The scripts returned are evaluated in its place, in order; none holds it back.
    var rewriteScript: (@MainActor (_ script: EvaluatedScript, DefectivePage) -> [String])?

    /// Rewrites each fetch result before the reference reads it.
    var rewriteFetchResult: (@MainActor (_ result: String?, DefectivePage) -> String?)?

    /// Runs when a fetch evaluation reports an error, before the reference reads its nil result.
    var fetchFailed: (@MainActor (_ error: any Error, DefectivePage) -> Void)?

    /// Rewrites a navigation before the reference decides it.
    var rewriteNavigation: (@MainActor (NavigationAction) -> NavigationAction)?

    /// Replaces the policy the reference decided for a navigation.
    var rewriteDecision: (@MainActor (NavigationAction, NavigationActionPolicy) -> NavigationActionPolicy)?

    /// Leaves a navigation undecided without asking the reference, when it returns true (an early
    /// `return` that forgets the decision handler).
    var leavesUndecided: (@MainActor (NavigationAction) -> Bool)?

    /// Keeps the decision handler in one stored property and decides from `DispatchQueue.main.async`, so a
    /// second navigation asked about before the main queue runs overwrites the first one's handler.
    var decidesFromOneSlot = false

    /// Calls the decision handler of a cancelled (bridge) navigation a second time.
    var decidesCancelledNavigationsTwice = false

    /// Calls the decision handler from a background queue (a bridge's own serial queue), not the main thread.
    var decidesOffMainThread = false

    /// Rewrites each line the reference logs; nil drops it.
    var rewriteLog: (@MainActor (String) -> String?)?

    /// Replaces the send the harness calls from a background thread.
    var backgroundSend: (@MainActor (DefectiveBridgeAdapter) -> BackgroundSend)?
}

extension Defect {
    /// A defect that changes each message the reference delivers (calls and responses alike), in its
    /// delivery command; the other scripts are evaluated as they are.
    /// - Parameter change: Changes the message's members; an unchanged message keeps its command.
    static func rewritingDeliveredMessages(_ change: @escaping @MainActor (inout [String: JSONValue]) -> Void) -> Defect
    {
        Defect(rewriteScript: { script, _ in
            guard script.kind == .delivery else { return [script.text] }
            return [WireRewriting.rewritingMessage(of: script.text, change)]
        })
    }
}

/// A script the reference asked to evaluate, with what it is.
struct EvaluatedScript {
    /// What the script is.
    enum Kind {
        /// The JS side (injection).
        case javaScriptSide
        /// A delivery command (a call of the entry point).
        case delivery
        /// The fetch command.
        case fetch
    }

    /// What the script is.
    let kind: Kind
    /// The script.
    let text: String
}

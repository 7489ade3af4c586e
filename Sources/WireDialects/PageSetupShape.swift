/// How a page asks for the bridge and gets it once the JS side is injected.
public enum PageSetupShape: Hashable, Sendable {
    /// WVJB's snippet: the page calls the function `pageSetupFunction(callback)`, which keeps waiting callbacks
    /// in the global array `waitingCallbacksGlobal`; the JS side calls and deletes them once injected.
    case waitingCallbacks
    /// A page SDK object (the ClientBridge family's `mpBridge.ready(callback)`): the global object
    /// `waitingCallbacksGlobal` has the method `pageSetupFunction(callback)` and keeps the waiting callbacks
    /// itself; the JS side, once injected, calls its method `initializeFunction()`, which runs them.
    case readyObject(initializeFunction: String)

    /// The SDK object's method the JS side calls once injected, or nil for the waiting-callbacks shape.
    public var initializeFunction: String? {
        if case .readyObject(let initializeFunction) = self { return initializeFunction }
        return nil
    }
}

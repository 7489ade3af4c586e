/// Why a page host's event loop stopped before the page went idle.
package enum PageInterruption: Error {
    /// A script ran past the execution time limit during `stage`: `owner`'s code, running in `location`
    /// when it was stopped (nil when the engine did not say).
    case timeout(stage: String, owner: ScriptOwner, location: String?)
    /// The harness failed (its own shim or a resource); not the implementation's fault.
    case harness(String)
    /// The loop ran `turns` turns without going idle.
    case neverIdle(turns: Int)
    /// Something outside the bridge protocol failed (`WebViewBackend.abortCase(because:)`).
    case aborted(any Error & Sendable)
    /// The case needs what this page host does not have (a real WebKit has no synchronous evaluation), said why.
    case notApplicable(String)
}

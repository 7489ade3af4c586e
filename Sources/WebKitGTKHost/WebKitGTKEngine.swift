import WebKitGTKShim

/// GTK in this process: started once, on the main thread, before the first web view.
@MainActor
package enum WebKitGTKEngine {
    private static var startError: String??
    /// Whether the web process the views share has loaded a page and not ended since: a new view then needs no
    /// page of its own to start it.
    static var webProcessIsRunning = false

    /// Starts GTK if it has not started yet.
    /// - Throws: `WebKitGTKUnavailable` when there is no display.
    package static func start() throws(WebKitGTKUnavailable) {
        if startError == nil {
            var error: UnsafePointer<CChar>?
            startError = wvjb_gtk_start(&error) != 0 ? .some(nil) : .some(error.map { String(cString: $0) } ?? "")
        }
        if case .some(.some(let message)) = startError { throw WebKitGTKUnavailable(reason: message) }
    }

    /// Runs one iteration of GTK's main context; returns whether it dispatched anything.
    @discardableResult
    static func iterate(mayBlock: Bool) -> Bool { wvjb_gtk_iterate(mayBlock ? 1 : 0) != 0 }

    /// Waits for GTK's main context to dispatch something, at most `milliseconds`; returns whether it did.
    @discardableResult
    static func iterate(waitingAtMost milliseconds: UInt32) -> Bool { wvjb_gtk_iterate_within(milliseconds) != 0 }
}

/// WebKitGTK cannot run here: no display (run under `xvfb-run -a`).
package struct WebKitGTKUnavailable: Error, CustomStringConvertible {
    /// What failed.
    package let reason: String

    /// The reason, and what to do about it.
    package var description: String {
        "\(reason): WebKitGTK needs a display; run under `xvfb-run -a` (Debian: apt-get install xvfb) with WEBKIT_DISABLE_COMPOSITING_MODE=1"
    }
}

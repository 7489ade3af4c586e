import ArgumentParser
import ConformanceKit

#if CONFORMANCE_WEBKITGTK
    import WebKitGTKHost
#endif

/// `--web-view simulated|webkitgtk`: the page the cases run in; help and errors list the values.
enum WebViewChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// The kit's simulated web view (JavaScriptCore, a DOM shim, a virtual clock): every case, no display.
    case simulated
    /// A real WebKitGTK web view, with the kit's virtual clock as its first user script. Needs a build with
    /// CONFORMANCE_WEBKITGTK=1 and a display (`xvfb-run -a`).
    case webkitgtk

    /// Whether this build has the WebKitGTK page host.
    static var hasWebKitGTK: Bool {
        #if CONFORMANCE_WEBKITGTK
            true
        #else
            false
        #endif
    }

    /// The page host factory; for WebKitGTK, after checking that it can start here.
    /// - Throws: `ExitCodes.configuration` after saying what to install or how to run.
    @MainActor
    func pageHost() throws -> PageHostFactory {
        switch self {
        case .simulated: return simulatedBrowserPageHost
        case .webkitgtk:
            #if CONFORMANCE_WEBKITGTK
                do {
                    try WebKitGTKEngine.start()
                } catch {
                    printError("--web-view webkitgtk: \(error)")
                    throw ExitCodes.configuration
                }
                return webKitGTKPageHost
            #else
                printError(
                    """
                    --web-view webkitgtk: this build has no WebKitGTK page host. Install WebKitGTK and a virtual display \
                    (apt-get install libwebkit2gtk-4.1-dev xvfb), build with it and run under a display:
                      CONFORMANCE_WEBKITGTK=1 swift build
                      WEBKIT_DISABLE_COMPOSITING_MODE=1 xvfb-run -a .build/debug/conformance run --web-view webkitgtk
                    """)
                throw ExitCodes.configuration
            #endif
        }
    }
}

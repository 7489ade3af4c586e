/// A page the harness loads: its URL and the script its HTML would run.
///
/// Every page first gets the simulated browser (DOM, timers, console) and the WVJB page setup snippet
/// (in the run's dialect: its page setup function), then `script`.
package struct PageDefinition: Sendable, Equatable {
    /// The page's URL (a main-frame navigation the bridge must allow).
    package var url: String
    /// The page's own script, run after the setup snippet.
    package var script: String

    /// Creates a page.
    /// - Parameters:
    ///   - url: The page's URL.
    ///   - script: JavaScript the page runs on load.
    package init(url: String = "https://app.example/index.html", script: String) {
        self.url = url
        self.script = script
    }
}

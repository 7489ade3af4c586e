import ConformanceAdapter
import Foundation

/// A page the harness loads: its URL and the script its HTML would run.
///
/// Every page first gets the simulated browser (DOM, timers, console) and the WVJB page setup snippet
/// (in the run's dialect: its page setup function), then `script`.
package struct PageDefinition: Sendable, Equatable {
    /// The page's URL (a main-frame navigation the bridge must allow).
    package var url: String
    /// The page's own script, run after the setup snippet.
    package var script: String
    /// How its load fails, if it does: before its commit (nothing of it runs) or after (its scripts run,
    /// then the load fails instead of finishing).
    package var failure: LoadFailure?

    /// How a page's load fails.
    package enum LoadFailure: Sendable, Equatable {
        /// Before the commit, like a host that cannot be found: the old page stays.
        case beforeCommit(NavigationFailure)
        /// After the commit, like a connection lost while loading: the page runs, then the load fails.
        case afterCommit(NavigationFailure)
    }

    /// Creates a page.
    /// - Parameters:
    ///   - url: The page's URL.
    ///   - script: JavaScript the page runs on load.
    ///   - failure: How its load fails; nil for a load that finishes.
    package init(url: String = "https://app.example/index.html", script: String, failure: LoadFailure? = nil) {
        self.url = url
        self.script = script
        self.failure = failure
    }

    /// The page `html` makes under `baseURL` (`about:blank` without one), as `loadHTMLString(_:baseURL:)`
    /// loads it: the simulated document runs the inline scripts of `html` (those without `src`), in order.
    package init(html: String, baseURL: String?) {
        self.init(url: baseURL ?? "about:blank", script: Self.inlineScripts(of: html).joined(separator: "\n;\n"))
    }

    /// The bodies of the `<script>` elements of `html` that have no `src` attribute.
    static func inlineScripts(of html: String) -> [String] {
        var scripts: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<script", options: .caseInsensitive),
            let tagEnd = rest[open.upperBound...].firstIndex(of: ">")
        {
            let attributes = rest[open.upperBound..<tagEnd]
            let bodyStart = rest.index(after: tagEnd)
            let close = rest[bodyStart...].range(of: "</script", options: .caseInsensitive)
            let body = rest[bodyStart..<(close?.lowerBound ?? rest.endIndex)]
            if attributes.range(of: "src", options: .caseInsensitive) == nil { scripts.append(String(body)) }
            guard let close else { break }
            rest = rest[close.upperBound...]
        }
        return scripts
    }
}

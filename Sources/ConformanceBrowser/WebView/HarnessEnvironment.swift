import ConformanceEngine
import ConformanceFixtures
import ConformanceSupport
import Foundation
import WireDialects

/// What every page of a run shares: the engine, the browser shim, the wire's dialect, the page setup
/// snippet and the JS side under test. Created once per run.
@MainActor
package final class HarnessEnvironment {
    let runtime: ScriptRuntime
    /// The wire the run speaks: the kit's scripts are had in it, and pages and transcripts are read in it.
    package let dialect: WireDialect
    /// The clock shim every page host puts around a page (`page-shim.js`: virtual timers and Date, console,
    /// tripwire), a function expression taking the host object.
    package let pageShimSource: String
    /// The simulated browser's DOM, dialogs and `window.webkit` (`page-dom-shim.js`), run after the clock shim.
    let pageDOMShimSource: String
    /// The page setup snippet every case page runs first.
    package let pageSetupSource: String
    /// The JS side the run injects.
    package let bridgeJavaScriptSource: String
    /// Whether the JS side injected is the kit's reference one (not under test): a timeout in it is the kit's.
    package let javaScriptSideIsKits: Bool
    /// Seconds one script may run before it is stopped (`--script-time-limit`).
    package var executionTimeLimit: Double { runtime.executionTimeLimit }
    /// Whether the page setup snippet is the kit's (not a page-snippet mutant's).
    package let pageSetupIsKits: Bool

    /// Loads the shim and the setup snippet from the kit's resources, after checking that the engine can
    /// start, then self-checks the kit's own fixtures the run uses (the payload corpus, and the page setup
    /// snippet and reference JS side unless the run supplies its own), so that a damaged kit is a harness
    /// error rather than failures blamed on the implementation.
    /// - Parameters:
    ///   - bridgeJavaScriptSource: The JS side to inject, or nil for the kit's reference JS side.
    ///   - executionTimeLimit: Seconds one script may run before it is stopped.
    ///   - pageSetupSource: The page setup snippet, or nil for the kit's.
    ///   - dialect: The wire the run speaks; the kit's scripts are its own, or rendered into it
    ///     (`KitScriptTemplate`).
    /// - Throws: `HarnessError` when the address-space limit is too low for the engine, or a resource is
    ///   missing, unreadable or fails the self-check (naming the file).
    package init(
        bridgeJavaScriptSource: String?, executionTimeLimit: Double, pageSetupSource: String? = nil,
        dialect: WireDialect = .canonical
    ) throws(HarnessError) {
        try EngineAddressSpace.check()
        runtime = ScriptRuntime(executionTimeLimit: executionTimeLimit)
        self.dialect = dialect
        javaScriptSideIsKits =
            bridgeJavaScriptSource == nil || bridgeJavaScriptSource == (try? Self.referenceJavaScriptSide(in: dialect))
        pageSetupIsKits = pageSetupSource == nil
        guard let shimURL = Bundle.module.url(forResource: "page-shim", withExtension: "js") else {
            throw HarnessError(
                code: .missingResource,
                message: "page-shim.js is missing from ConformanceKit's resource bundle; rebuild the package")
        }
        pageShimSource = try Self.read(shimURL)
        guard let domShimURL = Bundle.module.url(forResource: "page-dom-shim", withExtension: "js") else {
            throw HarnessError(
                code: .missingResource,
                message: "page-dom-shim.js is missing from ConformanceKit's resource bundle; rebuild the package")
        }
        pageDOMShimSource = try Self.read(domShimURL)
        let kitPageSetup = try Self.kitScript(HarnessSelfCheck.pageSetupPath, in: dialect)
        self.pageSetupSource = pageSetupSource ?? kitPageSetup
        if let bridgeJavaScriptSource {
            self.bridgeJavaScriptSource = bridgeJavaScriptSource
        } else {
            self.bridgeJavaScriptSource = try Self.referenceJavaScriptSide(in: dialect)
        }
        _ = try PayloadCorpus.bundled()
        if bridgeJavaScriptSource == nil || pageSetupSource == nil {
            // The kit's JS side is checked after the kit's snippet, even when the run supplies its own snippet.
            try HarnessSelfCheck.checkScripts(
                javaScriptSide: bridgeJavaScriptSource == nil ? self.bridgeJavaScriptSource : nil,
                pageSetup: kitPageSetup, in: self)
        }
    }

    /// The kit's reference JS side, as shipped in `Fixtures/js/WebViewJavascriptBridge.js`, in `dialect`.
    /// - Parameter dialect: The wire wanted (the file is written in the canonical one).
    /// - Throws: `HarnessError` when the fixture cannot be read or the kit has no JS side in `dialect`.
    package nonisolated static func referenceJavaScriptSide(in dialect: WireDialect = .canonical) throws(HarnessError)
        -> String
    {
        try kitScript(HarnessSelfCheck.javaScriptSidePath, in: dialect)
    }

    /// One of the kit's scripts (`Fixtures/<path>`, written in the canonical dialect), in `dialect`: the
    /// dialect's own file when it is a shipped one (`Fixtures/js/<dialect>/`, the JS side named after its
    /// global), else the kit's template of the script rendered into it (`KitScriptTemplate`). The shipped files
    /// are that template rendered, so every dialect runs the same code.
    /// - Throws: `HarnessError` when the file or template cannot be read or the template is damaged.
    package nonisolated static func kitScript(_ path: String, in dialect: WireDialect) throws(HarnessError) -> String {
        if let own = ownScriptPath(path, in: dialect) { return try read(ConformanceFixtures.url(own)) }
        if dialect == .canonical { return try read(ConformanceFixtures.url(path)) }
        return try KitScriptTemplate(of: path).render(in: dialect)
    }

    /// Where the kit's script at `path` comes from in `dialect`, for messages: its file below `Fixtures/`, or the
    /// template it is rendered from and the dialect (`js/templates/bridge.js, rendered in the mine dialect`).
    nonisolated static func kitScriptLabel(_ path: String, in dialect: WireDialect) -> String {
        if let own = ownScriptPath(path, in: dialect) { return own }
        if dialect == .canonical { return path }
        let template = (try? KitScriptTemplate(of: path).path) ?? path
        return "\(template), rendered in the \(dialect.name) dialect"
    }

    /// The path of a shipped dialect's own version of the kit's script at `path`, when the kit ships one.
    nonisolated static func ownScriptPath(_ path: String, in dialect: WireDialect) -> String? {
        guard dialect != .canonical, WireDialect.shipped.contains(dialect) else { return nil }
        let name =
            path == HarnessSelfCheck.javaScriptSidePath
            ? dialect.javaScriptGlobal + ".js" : URL(fileURLWithPath: path).lastPathComponent
        let own = "js/\(dialect.name)/\(name)"
        return FileManager.default.fileExists(atPath: ConformanceFixtures.url(own).path) ? own : nil
    }

    /// The text of one of the kit's files.
    /// - Throws: `HarnessError` (`missingResource`) naming the file and what to do.
    package nonisolated static func read(_ url: URL) throws(HarnessError) -> String {
        do throws(FixtureFile.Failure) {
            return try FixtureFile(kitFile: url).text()
        } catch {
            throw error.harnessError
        }
    }
}

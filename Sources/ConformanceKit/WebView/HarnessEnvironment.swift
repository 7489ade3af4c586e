import ConformanceFixtures
import Foundation

/// What every page of a run shares: the engine, the browser shim, the page setup snippet and the JS side
/// under test. Created once per run.
@MainActor
package final class HarnessEnvironment {
    let runtime: ScriptRuntime
    let pageShimSource: String
    let pageSetupSource: String
    let bridgeJavaScriptSource: String
    /// Whether the JS side injected is the kit's reference one (not under test): a timeout in it is the kit's.
    let javaScriptSideIsKits: Bool
    /// Whether the page setup snippet is the kit's (not a page-snippet mutant's).
    let pageSetupIsKits: Bool

    /// Loads the shim and the setup snippet from the kit's resources, after checking that the engine can
    /// start, then self-checks the kit's own fixtures the run uses (the payload corpus, and the page setup
    /// snippet and reference JS side unless the run supplies its own), so that a damaged kit is a harness
    /// error rather than failures blamed on the implementation.
    /// - Parameters:
    ///   - bridgeJavaScriptSource: The JS side to inject, or nil for the kit's reference JS side.
    ///   - executionTimeLimit: Seconds one script may run before it is stopped.
    ///   - pageSetupSource: The page setup snippet, or nil for the kit's.
    /// - Throws: `HarnessError` when the address-space limit is too low for the engine, or a resource is
    ///   missing, unreadable or fails the self-check (naming the file).
    init(bridgeJavaScriptSource: String?, executionTimeLimit: Double, pageSetupSource: String? = nil) throws(HarnessError) {
        try EngineAddressSpace.check()
        runtime = ScriptRuntime(executionTimeLimit: executionTimeLimit)
        javaScriptSideIsKits = bridgeJavaScriptSource == nil || bridgeJavaScriptSource == (try? Self.referenceJavaScriptSide())
        pageSetupIsKits = pageSetupSource == nil
        guard let shimURL = Bundle.module.url(forResource: "page-shim", withExtension: "js") else {
            throw HarnessError(code: .missingResource, message: "page-shim.js is missing from ConformanceKit's resource bundle; rebuild the package")
        }
        pageShimSource = try Self.read(shimURL)
        let kitPageSetupURL = ConformanceFixtures.url(HarnessSelfCheck.pageSetupPath)
        if let pageSetupSource {
            self.pageSetupSource = pageSetupSource
        } else {
            self.pageSetupSource = try Self.read(kitPageSetupURL)
        }
        if let bridgeJavaScriptSource {
            self.bridgeJavaScriptSource = bridgeJavaScriptSource
        } else {
            self.bridgeJavaScriptSource = try Self.referenceJavaScriptSide()
        }
        _ = try PayloadCorpus.bundled()
        if bridgeJavaScriptSource == nil || pageSetupSource == nil {
            // The kit's JS side is checked after the kit's snippet, even when the run supplies its own snippet.
            try HarnessSelfCheck.checkScripts(
                javaScriptSide: bridgeJavaScriptSource == nil ? self.bridgeJavaScriptSource : nil,
                pageSetup: pageSetupSource == nil ? self.pageSetupSource : Self.read(kitPageSetupURL), in: self)
        }
    }

    /// The kit's reference JS side, as shipped in `Fixtures/js/WebViewJavascriptBridge.js`.
    /// - Throws: `HarnessError` when the fixture cannot be read.
    nonisolated static func referenceJavaScriptSide() throws(HarnessError) -> String {
        try read(ConformanceFixtures.url(HarnessSelfCheck.javaScriptSidePath))
    }

    /// The text of one of the kit's files.
    /// - Throws: `HarnessError` (`missingResource`) naming the file and what to do.
    nonisolated static func read(_ url: URL) throws(HarnessError) -> String {
        do throws(FixtureFile.Failure) {
            return try FixtureFile(kitFile: url).text()
        } catch {
            throw error.harnessError
        }
    }
}

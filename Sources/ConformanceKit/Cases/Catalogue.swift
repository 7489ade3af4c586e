/// Every case the kit ships, in a stable order (by area, then as written).
public enum Catalogue {
    /// All cases.
    public static let all: [ConformanceCase] =
        BootstrapCases.all + MessageCases.all + OrderingCases.all + StartupQueueCases.all + CallbackCases.all
        + EscapingCases.all + CorpusCases.all + MissingHandlerCases.all + AlertSafetyCases.all
        + JavaScriptSideCases.all + FlushCases.all + LifecycleCases.all + LoggingCases.all + ThreadingCases.all

    /// The case with `id`, if any.
    /// - Parameter id: A case id.
    public static func `case`(withID id: String) -> ConformanceCase? {
        all.first { $0.id == id }
    }
}

/// Page scripts shared by several cases.
enum CasePages {
    /// A page whose setup callback registers the recording JS handler `sink`.
    static let sink = """
        setupWebViewJavascriptBridge(function (bridge) {
            bridge.registerHandler("sink", conformance.recordingHandler("sink"));
        });
        """

    /// Loads `script`, attaching first, and runs until idle.
    @MainActor
    static func start(_ context: CaseContext, page script: String = sink) async throws {
        context.loadPage(script)
        try await context.runUntilIdle()
    }
}

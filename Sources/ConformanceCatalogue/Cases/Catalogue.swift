/// Every case the kit ships, in a stable order: by area, the areas in the order of the spec's sections
/// (bootstrap, messages, ordering, callbacks, escaping, JS side, alert safety, flush, missing handlers,
/// startup queue, lifecycle, threading, logging), then as each area's file lists them; then the situation
/// table's cells (spec, appendix C.1); the cases of dialects' own clauses last (spec, section 13).
public enum Catalogue {
    /// All cases.
    public static let all: [ConformanceCase] =
        BootstrapCases.all + BootstrapCases.situations + BootstrapCases.glue + MessageCases.all
        + MessageCases.situations
        + OrderingCases.all + OrderingCases.situations + CallbackCases.all + CallbackCases.situations
        + EscapingCases.all + EscapingCorpusCases.all + JavaScriptSideCases.all + JavaScriptSideSecondCases.all
        + JavaScriptSideCases.situations + AlertSafetyCases.all + AlertSafetyCases.situations
        + FlushCases.all + FlushCases.situations + MissingHandlerCases.all + MissingHandlerCases.situations
        + StartupQueueCases.all + LifecycleCases.all + ThreadingCases.all + LoggingCases.all
        + SituationCases.all + WKWebViewDialectCases.all

    /// The case with `id`, if any.
    /// - Parameter id: A case id.
    public static func `case`(withID id: String) -> ConformanceCase? {
        all.first { $0.id == id }
    }
}

/// Every case the kit ships, in a stable order: by area, the areas in the order of the spec's sections
/// (bootstrap, messages, ordering, callbacks, escaping, JS side, alert safety, flush, missing handlers,
/// startup queue, lifecycle, threading, logging), then as each area's file lists them.
public enum Catalogue {
    /// All cases.
    public static let all: [ConformanceCase] =
        BootstrapCases.all + MessageCases.all + OrderingCases.all + CallbackCases.all + EscapingCases.all
        + EscapingCorpusCases.all + JavaScriptSideCases.all + JavaScriptSideSecondCases.all + AlertSafetyCases.all
        + FlushCases.all + MissingHandlerCases.all
        + StartupQueueCases.all + LifecycleCases.all + ThreadingCases.all + LoggingCases.all

    /// The case with `id`, if any.
    /// - Parameter id: A case id.
    public static func `case`(withID id: String) -> ConformanceCase? {
        all.first { $0.id == id }
    }
}

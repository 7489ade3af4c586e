import ConformanceAdapter

/// One planted defect of the reference container, as hooks on what crosses between it and the case: the scripts it
/// evaluates, the messages and prompts it receives, its user scripts, and the handlers and completions the case
/// hands it. With no hooks the reference runs unchanged.
@MainActor
package struct ContainerDefect {
    /// The scripts evaluated in place of one the reference evaluates (none drops it).
    var rewriteScript: ((_ script: ContainerScriptText, DefectiveContainerPage) -> [String])?
    /// Whether the defect takes a message the page posted away from the reference (it may deliver it later).
    var interceptMessage: ((_ message: ScriptMessage, DefectiveContainerPage) -> Bool)?
    /// What the page's `prompt()` gets instead of the reference's answer.
    var rewritePromptAnswer: ((String?) -> String?)?
    /// Whether the reference never sees the page's `prompt()` (no UI delegate reaches the page).
    var ignoresPrompt = false
    /// The user script added in place of the reference's.
    var rewriteUserScript: ((UserScript) -> UserScript)?
    /// The handler the reference gets in place of the case's.
    var wrapHandler: ((@escaping ContainerHandler) -> ContainerHandler)?
    /// The completion the reference gets in place of the case's.
    var wrapCompletion: ((@escaping (Any?) -> Void) -> (Any?) -> Void)?
    /// Runs after each registration the case makes (`handler.action`).
    var afterRegistration: ((_ name: String, DefectiveContainerPage) -> Void)?
}

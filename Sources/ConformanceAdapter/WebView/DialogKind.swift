/// Which modal dialog a page opened: what the web view's UI delegate is asked to show, and the word transcripts
/// and goldens name it by (`dialog alert(...)`).
package enum DialogKind: String, Sendable, Codable, CaseIterable {
    /// `alert(message)`: `runJavaScriptAlertPanelWithMessage`.
    case alert
    /// `confirm(message)`: `runJavaScriptConfirmPanelWithMessage`.
    case confirm
    /// `prompt(message, defaultText)`: `runJavaScriptTextInputPanelWithPrompt`.
    case prompt
    /// A page's confirmation before it unloads, which WebKitGTK reports as a dialog; the simulation opens none.
    case beforeUnload = "beforeunload"
}

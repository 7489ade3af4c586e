/// Whose code a script in the page is, which decides who is blamed when it runs past the time limit.
///
/// A timeout is the implementation's (`timeout`) when the runaway code is a script the native side
/// evaluated or the JS side under test; it is the kit's (`harness-error`) when the code is the kit's own:
/// the page shim, the kit's page setup snippet and reference JS side, a case's page or a harness script.
package enum ScriptOwner: Sendable, Equatable {
    /// A script the implementation evaluated (`evaluateJavaScript`, `stringByEvaluatingJavaScript`), other
    /// than the JS side it injected.
    case nativeSide
    /// The JS side under test (`--js-side`, a JS-side mutant), as the native side injected it.
    case javaScriptSide
    /// A page setup snippet under test (a page-snippet mutant).
    case pageSetup
    /// The kit's own code, named.
    case kit(String)

    /// Whether a timeout in this code is the kit's fault.
    package var isKit: Bool {
        if case .kit = self { return true }
        return false
    }

    /// The owner as a report names it.
    package var name: String {
        switch self {
        case .nativeSide: "a script the native side evaluated"
        case .javaScriptSide: "the JS side under test"
        case .pageSetup: "the page setup snippet under test"
        case .kit(let what): "the kit's own \(what)"
        }
    }
}

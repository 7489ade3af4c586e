/// Why a navigation happens, as WebKit's `WKNavigationType`.
public enum WKNavigationType: Int, Sendable {
    /// The user followed a link.
    case linkActivated = 0
    /// The user submitted a form.
    case formSubmitted = 1
    /// Back or forward in the history.
    case backForward = 2
    /// A reload.
    case reload = 3
    /// A form submitted again.
    case formResubmitted = 4
    /// Anything else (an app's load, an iframe's `src`).
    case other = -1
}

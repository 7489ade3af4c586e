import Foundation

/// One main-frame load, as WebKit's `WKNavigation`: the same object reaches each delegate method of the load.
@preconcurrency @MainActor
open class WKNavigation: NSObject {
    /// A navigation; web views make them.
    override package init() {}
}

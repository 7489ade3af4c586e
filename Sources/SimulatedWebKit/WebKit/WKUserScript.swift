import ConformanceAdapter
import Foundation

/// When a user script runs, as WebKit's `WKUserScriptInjectionTime`.
public enum WKUserScriptInjectionTime: Int, Sendable {
    /// Before the page's own scripts.
    case atDocumentStart = 0
    /// After the page's own scripts.
    case atDocumentEnd = 1
}

/// A script every page of a web view runs, as WebKit's `WKUserScript`.
@preconcurrency @MainActor
open class WKUserScript: NSObject {
    /// The JavaScript source.
    open private(set) var source: String
    /// When it runs.
    open private(set) var injectionTime: WKUserScriptInjectionTime
    /// Whether it runs in the main frame only.
    open private(set) var isForMainFrameOnly: Bool

    /// A user script.
    /// - Parameters:
    ///   - source: The JavaScript source.
    ///   - injectionTime: When it runs.
    ///   - forMainFrameOnly: Whether it runs in the main frame only.
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        isForMainFrameOnly = forMainFrameOnly
    }

    /// The script as the simulated web view runs it.
    var simulated: UserScript {
        UserScript(
            source: source, injectionTime: injectionTime == .atDocumentStart ? .atDocumentStart : .atDocumentEnd,
            isForMainFrameOnly: isForMainFrameOnly)
    }
}

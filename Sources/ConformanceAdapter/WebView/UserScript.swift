/// A script the web view runs in every page it loads, like `WKUserScript`.
public struct UserScript: Sendable, Equatable {
    /// When a user script runs, like `WKUserScriptInjectionTime`.
    public enum InjectionTime: String, Sendable, Equatable {
        /// Before any of the page's own scripts.
        case atDocumentStart
        /// After the page's own scripts ran, before `didFinish`.
        case atDocumentEnd
    }

    /// The JavaScript source.
    public var source: String
    /// When it runs.
    public var injectionTime: InjectionTime
    /// Whether it runs in the main frame only (the kit's iframes load no documents, so either way it runs in
    /// the main frame alone).
    public var isForMainFrameOnly: Bool

    /// A user script.
    /// - Parameters:
    ///   - source: The JavaScript source.
    ///   - injectionTime: When it runs.
    ///   - isForMainFrameOnly: Whether it runs in the main frame only.
    public init(source: String, injectionTime: InjectionTime, isForMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = isForMainFrameOnly
    }
}

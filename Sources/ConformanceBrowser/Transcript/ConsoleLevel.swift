/// The `console` method a page called, the word transcripts and goldens name it by (`console.warn ...`): the
/// methods the page shim records (`page-shim.js`).
package enum ConsoleLevel: String, Sendable, Codable, CaseIterable {
    /// `console.log`.
    case log
    /// `console.info`.
    case info
    /// `console.warn`.
    case warn
    /// `console.error`.
    case error
    /// `console.debug`.
    case debug
}

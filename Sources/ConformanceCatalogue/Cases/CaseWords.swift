import ConformanceBrowser
import StrictJSON
import WireDialects

/// A case's words and the run's. A case is written in one dialect and may run in another
/// (`DialectApplicability.wordsSource(of:in:)`): then its scripts, handler names and data are renamed into the
/// run's words, and what it observed is renamed back into its own. Both dialects are fixed for the case.
@MainActor
final class CaseWords {
    /// The wire the case is written in.
    let dialect: WireDialect
    /// From the case's words to the run's; nil when the case is not renamed.
    private let toRun: DialectRenaming?
    /// From the run's words to the case's; nil when the case is not renamed.
    private let toCase: DialectRenaming?
    /// The transcript renamed so far: entries are only ever appended, so each is renamed once.
    private var renamedTranscript: Transcript?

    /// The words of `conformanceCase` run in `runDialect`.
    /// - Parameters:
    ///   - conformanceCase: The case.
    ///   - runDialect: The wire the run speaks.
    ///   - isRenamed: Whether the case runs in a dialect it is not written for.
    init(of conformanceCase: ConformanceCase, in runDialect: WireDialect, isRenamed: Bool) {
        dialect = DialectApplicability.wordsSource(of: conformanceCase, in: runDialect) ?? runDialect
        toRun = isRenamed ? DialectRenaming(wordsFrom: dialect, to: runDialect) : nil
        toCase = isRenamed ? DialectRenaming(wordsFrom: runDialect, to: dialect) : nil
    }

    /// `wire`, the transcript in the run's words, in the case's (`Transcript.appendEntries(from:to:by:keeping:)`).
    /// - Parameters:
    ///   - wire: The page host's transcript.
    ///   - javaScriptSource: The JS side injected, kept as it is.
    func transcript(_ wire: Transcript, keeping javaScriptSource: String) -> Transcript {
        guard let toCase else { return wire }
        var renamed = renamedTranscript ?? Transcript(dialect: dialect)
        if renamed.entries.count < wire.entries.count {
            wire.appendEntries(from: renamed.entries.count, to: &renamed, by: toCase, keeping: javaScriptSource)
            renamedTranscript = renamed
        }
        return renamed
    }

    /// `script`, written in the case's words, in the run's.
    func inRunDialect(_ script: String) -> String {
        guard let toRun else { return script }
        return toRun.rename(script)
    }

    /// A value the case hands the native side, in the run's words.
    func inRunWords(_ value: JSONValue?) -> JSONValue? {
        guard let value, let toRun else { return value }
        return toRun.rename(value)
    }

    /// A handler name in the run's words.
    func inRunWords(name: String) -> String {
        guard let toRun else { return name }
        return toRun.rename(name)
    }

    /// Text in the run's words in the case's.
    func inCaseWords(_ text: String) -> String {
        guard let toCase else { return text }
        return toCase.rename(text)
    }
}

import ConformanceBrowser
import StrictJSON
import WireDialects

extension Transcript {
    /// The transcript as a case written in `dialect` reads it: every word renamed by `renaming` (from the run's
    /// dialect into the case's) in every string, name, label, message and value (the case's scripts, and the
    /// names and data it hands the native side, were renamed the other way on their way in), except in what the
    /// case itself wrote in its own words (the native actions it performed, its native callbacks' labels), in
    /// evaluations that inject the JS side `javaScriptSide` (kept as evaluated, so that checks still recognise
    /// it). URLs are renamed too, bridge URLs as the native side reads them (`DialectRenaming`), so that a case
    /// finds the signals its page gave, and the decisions on the URLs it wrote, in its own words.
    /// - Parameters:
    ///   - renaming: From the run's words to the case's.
    ///   - dialect: The case's dialect, which the result is read in.
    ///   - javaScriptSide: The run's JS side.
    func inWords(of dialect: WireDialect, by renaming: DialectRenaming, keeping javaScriptSide: String) -> Transcript {
        var renamed = Transcript(dialect: dialect)
        appendEntries(from: 0, to: &renamed, by: renaming, keeping: javaScriptSide)
        return renamed
    }

    /// Appends the entries from `start` on to `renamed`, renamed as `inWords(of:by:keeping:)` does: a transcript
    /// read while it grows is renamed once per entry, not once per read.
    func appendEntries(
        from start: Int, to renamed: inout Transcript, by renaming: DialectRenaming, keeping javaScriptSide: String
    ) {
        func json(_ value: JSONValue?) -> JSONValue? { value.map(renaming.rename) }
        for entry in entries[start...] {
            let event: TranscriptEvent =
                switch entry.event {
                case .evaluationStarted(let id, let style, let command):
                    // Read again in the case's words: what a command delivers is the case's to judge.
                    .evaluationStarted(
                        id: id, style: style,
                        command: NativeCommand(
                            command.script.contains(javaScriptSide) ? command.script : renaming.rename(command.script),
                            in: renamed.dialect))
                case let .evaluationFinished(id, result, error):
                    .evaluationFinished(id: id, result: json(result), error: error.map(renaming.rename))
                case .adapterAction: entry.event
                case let .nativeHandlerInvoked(name, data):
                    .nativeHandlerInvoked(name: renaming.rename(name), data: json(data))
                case let .nativeCallbackInvoked(label, data):
                    .nativeCallbackInvoked(label: label, data: json(data))
                case let .jsHandlerInvoked(name, data, hasResponder, during):
                    .jsHandlerInvoked(
                        name: renaming.rename(name), data: json(data), hasResponder: hasResponder,
                        duringNativeEvaluation: during)
                case let .jsCallbackInvoked(label, data):
                    .jsCallbackInvoked(label: renaming.rename(label), data: json(data))
                case let .pageNote(label, data): .pageNote(label: renaming.rename(label), data: json(data))
                case .nativeLog(let line): .nativeLog(renaming.rename(line))
                case let .console(level, message, arguments):
                    .console(level: level, message: renaming.rename(message), arguments: arguments.map(renaming.rename))
                case let .dialog(kind, message, blocking):
                    .dialog(kind: kind, message: renaming.rename(message), blocking: blocking)
                case .promptAnswered(let text): .promptAnswered(text: text.map(renaming.rename))
                case let .uncaughtError(message, line): .uncaughtError(message: renaming.rename(message), line: line)
                case let .scriptMessagePosted(name, body):
                    .scriptMessagePosted(name: renaming.rename(name), body: json(body))
                case let .violation(clause, message): .violation(clause: clause, message: renaming.rename(message))
                case .tripwire(let label): .tripwire(label: renaming.rename(label))
                case .pageRequested(let url): .pageRequested(url: renaming.rename(url))
                case .pageLoaded(let url): .pageLoaded(url: renaming.rename(url))
                case let .navigationRequested(id, url, isMainFrame):
                    .navigationRequested(id: id, url: renaming.rename(url), isMainFrame: isMainFrame)
                case let .navigationDecided(id, url, policy, defaulted):
                    .navigationDecided(id: id, url: renaming.rename(url), policy: policy, defaulted: defaulted)
                case .timerScheduled, .timerFired, .appDelegateNotified, .javaScriptSideAppeared:
                    entry.event
                }
            renamed.append(event, at: entry.time)
        }
    }
}

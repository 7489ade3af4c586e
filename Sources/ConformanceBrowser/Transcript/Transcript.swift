import ConformanceAdapter
import StrictJSON
import WireDialects

/// The ordered record of everything observable in one case.
///
/// Raw evaluated scripts are kept as the implementation wrote them; compare transcripts through
/// `TranscriptRenderer`, whose rendering is canonical (messages as parsed JSON with sorted keys). A
/// transcript knows the wire it was spoken in (`dialect`), so that its commands and messages are read in it.
package struct Transcript: Equatable, Sendable, Codable {
    /// One event with the virtual time it happened at.
    package struct Entry: Equatable, Sendable, Encodable {
        /// Virtual milliseconds since the case started.
        package var time: Int64
        /// What happened.
        package var event: TranscriptEvent

        /// An entry at `time`.
        /// - Parameters:
        ///   - time: Virtual milliseconds since the case started.
        ///   - event: What happened.
        package init(time: Int64, event: TranscriptEvent) {
            self.time = time
            self.event = event
        }

        private enum CodingKeys: String, CodingKey {
            case time, event
        }

        /// Reads an entry whose evaluation, if it is one, is read in `dialect`.
        init(from decoder: any Decoder, in dialect: WireDialect) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            time = try values.decode(Int64.self, forKey: .time)
            event = try TranscriptEvent(from: values.superDecoder(forKey: .event), in: dialect)
        }
    }

    /// The entries, in the order they happened.
    package internal(set) var entries: [Entry] = []
    /// The wire the page and the native side spoke.
    package let dialect: WireDialect

    /// Creates an empty transcript.
    /// - Parameter dialect: The wire it records (the canonical one unless a run speaks another).
    package init(dialect: WireDialect = .canonical) {
        self.dialect = dialect
    }

    private enum CodingKeys: String, CodingKey {
        case entries, dialect
    }

    /// Reads a transcript; one without a dialect is of the canonical one, and a dialect is named among
    /// those the kit ships. Its evaluations are read again in it (`NativeCommand`).
    /// - Throws: `DecodingError` for a dialect the kit does not ship.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decodeIfPresent(String.self, forKey: .dialect) ?? WireDialect.canonical.name
        guard let dialect = WireDialect.shipped.first(where: { $0.name == name }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .dialect, in: container, debugDescription: "no dialect named \(name) ships with the kit")
        }
        self.dialect = dialect
        var list = try container.nestedUnkeyedContainer(forKey: .entries)
        while !list.isAtEnd {
            entries.append(try Entry(from: list.superDecoder(), in: dialect))
        }
    }

    /// Writes the entries, and the dialect's name unless it is the canonical one.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        if dialect != .canonical { try container.encode(dialect.name, forKey: .dialect) }
    }

    /// Appends an event at virtual time `time` (for tools and tests that build transcripts).
    /// - Parameters:
    ///   - event: What happened.
    ///   - time: Virtual milliseconds.
    package mutating func append(_ event: TranscriptEvent, at time: Int64 = 0) {
        entries.append(Entry(time: time, event: event))
    }

    /// Appends the start of evaluation `id` of `script`, read in the transcript's dialect, at virtual time `time`
    /// (for tools and tests that build transcripts; a page host records the command it read).
    /// - Parameters:
    ///   - id: The evaluation's id.
    ///   - style: How it was evaluated.
    ///   - script: The script evaluated.
    ///   - time: Virtual milliseconds.
    package mutating func appendEvaluation(id: Int, style: EvaluationStyle, script: String, at time: Int64 = 0) {
        append(.evaluationStarted(id: id, style: style, command: NativeCommand(script, in: dialect)), at: time)
    }

    /// The events without their times.
    package var events: [TranscriptEvent] { entries.map(\.event) }

    /// The non-nil results of `transform` over the events, in order, without copying the events first.
    private func collect<Result>(_ transform: (TranscriptEvent) -> Result?) -> [Result] {
        var results: [Result] = []
        for entry in entries {
            if let result = transform(entry.event) { results.append(result) }
        }
        return results
    }

    /// Invocations of the page's JS handler `name`, in order.
    package func jsHandlerInvocations(_ name: String) -> [(
        data: JSONValue?, hasResponder: Bool, duringNativeEvaluation: Bool
    )] {
        collect {
            if case let .jsHandlerInvoked(handler, data, hasResponder, during) = $0, handler == name {
                return (data, hasResponder, during)
            }
            return nil
        }
    }

    /// Invocations of the native handler `name`, in order, with their data.
    package func nativeHandlerInvocations(_ name: String) -> [JSONValue?] {
        collect {
            if case let .nativeHandlerInvoked(handler, data) = $0, handler == name { return .some(data) }
            return nil
        }
    }

    /// Invocations of JS callbacks labelled `label`, with their data.
    package func jsCallbackInvocations(_ label: String) -> [JSONValue?] {
        collect {
            if case let .jsCallbackInvoked(callback, data) = $0, callback == label { return .some(data) }
            return nil
        }
    }

    /// Invocations of native callbacks labelled `label`, with their data.
    package func nativeCallbackInvocations(_ label: String) -> [JSONValue?] {
        collect {
            if case let .nativeCallbackInvoked(callback, data) = $0, callback == label { return .some(data) }
            return nil
        }
    }

    /// Scripts the native side evaluated (harness evaluations excluded), in order.
    package var nativeEvaluations: [NativeEvaluation] {
        collect {
            if case let .evaluationStarted(id, style, command) = $0, style != .harness {
                return NativeEvaluation(id: id, style: style, command: command)
            }
            return nil
        }
    }

    /// Whether a page had loaded, and no other been requested since, when evaluation `id` started.
    package func pageWasLoaded(whenEvaluationStarted id: Int) -> Bool {
        var loaded = false
        for event in events {
            switch event {
            case .pageRequested: loaded = false
            case .pageLoaded: loaded = true
            case .evaluationStarted(let started, _, _) where started == id: return loaded
            default: break
            }
        }
        return loaded
    }

    /// Whether a native evaluation after evaluation `id`, in the same page, that `matches` (by its id and command),
    /// finished without throwing.
    package func laterEvaluationSucceeded(inPageOfEvaluation id: Int, where matches: (Int, NativeCommand) -> Bool)
        -> Bool
    {
        var after = false
        var candidates: Set<Int> = []
        for event in events {
            switch event {
            case .pageRequested where after: return false
            case .evaluationStarted(let started, let style, let command):
                if started == id {
                    after = true
                } else if after, style != .harness, matches(started, command) {
                    candidates.insert(started)
                }
            case .evaluationFinished(let finished, _, nil) where candidates.contains(finished):
                return true
            default: break
            }
        }
        return false
    }

    /// The native side's evaluations of the dialect's fetch command that finished, in order: the index of the
    /// event that finished each (in `events`), and what it returned or threw.
    package var finishedFetches: [(eventIndex: Int, result: JSONValue?, error: String?)] {
        var fetchIDs: Set<Int> = []
        var fetches: [(eventIndex: Int, result: JSONValue?, error: String?)] = []
        for (index, entry) in entries.enumerated() {
            switch entry.event {
            case let .evaluationStarted(id, style, command) where style != .harness && command.isFetch:
                fetchIDs.insert(id)
            case let .evaluationFinished(id, result, error) where fetchIDs.contains(id):
                fetches.append((index, result, error))
            default:
                break
            }
        }
        return fetches
    }

    /// Navigation decisions, in order (`defaulted` ones included).
    package var navigationDecisions: [(url: String, policy: NavigationActionPolicy)] {
        collect {
            if case let .navigationDecided(_, url, policy, _) = $0 { return (url, policy) }
            return nil
        }
    }

    /// Values the page recorded with `conformance.note(label, value)`, in order.
    package func pageNotes(_ label: String) -> [JSONValue?] {
        collect {
            if case let .pageNote(noteLabel, data) = $0, noteLabel == label { return .some(data) }
            return nil
        }
    }

    /// Messages the native side delivered, decoded, in order: those of well-formed commands and of
    /// commands that differ only in ways that still deliver the message (a missing `;`, `window.`), so
    /// that such a difference is reported once, by the wire lint, not again by every check of the messages.
    package var decodedNativeMessages: [JSONValue] {
        collect {
            if case let .evaluationStarted(_, style, command) = $0, style != .harness {
                return command.deliveredMessage
            }
            return nil
        }
    }

    /// Console lines, in order.
    package var consoleMessages: [String] {
        collect {
            if case let .console(_, message, _) = $0 { return message }; return nil
        }
    }

    /// The arguments of each console call, apart, in order.
    package var consoleArguments: [[JSONValue]] {
        collect {
            if case let .console(_, _, arguments) = $0 { return arguments }; return nil
        }
    }

    /// The web-view rule violations recorded.
    package var violations: [String] {
        collect {
            if case let .violation(_, message) = $0 { return message }; return nil
        }
    }
}

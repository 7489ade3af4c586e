/// The ordered record of everything observable in one case.
///
/// Raw evaluated scripts are kept as the implementation wrote them; compare transcripts through
/// `TranscriptRenderer`, whose rendering is canonical (messages as parsed JSON with sorted keys).
public struct Transcript: Equatable, Sendable {
    /// One event with the virtual time it happened at.
    public struct Entry: Equatable, Sendable {
        /// Virtual milliseconds since the case started.
        public var time: Int64
        /// What happened.
        public var event: TranscriptEvent
    }

    /// The entries, in the order they happened.
    public internal(set) var entries: [Entry] = []

    /// Creates an empty transcript.
    public init() {}

    /// Appends an event at virtual time `time` (for tools and tests that build transcripts).
    /// - Parameters:
    ///   - event: What happened.
    ///   - time: Virtual milliseconds.
    public mutating func append(_ event: TranscriptEvent, at time: Int64 = 0) {
        entries.append(Entry(time: time, event: event))
    }

    /// The events without their times.
    public var events: [TranscriptEvent] { entries.map(\.event) }

    /// Invocations of the page's JS handler `name`, in order.
    public func jsHandlerInvocations(_ name: String) -> [(data: JSONValue?, hasResponder: Bool, duringNativeEvaluation: Bool)] {
        events.compactMap {
            if case let .jsHandlerInvoked(handler, data, hasResponder, during) = $0, handler == name {
                return (data, hasResponder, during)
            }
            return nil
        }
    }

    /// Invocations of the native handler `name`, in order, with their data.
    public func nativeHandlerInvocations(_ name: String) -> [JSONValue?] {
        events.compactMap {
            if case let .nativeHandlerInvoked(handler, data) = $0, handler == name { return .some(data) }
            return nil
        }
    }

    /// Invocations of JS callbacks labelled `label`, with their data.
    public func jsCallbackInvocations(_ label: String) -> [JSONValue?] {
        events.compactMap {
            if case let .jsCallbackInvoked(callback, data) = $0, callback == label { return .some(data) }
            return nil
        }
    }

    /// Invocations of native callbacks labelled `label`, with their data.
    public func nativeCallbackInvocations(_ label: String) -> [JSONValue?] {
        events.compactMap {
            if case let .nativeCallbackInvoked(callback, data) = $0, callback == label { return .some(data) }
            return nil
        }
    }

    /// Scripts the native side evaluated (harness evaluations excluded), in order.
    public var nativeEvaluations: [(id: Int, style: EvaluationStyle, script: String)] {
        events.compactMap {
            if case let .evaluationStarted(id, style, script) = $0, style != .harness { return (id, style, script) }
            return nil
        }
    }

    /// Navigation decisions, in order (`defaulted` ones included).
    public var navigationDecisions: [(url: String, policy: NavigationActionPolicy)] {
        events.compactMap {
            if case let .navigationDecided(_, url, policy, _) = $0 { return (url, policy) }
            return nil
        }
    }

    /// Values the page recorded with `conformance.note(label, value)`, in order.
    public func pageNotes(_ label: String) -> [JSONValue?] {
        events.compactMap {
            if case let .pageNote(noteLabel, data) = $0, noteLabel == label { return .some(data) }
            return nil
        }
    }

    /// Messages the native side delivered with well-formed commands, decoded, in order.
    public var decodedNativeMessages: [JSONValue] {
        nativeEvaluations.compactMap {
            if case .message(let message) = WireInspector.decodeCommand($0.script) { return message }
            return nil
        }
    }

    /// Console lines, in order.
    public var consoleMessages: [String] {
        events.compactMap { if case let .console(_, message) = $0 { return message }; return nil }
    }

    /// The web-view rule violations recorded.
    public var violations: [String] {
        events.compactMap { if case let .violation(_, message) = $0 { return message }; return nil }
    }
}

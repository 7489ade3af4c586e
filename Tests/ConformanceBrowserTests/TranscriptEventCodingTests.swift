import ConformanceAdapter
import Foundation
import KitTestSupport
import StrictJSON
import Testing

@testable import ConformanceBrowser

/// Typed transcript values: each renders to the words transcripts always showed, and travels through
/// `TranscriptEvent+Codable` (a restarted run's results) without losing anything.
@Suite("Transcript events: typed values render as before and survive their JSON")
struct TranscriptEventCodingTests {
    /// Every kind of adapter action, with the text transcripts and goldens show for it.
    static let adapterActions: [(action: AdapterAction, text: String)] = [
        (.attach, "attach(to: webView)"),
        (.registerHandler(name: "sink"), #"registerHandler("sink")"#),
        (.registerThrowingHandler(name: "fails \"here\""), #"registerThrowingHandler("fails \"here\"")"#),
        (.answerHeld(name: "later", answer: .string("done")), #"answer the held invocation of "later" with "done""#),
        (.answerHeld(name: "later", answer: nil), #"answer the held invocation of "later" with nil"#),
        (.removeHandler(name: "sink"), #"removeHandler("sink")"#),
        (.callHandler(name: "sink", data: nil, callback: nil), #"callHandler("sink")"#),
        (
            .callHandler(name: "sink", data: .object(["b": .number(1), "a": .null]), callback: "cb"),
            #"callHandler("sink", data: {"a":null,"b":1}, callback: cb)"#
        ),
        (.reset, "reset()"),
        (.setTrafficLogging(enabled: false), "setTrafficLogging(false)"),
        (.disableSafetyTimeout, "disableJavscriptAlertBoxSafetyTimeout()"),
        (
            .callHandlerFromBackgroundThread(name: "sink", calls: 3),
            #"callHandlerFromAnyThread("sink") x3 on a background thread"#
        ),
        (
            .answerHeldFromBackgroundThread(names: ["a", "b", "c"], answers: [.string("x"), nil, .null]),
            #"answer the held invocations of "a", "b", "c" on a background thread with "x", nil, null"#
        ),
        (
            .sendEvent(id: "tick", data: ["n": 1], completion: "done"),
            #"sendEvent("tick", data: {"n":1}, completion: done)"#
        ),
    ]

    @Test("every kind of adapter action renders the text transcripts showed before it was typed")
    func adapterActionText() {
        #expect(Set(Self.adapterActions.map(\.action.kind)) == Set(AdapterAction.Kind.allCases))
        for (action, text) in Self.adapterActions {
            #expect(action.description == text)
            let rendition = Self.rendition(of: .adapterAction(action))
            #expect(rendition.fields["action"] == .string(text))
            #expect(rendition.line == "native " + text, "\(rendition.line)")
        }
    }

    @Test("every adapter action reads back as it was written, a null answer apart from none")
    func adapterActionRoundTrip() throws {
        for (action, _) in Self.adapterActions {
            #expect(try Self.roundTrip(.adapterAction(action)) == .adapterAction(action))
        }
        #expect(
            try Self.roundTrip(.adapterAction(.answerHeld(name: "n", answer: .null)))
                == .adapterAction(.answerHeld(name: "n", answer: .null)))
        #expect(
            try Self.roundTrip(.adapterAction(.callHandler(name: "n", data: .null, callback: nil)))
                == .adapterAction(.callHandler(name: "n", data: .null, callback: nil)))
    }

    @Test("an adapter action of a kind the kit does not know is a decoding error naming it")
    func unknownAdapterAction() {
        let text = #"{"event":"adapterAction","action":{"kind":"teleport"}}"#
        #expect {
            try Self.decode(Data(text.utf8))
        } throws: { error in
            "\(error)".contains("unknown adapter action teleport")
        }
    }

    @Test("every dialog kind and console level renders its former word and reads back as it was written")
    func dialogKindsAndConsoleLevels() throws {
        for kind in DialogKind.allCases {
            let event = TranscriptEvent.dialog(kind: kind, message: "hi", blocking: true)
            #expect(try Self.roundTrip(event) == event)
            #expect(Self.rendition(of: event).fields["kind"] == .string(kind.rawValue))
            #expect(Self.rendition(of: event).line == "dialog \(kind.rawValue)(hi) BLOCKING")
        }
        #expect(DialogKind.allCases.map(\.rawValue) == ["alert", "confirm", "prompt", "beforeunload"])
        for level in ConsoleLevel.allCases {
            let event = TranscriptEvent.console(level: level, message: "a b", arguments: ["a", "b"])
            #expect(try Self.roundTrip(event) == event)
            #expect(Self.rendition(of: event).fields["level"] == .string(level.rawValue))
            #expect(Self.rendition(of: event).line == "console.\(level.rawValue) a b (2 arguments)")
        }
        #expect(ConsoleLevel.allCases.map(\.rawValue) == ["log", "info", "warn", "error", "debug"])
        // Their JSON is the word, as before they were typed.
        let written = String(
            decoding: try JSONEncoder().encode(
                TranscriptEvent.dialog(kind: .beforeUnload, message: "", blocking: false)),
            as: UTF8.self)
        #expect(written.contains(#""kind":"beforeunload""#), "\(written)")
    }

    @Test("a prompt's answer, text or null, renders as one line and reads back as it was written")
    func promptAnswers() throws {
        for (answer, line) in [("{\"a\":1}", #"prompt answered "{\"a\":1}""#), (nil, "prompt answered null")]
            as [(String?, String)]
        {
            let event = TranscriptEvent.promptAnswered(text: answer)
            #expect(try Self.roundTrip(event) == event)
            #expect(Self.rendition(of: event).line == line, "\(Self.rendition(of: event).line)")
        }
    }

    @Test("a dialog kind or console level the kit does not know is a decoding error")
    func unknownDialogKindAndConsoleLevel() {
        for text in [
            #"{"event":"dialog","kind":"print","message":"","blocking":false}"#,
            #"{"event":"console","level":"trace","message":"","arguments":[]}"#,
        ] {
            #expect(throws: DecodingError.self) {
                try Self.decode(Data(text.utf8))
            }
        }
    }

    @Test("each console method and dialog of a page is recorded as its level and kind")
    @MainActor
    func pageConsoleAndDialogs() async throws {
        let result = try await Kit.run(
            Kit.adHocCase { context in
                context.loadPage(
                    """
                    console.log("l"); console.info("i"); console.warn("w"); console.error("e"); console.debug("d");
                    alert("a"); confirm("c"); prompt("p");
                    """)
                try await context.runUntilIdle()
            })
        #expect(result.verdict == .pass, "\(result.report)")
        let levels = result.transcript.events.compactMap { event -> ConsoleLevel? in
            if case .console(let level, _, _) = event { level } else { nil }
        }
        #expect(levels == [.log, .info, .warn, .error, .debug])
        let kinds = result.transcript.events.compactMap { event -> DialogKind? in
            if case .dialog(let kind, _, _) = event { kind } else { nil }
        }
        #expect(kinds == [.alert, .confirm, .prompt])
    }

    @Test("a NaN or an infinity a case sends is recorded as null, as shown before: the transcript equals itself")
    @MainActor
    func nonFiniteDataIsRecordedAsJSONCarriesIt() async throws {
        let result = try await Kit.run(
            Kit.adHocCase(accepts: .unansweredNativeCallbacks) { context in
                context.loadPage(
                    """
                    setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler("sink", conformance.recordingHandler("sink")); });
                    """)
                try await context.runUntilIdle()
                try context.callHandler("sink", data: ["bad": .number(.nan)])
                try context.callHandler("sink", data: .number(.infinity), callback: "infinite")
                try await context.runUntilIdle()
            })
        let actions = result.transcript.events.compactMap { event -> AdapterAction? in
            if case .adapterAction(let action) = event, action.kind == .callHandler { action } else { nil }
        }
        #expect(
            actions == [
                .callHandler(name: "sink", data: ["bad": .null], callback: nil),
                .callHandler(name: "sink", data: .null, callback: "infinite"),
            ])
        #expect(
            actions.map(\.description) == [
                #"callHandler("sink", data: {"bad":null})"#, #"callHandler("sink", data: null, callback: infinite)"#,
            ])
        #expect(result.transcript == result.transcript)
        for action in actions { #expect(try Self.roundTrip(.adapterAction(action)) == .adapterAction(action)) }
    }

    /// What goldens and wire logs show of `event`.
    static func rendition(of event: TranscriptEvent) -> EventRendition {
        EventRendition(event, javaScriptSideEvaluations: [], bridgeJavaScriptSource: nil, dialect: .canonical)
    }

    /// `event` through `JSONEncoder` and `JSONDecoder`.
    static func roundTrip(_ event: TranscriptEvent) throws -> TranscriptEvent {
        try decode(JSONEncoder().encode(event))
    }

    /// An event's JSON read as events are: in a transcript (which reads evaluations in its dialect).
    static func decode(_ event: Data) throws -> TranscriptEvent {
        let transcript = Data(#"{"entries":[{"time":0,"event":"#.utf8) + event + Data("}]}".utf8)
        return try #require(try JSONDecoder().decode(Transcript.self, from: transcript).entries.first).event
    }
}

import ConformanceAdapter
import ConformanceObligations
import ConformanceSupport
import StrictJSON

/// SHOULD-level cases on warnings both sides log.
///
/// Native logs reach the transcript through `SimulatedWebView.recordNativeLog(_:)`, or as lines the
/// implementation wrote to standard output or standard error (out of process always, ADP-16; in process
/// when the adapter adopts `LogsToStandardStreams`). Each anomaly is triggered on its own and must be
/// followed by at least one native log line; the text is not judged. Where a check looks for text in a
/// line (a handler's name, `WVJB SEND: `), it finds it anywhere in the line, so a prefix the logging
/// system or the implementation adds (a timestamp, a tag) does not hide it.
enum LoggingCases {
    static let all = [
        missingHandler, nilFetchResult, nonObjectElement, invalidBatchesAndUnknownResponse,
        otherInvalidBatchesAndRepeatedResponse, trafficOffByDefault,
        trafficOffAcrossPagesAndAnomalies, trafficWhenSwitchedOn,
    ]

    static let missingHandler = ConformanceCase(
        id: "logging.native.missing-handler",
        clauses: [.log1],
        level: .should,
        summary:
            "a JS call to a missing native handler makes the native side log a warning naming the handler; so does a call without a handlerName, or with one that is not a string"
    ) { context in
        try await CasePages.start(context)
        let before = LogLines.mark(context)
        context.runInPage(#"WebViewJavascriptBridge.callHandler("nobodyHome", 1);"#)
        try await context.runUntilIdle()
        let lines = LogLines.since(before, in: context)
        context.expect(
            lines.contains { $0.contains("nobodyHome") }, clause: .log1a,
            "no native log line names the missing handler nobodyHome (lines: \(lines))")
        // A call whose handlerName is missing names no handler either (MISS-1): a port that logs only when the
        // name is a string leaves these out. The first is what callHandler(undefined, data) sends.
        try await LogLines.expectLogged(context, obligation: .log1a, after: "a call without a handlerName") {
            context.runInPage("WebViewJavascriptBridge.callHandler(undefined, \"no name\");")
        }
        let crafted = [
            ("a call whose handlerName is null", #"[{"handlerName":null,"data":"null name"}]"#),
            ("a call whose handlerName is the number 42", #"[{"handlerName":42,"data":"number name"}]"#),
        ]
        for (what, text) in crafted {
            try await LogLines.expectLogged(context, obligation: .log1a, after: what) {
                CraftedFetch.serve([CanonicalJSON.quote(text)], in: context)
            }
        }
    }

    static let nilFetchResult = ConformanceCase(
        id: "logging.native.nil-fetch-result",
        clauses: [.log2],
        level: .should,
        summary:
            "a _fetchQueue result of undefined, \"\" or an evaluation error makes the native side log a warning each time"
    ) { context in
        try await CasePages.start(context)
        let results = [
            ("undefined", "undefined"), ("\"\"", "\"\""),
            ("an evaluation error", #"(function () { throw new Error("crafted"); })()"#),
        ]
        for (what, expression) in results {
            try await LogLines.expectLogged(context, obligation: .log2a, after: "a _fetchQueue result of \(what)") {
                CraftedFetch.serve([expression], in: context)
            }
        }
    }

    static let nonObjectElement = ConformanceCase(
        id: "logging.native.non-object-element",
        clauses: [.log3],
        level: .should,
        summary: "a batch element that is not an object makes the native side log a warning"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        try await LogLines.expectLogged(
            context, obligation: .log3a, after: "a batch holding the number 1 before a good call"
        ) {
            CraftedFetch.serve([CanonicalJSON.quote(#"[1,{"handlerName":"sink","data":"ok"}]"#)], in: context)
        }
    }

    static let invalidBatchesAndUnknownResponse = ConformanceCase(
        id: "logging.native.invalid-batch-and-unknown-response",
        clauses: [.log4],
        level: .should,
        summary:
            "invalid JSON, a non-array batch and a response with an unknown responseId, a string or not, each make the native side log a warning"
    ) { context in
        try await CasePages.start(context)
        // A responseId of any value makes a response (MSG-4), and one naming no callback is unknown (CB-3): a port
        // that logs only string ids leaves the others out.
        let results = [
            ("invalid JSON", "[{", Obligation.log4a), ("a non-array batch", "{}", Obligation.log4b),
            ("an unknown responseId", #"[{"responseId":"objc_cb_404","responseData":1}]"#, Obligation.log4c),
            ("a responseId of null", #"[{"responseId":null,"responseData":2}]"#, Obligation.log4c),
            ("a responseId of the number 1", #"[{"responseId":1,"responseData":3}]"#, Obligation.log4c),
            (
                "a responseId that is an object", #"[{"responseId":{"id":"objc_cb_1"},"responseData":4}]"#,
                Obligation.log4c
            ),
        ]
        for (what, text, obligation) in results {
            try await LogLines.expectLogged(context, obligation: obligation, after: what) {
                CraftedFetch.serve([CanonicalJSON.quote(text)], in: context)
            }
        }
    }

    static let otherInvalidBatchesAndRepeatedResponse = ConformanceCase(
        id: "logging.native.other-invalid-batches-and-repeated-response",
        clauses: [.log4],
        level: .should,
        summary:
            "on a reloaded page, JSON only a lenient parser takes, top-level null, numbers and strings, and a JS handler answering a second time each make the native side log a warning"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("answerNowAndAgain", function (data, respond) {
                        respond(data);
                        window.answerAgain = function () { respond(data); };
                    });
                });
                """)
        context.reload()
        try await context.runUntilIdle()
        let results = [
            ("a trailing comma", #"[{"handlerName":"sink","data":1},]"#, Obligation.log4a),
            ("a bare word", "batch", Obligation.log4a),
            ("a top-level null", "null", Obligation.log4b), ("a top-level number", "42", Obligation.log4b),
            ("a top-level string holding a batch", #""[{\"handlerName\":\"sink\"}]""#, Obligation.log4b),
        ]
        for (what, text, obligation) in results {
            // A batch with a trailing comma that ran (sink got 1) points at Foundation's lenient parser on Linux.
            let likelyCause = { () -> PlatformBehaviour? in
                what == "a trailing comma" && context.transcript.nativeHandlerInvocations("sink").contains(1)
                    ? .foundationAcceptsTrailingCommas : nil
            }
            try await LogLines.expectLogged(context, obligation: obligation, after: what, likelyCause: likelyCause) {
                CraftedFetch.serve([CanonicalJSON.quote(text)], in: context)
            }
        }
        try context.callHandler("answerNowAndAgain", data: "once", callback: "answered")
        try await context.runUntilIdle()
        try await LogLines.expectLogged(
            context, obligation: .log4c,
            after: "a JS handler answering a native call a second time, in a later batch"
        ) {
            context.runInPage("window.answerAgain();")
        }
    }

    static let trafficOffByDefault = ConformanceCase(
        id: "logging.native.traffic-off-by-default",
        clauses: [.log7],
        level: .should,
        summary: "with default settings a round trip in each direction logs no WVJB SEND / WVJB RCVD traffic lines"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        try await CasePages.start(
            context,
            page: LifecycleCases.sinkAndEcho + """
                setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler("echo", "up", conformance.callback("up")); });
                """)
        try context.callHandler("echo", data: "down", callback: "down", expectsResponse: true)
        try await context.runUntilIdle()
        let traffic = LogLines.since(0, in: context).filter { $0.contains("WVJB SEND") || $0.contains("WVJB RCVD") }
        context.expectEqual(traffic, [], clause: .log7a, "traffic lines logged with default settings")
    }

    static let trafficWhenSwitchedOn = ConformanceCase(
        id: "logging.native.traffic-when-switched-on",
        clauses: [.log7],
        level: .should,
        requires: .trafficLogging,
        summary:
            "with traffic logging switched on, each evaluated message is logged as WVJB SEND: and each received one as WVJB RCVD:, and a message past 500 UTF-16 units, sent or received, of é or of emoji, is cut after 500 UTF-16 units and marked [...]"
    ) { context in
        try context.setTrafficLogging(true)
        try context.registerHandler("echo", answer: .none)
        try await CasePages.start(
            context,
            page: LifecycleCases.sinkAndEcho + """
                setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler("echo", "up"); });
                """)
        let before = LogLines.mark(context)
        try context.callHandler("sink", data: "down")
        // Long messages both ways: 600 é (one UTF-16 unit, one Character, two UTF-8 bytes each) and emoji (two
        // UTF-16 units, one Character, four UTF-8 bytes each), after one ASCII letter so that 500 units end
        // between two emoji whatever the key order. A cut counted in Characters or UTF-8 bytes keeps another length.
        try context.callHandler("sink", data: .string(String(repeating: "é", count: 600)))
        try context.callHandler("sink", data: .string("x" + String(repeating: "\u{1F600}", count: 300)))
        context.runInPage(#"WebViewJavascriptBridge.callHandler("echo", "y" + new Array(301).join("\uD83D\uDE00"));"#)
        // Messages of about 500 units both ways, so that one is exactly 500 in any compact serialization: a line
        // that long is logged whole and unmarked (nothing past the maximum is cut).
        let nearTheMaximum = (440...490).map { String(repeating: "z", count: $0) }
        for data in nearTheMaximum { try context.callHandler("sink", data: .string(data)) }
        context.runInPage(
            "[\(nearTheMaximum.map(CanonicalJSON.quote).joined(separator: ","))].forEach(function (data) { WebViewJavascriptBridge.callHandler(\"echo\", data); });"
        )
        try await context.runUntilIdle()
        let all = LogLines.since(0, in: context), later = LogLines.since(before, in: context)
        func messages(_ prefix: String, in lines: [String]) -> [JSONValue] {
            lines.compactMap { LogLines.text(after: prefix, in: $0) }.compactMap { try? JSONParser.parse($0) }
        }
        let sent = messages("WVJB SEND: ", in: later), received = messages("WVJB RCVD: ", in: all)
        context.expect(
            sent.contains(["handlerName": "sink", "data": "down"]), clause: .log7b,
            "a WVJB SEND: line holding the native call {\"handlerName\":\"sink\",\"data\":\"down\"} (lines: \(later))")
        context.expect(
            received.contains(["handlerName": "echo", "data": "up"]), clause: .log7b,
            "a WVJB RCVD: line holding the JS call {\"handlerName\":\"echo\",\"data\":\"up\"} (lines: \(all))")
        // Each long message's JSON is over 600 UTF-16 units: its line must hold the first 500 and the marker,
        // counted in the line as written (a case run renamed reads words of other lengths).
        let laterOnWire = LogLines.since(before, in: context, onWire: true)
        let long = [
            ("WVJB SEND: ", "\u{E9}\u{E9}\u{E9}\u{E9}", "the native call with 600 \u{E9} as data"),
            ("WVJB SEND: ", "x\u{1F600}\u{1F600}", "the native call with x and 300 emoji as data"),
            ("WVJB RCVD: ", "y\u{1F600}\u{1F600}", "the JS call with y and 300 emoji as data"),
        ]
        for (marker, sample, what) in long {
            let cut = laterOnWire.first { LogLines.text(after: marker, in: $0)?.contains(sample) == true }
            context.expect(
                cut != nil, clause: .log7b,
                "a \(marker)line for \(what) (lines: \(later.map { PrintableText.abbreviate($0, limit: 60) }))")
            // Judged only when the line exists, so that a missing line is not reported twice.
            guard let cut else { continue }
            let kept = LogLines.text(after: marker, in: cut) ?? cut
            context.expect(
                kept.hasSuffix(" [...]"), clause: .log7c,
                "the \(marker)line of \(what), over 500 UTF-16 units, ends with the marker \" [...]\" (line: \(PrintableText.abbreviate(cut, limit: 80)))"
            )
            let text = kept.hasSuffix(" [...]") ? String(kept.utf16.dropLast(" [...]".utf16.count)) ?? "" : kept
            // A cut that keeps a surrogate pair whole may stop one unit short, right after an emoji.
            let units =
                text.utf16.count == 499 && text.utf16.last.map(UTF16.isTrailSurrogate) == true ? 500 : text.utf16.count
            context.expectEqual(
                units, 500, clause: .log7c,
                "UTF-16 units of the text of \(what) kept before the marker (default maximum 500)")
        }
        // A marker is a cut's: a marked line whose text before it is a whole message cut nothing.
        let markedWhole = laterOnWire.first { line in
            guard
                let text = LogLines.text(after: "WVJB SEND: ", in: line)
                    ?? LogLines.text(after: "WVJB RCVD: ", in: line),
                text.hasSuffix(" [...]")
            else { return false }
            return (try? JSONParser.parse(String(text.dropLast(" [...]".count)))) != nil
        }
        context.expect(
            markedWhole == nil, clause: .log7c,
            "a message of at most 500 UTF-16 units is logged whole, without the marker \" [...]\" (line: \(markedWhole.map { PrintableText.abbreviate($0, limit: 80) } ?? ""))"
        )
    }

    static let trafficOffAcrossPagesAndAnomalies = ConformanceCase(
        id: "logging.native.traffic-off-across-pages-and-anomalies",
        clauses: [.log7],
        level: .should,
        summary:
            "with default settings, calls held in the startup queue, long and unicode messages both ways, anomalies that are logged as warnings and a reload log no WVJB SEND / WVJB RCVD traffic lines"
    ) { context in
        try context.registerHandler("echo", answer: .echo)
        let long = JSONValue.string(String(repeating: "é😀 ", count: 300))
        try context.callHandler("echo", data: long, callback: "held", expectsResponse: true)
        context.loadPage(
            LifecycleCases.sinkAndEcho + """
                setupWebViewJavascriptBridge(function (bridge) { bridge.callHandler("echo", "up \\u2028 ü", conformance.callback("up")); });
                """)
        try await context.runUntilIdle()
        CraftedFetch.serve(
            [
                CanonicalJSON.quote("[{"),
                CanonicalJSON.quote(#"[1,{"responseId":"objc_cb_404"},{"handlerName":"nobodyHome"}]"#),
            ], in: context)
        try await context.runUntilIdle()
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler(
            "echo", data: ["nested": [long, .null]], callback: "after the reload", expectsResponse: true)
        try await context.runUntilIdle()
        let lines = LogLines.since(0, in: context)
        let traffic = lines.filter { $0.contains("WVJB SEND") || $0.contains("WVJB RCVD") }
        context.expectEqual(
            traffic, [], clause: .log7a, "traffic lines logged with default settings, over two pages")
    }
}

/// Native log lines, and crafted `_fetchQueue` results that should make the native side log.
private enum LogLines {
    /// Records the lines the implementation wrote to its standard streams so far (in process, when the
    /// adapter adopts `LogsToStandardStreams`), and returns where the lines logged from now on start.
    @MainActor
    static func mark(_ context: CaseContext) -> Int {
        StandardStreamCapture.drain(for: context.browser)
        return context.transcript.entries.count
    }

    /// The native log lines recorded from transcript entry `start` on (lines written to the standard
    /// streams up to now included).
    /// - Parameter onWire: Whether to read them as written (in the run's words, for lengths), not in the case's.
    @MainActor
    static func since(_ start: Int, in context: CaseContext, onWire: Bool = false) -> [String] {
        StandardStreamCapture.drain(for: context.browser)
        let transcript = onWire ? context.browser.transcript : context.transcript
        return transcript.entries.dropFirst(start).compactMap {
            if case .nativeLog(let line) = $0.event { return line }
            return nil
        }
    }

    /// The text after the first `marker` in `line` (`WVJB SEND: `), wherever the marker stands; nil
    /// without one.
    static func text(after marker: String, in line: String) -> String? {
        line.range(of: marker).map { String(line[$0.upperBound...]) }
    }

    /// Runs `trigger` until idle and records a failure of `obligation` unless a native log line followed;
    /// `likelyCause` tells, once `trigger` has run, the platform's behaviour that likely caused a failure (nil
    /// for none).
    @MainActor
    static func expectLogged(
        _ context: CaseContext, obligation: Obligation, after what: String,
        likelyCause: () -> PlatformBehaviour? = { nil }, _ trigger: () -> Void
    ) async throws {
        let before = mark(context)
        trigger()
        try await context.runUntilIdle()
        context.expect(
            !since(before, in: context).isEmpty, clause: obligation, "the native side logged nothing after \(what)",
            likelyCause: likelyCause())
    }
}

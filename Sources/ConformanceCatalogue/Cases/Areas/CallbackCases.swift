import ConformanceObligations
import StrictJSON

/// Cases on callbacks: one-shot removal, unique ids, unknown response ids.
enum CallbackCases {
    static let all = [
        nativeOneShot, oneShotCraftedRepeats, idsUniqueAmongOutstanding, unknownResponseIDIgnored,
        unknownResponseIDsCraftedBatch,
        responseAfterResetIgnored, craftedResponsesAfterReset, responseDataForms, craftedResponseDataForms,
        callsNameNoCallback, nativeIdFormat,
    ]

    static let nativeOneShot = ConformanceCase(
        id: "callbacks.native.one-shot",
        clauses: [.cb2],
        summary:
            "a native callback runs once even when the JS handler answers twice; the second answer is ignored and the batch goes on past it"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("answerTwice", function (data, respond) {
                        __conformance.handlerInvoked("answerTwice", data, true);
                        respond(data);
                        respond(data);
                        bridge.callHandler("sink", data);
                    });
                });
                """)
        try context.callHandler("answerTwice", data: 7, callback: "first", expectsResponse: true)
        try await context.runUntilIdle()
        try context.callHandler("answerTwice", data: 8, callback: "second", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("first"), [7], clause: .cb2a,
            "answers callback 'first' got, its JS handler answering twice")
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("second"), [8], clause: .cb2b,
            "answers callback 'second' got, called after the repeated response was ignored")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), [7, 8], clause: .cb2b,
            "data the native handler got from the call right after each repeated response, in the same batch")
    }

    static let oneShotCraftedRepeats = ConformanceCase(
        id: "callbacks.native.one-shot.crafted-repeats",
        clauses: [.cb2],
        summary:
            "a native callback answered by a crafted response without responseData, or with null, ignores repeats of that response in the same batch and in a later one; the calls and responses after each repeat still run"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        // The first answers carry no data or null, so that a bridge removing a callback only for a non-nil answer
        // shows.
        guard
            let ids = try await CraftedFetch.outstandingCallbacks(
                ["absent", "null", "after the repeats"], in: context)
        else { return }
        let (absent, null, after) = (ids[0], ids[1], ids[2])
        CraftedFetch.serve(
            batches: [
                [
                    ["responseId": absent], ["responseId": absent, "responseData": "repeat in the same batch"],
                    ["handlerName": "sink", "data": "after the first repeat"],
                ],
                [
                    ["responseId": null, "responseData": .null],
                    ["responseId": absent, "responseData": "repeat in a later batch"],
                    ["responseId": null, "responseData": .null],
                    ["responseId": null, "responseData": "repeat with data"],
                    ["handlerName": "sink", "data": "after the later repeats"],
                    ["responseId": after, "responseData": "answer after the repeats"],
                ],
            ], in: context)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("absent"), [nil], clause: .cb2a,
            "answers callback 'absent' got: a response without responseData, then repeats in the same batch and in a later one"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("null"), [.null], clause: .cb2a,
            "answers callback 'null' got: a response with null, then two repeats in the same batch")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after the first repeat", "after the later repeats"],
            clause: .cb2b,
            "data the native handler got from the calls after repeated responses, in their batches")
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("after the repeats"), ["answer after the repeats"],
            clause: .cb2b,
            "answers callback 'after the repeats' got from a response after the repeats in their batch")
    }

    static let idsUniqueAmongOutstanding = ConformanceCase(
        id: "callbacks.native.ids-unique-among-outstanding",
        clauses: [.cb1],
        summary:
            "three calls outstanding at once get distinct callback ids; answers given in reverse order reach the right callbacks"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    var pending = [];
                    bridge.registerHandler("deferred", function (data, respond) {
                        __conformance.handlerInvoked("deferred", data, true);
                        pending.push({ data: data, respond: respond });
                        if (pending.length === 3) {
                            setTimeout(function () {
                                while (pending.length) { var entry = pending.pop(); entry.respond(entry.data); }
                            }, 10);
                        }
                    });
                });
                """)
        for label in ["one", "two", "three"] {
            try context.callHandler("deferred", data: .string(label), callback: label, expectsResponse: true)
        }
        try await context.runUntilIdle()
        for label in ["one", "two", "three"] {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(label), [.string(label)],
                clause: .cb1b, "answers callback '\(label)' got, the answers coming in reverse order")
        }
        let ids = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            if case .object(let members) = message { return members["callbackId"] }
            return nil
        }
        context.expectEqual(
            Set(ids).count, ids.count, clause: .cb1a, "distinct callback ids among \(ids.count) outstanding calls")
    }

    static let unknownResponseIDIgnored = ConformanceCase(
        id: "callbacks.native.unknown-response-id-ignored",
        clauses: [.cb3],
        summary:
            "responses naming no outstanding callback (never issued, look-alikes of an outstanding id, already answered) run no callback, and the rest of their batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("forge", function (data, respond) {
                        respond("for nobody");
                        bridge.callHandler("sink", "after the unknown response");
                    });
                    bridge.registerHandler("hold", function (data, respond) { window.heldRespond = respond; });
                    bridge.registerHandler("answerLookAlike", function (data, respond) { respond("look-alike " + data); });
                    bridge.registerHandler("answerRepeatedly", function (data, respond) {
                        respond(data);
                        respond(data);
                        setTimeout(function () { respond(data); }, 0);
                    });
                    WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "forge", callbackId: "objc_cb_999" }));
                });
                """)
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after the unknown response"],
            clause: .cb3d, "calls the native handler got after an unknown responseId in the same batch")

        // Already answered: repeats in the answer's own batch and in a later one, while another callback waits.
        try context.callHandler("hold", data: "question", callback: "held", expectsResponse: true)
        try context.callHandler("answerRepeatedly", data: "once", callback: "repeated", expectsResponse: true)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("repeated"), ["once"], clause: .cb3b,
            "answers callback 'repeated' got, its JS handler answering three times (twice in one batch, once in a later one)"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("held"), [], clause: .cb3b,
            "invocations of the outstanding callback 'held' by the repeated responses to another call")

        // Never issued: ids that look like the outstanding one but are not it, then its real answer.
        let held = context.transcript.decodedNativeMessages.first { $0.member("handlerName") == "hold" }
        guard case .string(let id)? = held?.member("callbackId") else {
            // Cited by what went wrong (`CraftedFetch.outstandingCallbacks`): a call that never reached the JS
            // side is ESC-1.c's outcome, one without an id MSG-7.c's; an id that is no string, this case's.
            let (clause, what) =
                held == nil
                ? (Obligation.esc1c, "never reached the JS side")
                : held?.member("callbackId") == nil
                    ? (Obligation.msg7c, "carried no callbackId")
                    : (Obligation.cb3a, "carried a callbackId that is no string")
            context.expect(
                false, clause: clause, "the call to the JS handler hold \(what), so no look-alike could be formed")
            return
        }
        let lookAlikes = lookAlikeIDs(of: id)
        context.runInPage(
            """
            (function () {
                var ids = \(JSONValue.array(lookAlikes.map(JSONValue.string)).canonicalText);
                for (var i = 0; i < ids.length; i++) {
                    WebViewJavascriptBridge._handleMessageFromObjC(JSON.stringify({ handlerName: "answerLookAlike", callbackId: ids[i], data: ids[i] }));
                }
                setTimeout(function () { window.heldRespond("the real answer"); }, 0);
            })();
            """)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("held"), ["the real answer"], clause: .cb3a,
            "answers callback 'held' (id \(id)) got, responses to the never-issued ids \(lookAlikes) coming first")
    }

    static let unknownResponseIDsCraftedBatch = ConformanceCase(
        id: "callbacks.native.unknown-response-id.crafted-batch",
        clauses: [.cb3],
        summary:
            "in one crafted batch, responses whose responseId was never issued (other strings, null, \"\", numbers) or names a callback answered earlier in the batch run no callback, and the calls and responses after them still run"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        guard
            let ids = try await CraftedFetch.outstandingCallbacks(
                ["answered", "waiting"], in: context)
        else { return }
        let (answered, waiting) = (ids[0], ids[1])
        // Ids of other types, the number in waiting's id alone or after another prefix (a lookup by that number
        // takes them for it), and strings never issued.
        var neverIssued: [JSONValue] = [.null, "", 0, "objc_cb_999", "objc_cb_", "undefined"]
        if case .string(let id) = waiting,
            let number = Int(String(id.reversed().prefix { $0.isASCII && $0.isNumber }.reversed()))
        {
            neverIssued += [
                .number(Double(number)), .string("\(number)"), .string("cb_\(number)"), .string("js_cb_0\(number)"),
            ]
        }
        CraftedFetch.serve(
            batches: [
                [["responseId": answered, "responseData": "first"]]
                    + neverIssued.map { ["responseId": $0, "responseData": ["never issued": $0]] }
                    + [
                        ["responseId": answered, "responseData": "repeat"],
                        ["handlerName": "sink", "data": "after the unknown ids"],
                        ["responseId": waiting, "responseData": "its answer"],
                    ]
            ], in: context)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("waiting"), ["its answer"], clause: .cb3a,
            "answers callback 'waiting' got, responses naming never-issued ids \(neverIssued.map(\.canonicalText)) coming first in its batch"
        )
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("answered"), ["first"], clause: .cb3b,
            "answers callback 'answered' got, a repeat of its response following unknown ids in the same batch")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after the unknown ids"], clause: .cb3d,
            "calls the native handler got after unknown and repeated responseIds in the same batch")
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("waiting").count, 1, clause: .cb3d,
            "answers callback 'waiting' got from the last response of that batch")
    }

    /// Ids that are not `id` but that a careless lookup takes for it: other case, spaces, a leading zero
    /// or only the number, another prefix.
    static func lookAlikeIDs(of id: String) -> [String] {
        var ids = [id.uppercased(), id + " ", " " + id, "x" + id]
        let digits = String(id.reversed().prefix { $0.isASCII && $0.isNumber }.reversed())
        if !digits.isEmpty {
            let stem = id.dropLast(digits.count)
            ids += [stem + "0" + digits, digits, "cb_" + digits, stem + digits + "_"]
        }
        var seen: Set<String> = [id]
        return ids.filter { seen.insert($0).inserted }
    }

    static let responseAfterResetIgnored = ConformanceCase(
        id: "callbacks.native.response-after-reset-ignored",
        clauses: [.cb3],
        requires: .reset,
        accepts: .unansweredNativeCallbacks,
        summary:
            "answers that arrive after reset() for callbacks it dropped run no callback, and the rest of their batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    window.heldResponders = [];
                    bridge.registerHandler("hold", function (data, respond) { window.heldResponders.push(respond); });
                });
                """)
        try context.callHandler("hold", data: "first", callback: "dropped first")
        try context.callHandler("hold", data: "second", callback: "dropped second")
        try await context.runUntilIdle()
        try context.reset()
        // No call is made after the reset, so no id is issued again: the answers name dropped callbacks only.
        context.runInPage(
            """
            window.heldResponders[1]("late answer to the second");
            window.heldResponders[0]("late answer to the first");
            WebViewJavascriptBridge.callHandler("sink", "after the late answers");
            """)
        try await context.runUntilIdle()
        for label in ["dropped first", "dropped second"] {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(label).count, 0, clause: .cb3c,
                "invocations of callback '\(label)', outstanding at reset() and answered after it")
        }
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["after the late answers"], clause: .cb3d,
            "calls the native handler got after the answers to dropped callbacks, in the same batch")
    }

    static let craftedResponsesAfterReset = ConformanceCase(
        id: "callbacks.native.response-after-reset.crafted",
        clauses: [.cb3],
        requires: .reset,
        accepts: .unansweredNativeCallbacks,
        summary:
            "crafted responses naming callbacks dropped by reset() run none of them, before the next page and on it next to a call made after the reset; the rest of each batch still runs"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        let labels = ["dropped 1", "dropped 2", "dropped 3"]
        guard let dropped = try await CraftedFetch.outstandingCallbacks(labels, in: context)
        else { return }
        try context.reset()
        // Still the old page: the answers name dropped callbacks only.
        CraftedFetch.serve(
            batches: [
                dropped.map { ["responseId": $0, "responseData": "stale answer before the reload"] } + [
                    ["handlerName": "sink", "data": "after the stale answers"]
                ]
            ], in: context)
        try await context.runUntilIdle()
        // reset() holds sends until the next load URL: a new page, then one call, which may reuse a dropped id.
        context.reload()
        try await context.runUntilIdle()
        try context.callHandler("sink", data: "fresh", callback: "fresh", expectsResponse: true)
        try await context.runUntilIdle()
        let freshID =
            context.transcript.decodedNativeMessages.last { $0.member("data") == "fresh" }?.member("callbackId")
            ?? "<no callbackId>"
        let stale = dropped.filter { $0 != freshID }
        CraftedFetch.serve(
            batches: [
                stale.map { ["responseId": $0, "responseData": "stale answer on the new page"] }
                    + [
                        ["handlerName": "sink", "data": "after the stale answers on the new page"],
                        ["responseId": freshID, "responseData": "fresh answer"],
                    ]
            ], in: context)
        try await context.runUntilIdle()
        for label in labels {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(label), [], clause: .cb3c,
                "answers callback '\(label)', dropped by reset(), got from crafted responses naming it (ids reissued after the reset not answered again)"
            )
        }
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"),
            ["after the stale answers", "after the stale answers on the new page"],
            clause: .cb3d,
            "calls the native handler got after responses naming dropped callbacks, in the same batches")
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("fresh"), ["fresh answer"], clause: .cb3d,
            "answers callback 'fresh', issued after the reset, got from the last response of a batch of stale ones")
    }

    static let craftedResponseDataForms = ConformanceCase(
        id: "callbacks.native.response-data-forms.crafted-batch",
        clauses: [.cb4],
        summary:
            "responses crafted into one batch (not written by the JS side), in reverse order, reach their callbacks with responseData parsed: nil when absent, JSON null, unicode and JSON-looking strings, nesting; a call carrying an outstanding id runs no callback"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(context)
        let forms: [(label: String, data: JSONValue?, obligation: Obligation)] = [
            ("absent", nil, Obligation.cb4b), ("null", .null, Obligation.cb4c),
            ("string of null", "null", Obligation.cb4a),
            ("string of a response", #"{"responseId":"objc_cb_1","responseData":1}"#, Obligation.cb4a),
            ("unicode", "é 😀 \u{2028}\u{2029} \u{FEFF} ' \\ \" \u{0}", Obligation.cb4a),
            ("empty object", [:], Obligation.cb4a),
            ("empty array", [], Obligation.cb4a),
            ("nesting", ["": [.null, ["responseData": [true, -0.5, 2_147_483_648]]], "a b": "c"], Obligation.cb4a),
            ("zero", 0, Obligation.cb4a), ("false", false, Obligation.cb4a),
        ]
        let named = "named by a call first"
        guard
            let ids = try await CraftedFetch.outstandingCallbacks(forms.map(\.label) + [named], in: context)
        else { return }
        var batch: [JSONValue] = [
            ["handlerName": "sink", "data": "a call carrying an outstanding id", "callbackId": ids[forms.count]]
        ]
        for (form, id) in zip(forms, ids).reversed() {
            var response: [String: JSONValue] = ["responseId": id]
            if let data = form.data { response["responseData"] = data }
            batch.append(.object(response))
        }
        batch.append(["responseId": ids[forms.count], "responseData": "its own answer"])
        CraftedFetch.serve(batches: [batch], in: context)
        try await context.runUntilIdle()
        for form in forms {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(form.label), [form.data], clause: form.obligation,
                "answers native callback '\(form.label)' got from a crafted response")
        }
        context.expectEqual(
            context.transcript.nativeCallbackInvocations(named), ["its own answer"], clause: .cb4d,
            "answers callback '\(named)' got: a call carrying its id came first in the batch, its own response last")
    }

    static let responseDataForms = ConformanceCase(
        id: "callbacks.native.response-data-forms",
        clauses: [.cb4],
        accepts: .unansweredNativeCallbacks,
        summary:
            "native callbacks get responseData parsed: nil when absent, JSON null for null, other values unchanged; unanswered ones stay silent"
    ) { context in
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("answer", function (data, respond) {
                        if (data === "absent") { respond(); } else if (data === "null") { respond(null); } else { respond(data); }
                    });
                    bridge.registerHandler("silent", conformance.recordingHandler("silent"));
                });
                """)
        let sent: [(label: String, data: JSONValue, expected: JSONValue?, obligation: Obligation)] = [
            ("absent", "absent", nil, Obligation.cb4b), ("null", "null", .null, Obligation.cb4c),
            ("zero", 0, 0, Obligation.cb4a),
            ("false", false, false, Obligation.cb4a),
            ("object", ["k": [1, "two", .null]], ["k": [1, "two", .null]], Obligation.cb4a),
            // Strings stay strings, also when their text is JSON; numbers, booleans and nesting stay as they are.
            ("string of JSON", #"[1,{"a":true}]"#, #"[1,{"a":true}]"#, Obligation.cb4a),
            ("string of a number", "42", "42", Obligation.cb4a),
            ("string of true", "true", "true", Obligation.cb4a),
            ("string of a quoted string", #""quoted""#, #""quoted""#, Obligation.cb4a),
            ("empty string", "", "", Obligation.cb4a), ("text", "plain text", "plain text", Obligation.cb4a),
            ("fraction", -2.5, -2.5, Obligation.cb4a),
            ("true", true, true, Obligation.cb4a),
            ("large integer", 9_007_199_254_740_991, 9_007_199_254_740_991, Obligation.cb4a),
            ("nesting", [[], [:], ["deep": [[1, [false]]]]], [[], [:], ["deep": [[1, [false]]]]], Obligation.cb4a),
        ]
        try context.callHandler("silent", data: "no answer", callback: "unanswered")
        for entry in sent {
            try context.callHandler("answer", data: entry.data, callback: entry.label, expectsResponse: true)
        }
        try await context.runUntilIdle()
        for entry in sent {
            context.expectEqual(
                context.transcript.nativeCallbackInvocations(entry.label), [entry.expected],
                clause: entry.obligation, "answers native callback '\(entry.label)' got")
        }
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("unanswered").count, 0, clause: .cb4d,
            "invocations of a callback no response named")
    }

    static let callsNameNoCallback = ConformanceCase(
        id: "callbacks.native.calls-name-no-callback",
        clauses: [.cb4, .msg4],
        summary:
            "a JS call whose callbackId equals an outstanding native callback's id runs its handler and not that callback, which still gets its own answer"
    ) { context in
        try context.registerHandler("sink", answer: .none)
        try await CasePages.start(
            context,
            page: """
                setupWebViewJavascriptBridge(function (bridge) {
                    bridge.registerHandler("hold", function (data, respond) { window.heldRespond = respond; });
                });
                """)
        try context.callHandler("hold", data: "question", callback: "outstanding", expectsResponse: true)
        try await context.runUntilIdle()
        let held = context.transcript.decodedNativeMessages.first { $0.member("handlerName") == "hold" }
        guard let heldID = held?.member("callbackId") else {
            // Cited by what went wrong (`CraftedFetch.outstandingCallbacks`): a call that never reached the JS
            // side is ESC-1.c's outcome, one without an id MSG-7.c's.
            context.expect(
                false, clause: held == nil ? .esc1c : .msg7c,
                "the call to the JS handler hold \(held == nil ? "never reached the JS side" : "carried no callbackId"), so no call could carry it"
            )
            return
        }
        // A call (no responseId) carrying the native callback's id as its own callbackId.
        let call: JSONValue = ["handlerName": "sink", "data": "a call carrying the native id", "callbackId": heldID]
        CraftedFetch.serve([CraftedFetch.text(JSONValue.array([call]).canonicalText)], in: context)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("outstanding"), [], clause: .cb4d,
            "invocations of callback 'outstanding' by a JS call whose callbackId is its id \(heldID.canonicalText)")
        context.expectEqual(
            context.transcript.nativeHandlerInvocations("sink"), ["a call carrying the native id"], clause: .msg4b,
            "data the native handler got from that call (a message without responseId is a call)")
        context.runInPage(#"window.heldRespond("the real answer");"#)
        try await context.runUntilIdle()
        context.expectEqual(
            context.transcript.nativeCallbackInvocations("outstanding"), ["the real answer"], clause: .cb4d,
            "answers callback 'outstanding' got once its own response came")
    }

    static let nativeIdFormat = ConformanceCase(
        id: "callbacks.native.id-format",
        clauses: [.id2, .msg7],
        level: .should,
        accepts: .unansweredNativeCallbacks,
        summary: "native callback ids are objc_cb_1, objc_cb_2, ... counting only calls that carry a callback"
    ) { context in
        try await CasePages.start(context)
        try context.callHandler("sink", data: 1, callback: "one")
        try context.callHandler("sink", data: 2)
        try context.callHandler("sink", data: 3, callback: "three")
        try await context.runUntilIdle()
        let ids = context.transcript.decodedNativeMessages.compactMap { message -> JSONValue? in
            guard case .object(let members) = message else { return nil }
            return members["callbackId"]
        }
        let malformed = ids.filter { id in
            guard case .string(let text) = id else { return true }
            let forms = context.runDialect.callbackIDs
            return forms.nativeNumber(of: text).map { forms.nativeID($0) != text || $0 < 1 } ?? true
        }
        context.expectEqual(
            malformed, [], clause: .id2a,
            "callback ids not of the form \(context.runDialect.callbackIDs.nativePrefix)<n> among \(ids.count)")
        let messages = context.transcript.decodedNativeMessages
        func callbackID(ofCallWith data: JSONValue) -> JSONValue? {
            messages.first { $0.member("data") == data }?.member("callbackId")
        }
        context.expectEqual(
            callbackID(ofCallWith: 1), .string(context.runDialect.callbackIDs.nativeID(1)), clause: .id2b,
            "callback id of the bridge's first call with a callback")
        context.expectEqual(
            callbackID(ofCallWith: 3), .string(context.runDialect.callbackIDs.nativeID(2)), clause: .id2c,
            "callback id of its second call with a callback, made after a call without one")
        context.expectEqual(
            callbackID(ofCallWith: 2), nil, clause: .msg7c, "callback id of the call without a callback")
        context.expectEqual(
            ids.count, 2, clause: .msg7c, "callback ids sent for three calls, two of them with a callback")
    }
}

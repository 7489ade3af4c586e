import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import StrictJSON

extension MutantCatalogue {
    /// Mutants of the native flush, message shapes and lifecycle.
    static let flushMutants: [Mutant] = [
        native(
            "fetch-command-not-exact",
            "the queue is fetched with window.WebViewJavascriptBridge._fetchQueue() instead of the exact command",
            obligation: .flush1a,
            caughtBy: ["flush.fetch-command.exact-per-queue-url", "flush.fetch-command.per-signal-across-pages"]
        ) {
            Defect(rewriteScript: { script, _ in
                [script.kind == .fetch ? "window.WebViewJavascriptBridge._fetchQueue()" : script.text]
            })
        },
        native(
            "nil-fetch-result-resets",
            "a nil or empty _fetchQueue result resets the bridge, so the page gets no more answers",
            obligation: .flush2a,
            caughtBy: ["flush.nil-empty-or-error-result", "flush.nothing-results-keep-bridge-state"]
        ) {
            // Takes a nil result to mean that a new page loaded.
            Defect(rewriteFetchResult: { result, page in
                if result?.isEmpty ?? true { try? page.owner?.reset() }
                return result
            })
        },
        native(
            "trailing-commas-accepted",
            "trailing commas in a batch are accepted (as Linux Foundation's parsers do), so invalid JSON is run",
            obligation: .flush3b, caughtBy: ["flush.lenient-parser-json-dropped"]
        ) {
            Defect(rewriteFetchResult: { result, _ in result.map(removingTrailingCommas) })
        },
        native(
            "lenient-json-batch", "batches are parsed as JSON5, so invalid JSON is run instead of dropped",
            obligation: .flush3b,
            caughtBy: ["flush.invalid-json-dropped"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                guard let result, !result.isEmpty, (try? JSONParser.parse(result, loneSurrogates: .reject)) == nil
                else { return result }
                let decoder = JSONDecoder()
                decoder.allowsJSON5 = true
                guard let lenient = try? decoder.decode(JSONValue.self, from: Data(result.utf8)) else { return result }
                return lenient.canonicalText
            })
        },
        native(
            "top-level-object-run", "a top-level JSON object is run as a one-message batch", obligation: .flush4a,
            caughtBy: ["flush.non-array-ignored", "flush.non-array-responses-ignored"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                guard let result, case .object? = try? JSONParser.parse(result, loneSurrogates: .reject) else {
                    return result
                }
                return "[" + result + "]"
            })
        },
        native(
            "non-object-element-drops-batch", "one non-object element drops the whole batch", obligation: .flush5c,
            caughtBy: ["flush.non-object-elements-skipped", "flush.non-object-elements-among-responses"]
        ) {
            // `as? [[String: Any]]` on the whole batch: one element that is not an object fails the cast.
            Defect(rewriteFetchResult: { result, _ in
                guard let batch = WireRewriting.batch(result), batch.contains(where: { $0.members == nil }) else {
                    return result
                }
                return "[]"
            })
        },
        native(
            "responder-answers-once", "a responder sends only its first answer", obligation: .flush7b,
            caughtBy: ["flush.handlers-and-responders"]
        ) {
            Defect(wrapHandler: { handler in
                { data, respond in
                    let answered = Box(false)
                    handler(data) { answer in
                        guard !answered.value else { return }
                        answered.value = true
                        respond(answer)
                    }
                }
            })
        },
        native(
            "responder-without-callback-id-sends",
            "a responder of a call without callbackId sends a response with responseId null", obligation: .flush7d,
            caughtBy: ["flush.handlers-and-responders"]
        ) {
            // The responder is built from `message["callbackId"] ?? NSNull()`.
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil, message["callbackId"] == nil
                        else { return element }
                        message["callbackId"] = .null
                        return .object(message)
                    }
                }
            })
        },
        native(
            "null-response-data-as-nil", "a null responseData reaches the native callback as nil", obligation: .cb4c,
            caughtBy: ["callbacks.native.response-data-forms", "callbacks.native.response-data-forms.crafted-batch"]
        ) {
            Defect(wrapCallback: { callback in { answer in callback(answer is NSNull ? nil : answer) } })
        },
        native(
            "non-string-response-id-is-call", "a message whose responseId is null or a number is run as a call",
            obligation: .msg4a,
            caughtBy: ["messages.js-to-native.response-id-any-value", "messages.js-to-native.response-or-call-by-key"]
        ) {
            // `if let responseId = message["responseId"] as? String` decides what is a response.
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, let responseId = message["responseId"] else {
                            return element
                        }
                        if case .string = responseId { return element }
                        message["responseId"] = nil
                        return .object(message)
                    }
                }
            })
        },
        native(
            "nil-data-sent-as-null", "a native call without data is sent with \"data\":null", obligation: .msg7b,
            caughtBy: ["messages.native-to-js.keys"]
        ) {
            Defect(rewriteScript: { script, _ in
                [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        if message["responseId"] == nil && message["data"] == nil { message["data"] = .null }
                    }
                ]
            })
        },
        native(
            "response-error-key", "responses to JS calls carry an extra key \"error\"", obligation: .msg1b,
            caughtBy: ["messages.native-to-js.keys"]
        ) {
            Defect(rewriteScript: { script, _ in
                [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        if message["responseId"] != nil { message["error"] = .null }
                    }
                ]
            })
        },
        native(
            "numeric-callback-id-as-number", "a JS callback id that looks like an integer comes back as a JSON number",
            obligation: .id3a,
            caughtBy: [
                "messages.js-to-native.opaque-ids-and-json-forms", "messages.js-to-native.response-or-call-by-key",
            ]
        ) {
            Defect(rewriteScript: { script, _ in
                [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        if case .string(let id)? = message["responseId"], let number = Int(id) {
                            message["responseId"] = .number(Double(number))
                        }
                    }
                ]
            })
        },
        native(
            "batch-recognized-by-raw-prefix",
            "a batch runs only if its text starts exactly with [{, so whitespace hides it", obligation: .msg9b,
            caughtBy: ["messages.js-to-native.opaque-ids-and-json-forms", "messages.js-to-native.response-json-forms"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                guard let result, !result.isEmpty, !result.hasPrefix("[{") else { return result }
                return "[]"
            })
        },
        native(
            "unserializable-sent-empty",
            "a message that cannot be serialized is evaluated as _handleMessageFromObjC('')", obligation: .esc4b,
            caughtBy: ["escaping.unserializable-data.native-to-js"]
        ) {
            // `(try? JSONSerialization.data(...)) ?? Data()`: the empty text is sent all the same.
            Defect(interceptCall: { name, data, adapter in
                let message = WireRewriting.call(name, data: data)
                if !JSONSerialization.isValidJSONObject(message) {
                    adapter.page?.evaluateUnchanged(MessageEscaper.handleMessageCommand(forMessageJSON: ""))
                }
                return false
            })
        },
        native(
            "callback-id-counts-every-call", "the callback counter advances on calls without a callback too",
            obligation: .id2c,
            caughtBy: ["callbacks.native.id-format", "startup.held-calls.callback-ids"]
        ) {
            // Ids are numbered by calls, not by callbacks: objc_cb_<n> for the n-th call since the reset.
            Defect(
                rewriteScript: { script, page in
                    guard let ledger = page.owner?.ledger else { return [script.text] }
                    return [
                        WireRewriting.rewritingMessage(of: script.text) { message in
                            guard case .string(let id)? = message["callbackId"], let entry = ledger.entry(id) else {
                                return
                            }
                            message["callbackId"] = .string("objc_cb_\(entry.callNumber)")
                        }
                    ]
                },
                rewriteFetchResult: { result, page in
                    guard let ledger = page.owner?.ledger else { return result }
                    return WireRewriting.rewritingBatch(result) { batch in
                        batch = batch.map { element in
                            guard var message = element.members, case .string(let id)? = message["responseId"],
                                let entry = ledger.entries.first(where: { "objc_cb_\($0.callNumber)" == id })
                            else { return element }
                            message["responseId"] = .string(entry.id)
                            return .object(message)
                        }
                    }
                })
        },
        // Lifecycle.
        native(
            "js-injected-only-once", "the JS side is injected only for the first page", obligation: .boot4a,
            caughtBy: ["lifecycle.reinjected-on-every-load", "lifecycle.reinjected-on-revisited-and-v5-pages"]
        ) {
            // An `injected` flag set on the first `__bridge_loaded__` and never cleared.
            Defect(rewriteScript: { script, page in
                script.kind == .javaScriptSide && page.injectionCount > 1 ? [] : [script.text]
            })
        },
        native(
            "handlers-cleared-on-new-page", "native handlers are cleared when a later page loads the bridge",
            obligation: .life1a,
            caughtBy: [
                "lifecycle.handlers-persist", "lifecycle.handlers-registered-later-persist",
                "situations.js-call-answered.on-a-second-page", "situations.js-calls-in-order.on-a-second-page",
            ]
        ) {
            Defect(rewriteScript: { script, page in
                if script.kind == .javaScriptSide && page.injectionCount > 1 { page.owner?.removeAllHandlers() }
                return [script.text]
            })
        },
        native(
            "old-callbacks-called-on-new-page",
            "callbacks of calls to the old page are called with nil when a new page loads the bridge",
            obligation: .life3a, caughtBy: ["lifecycle.old-page-callbacks-silent"]
        ) {
            // A "cancel pending" sweep on every later `__bridge_loaded__`.
            Defect(rewriteScript: { script, page in
                if script.kind == .javaScriptSide && page.injectionCount > 1, let ledger = page.owner?.ledger {
                    for id in ledger.outstanding {
                        ledger.markAnswered(id)
                        ledger.entry(id)?.callback(nil)
                    }
                }
                return [script.text]
            })
        },
        // Logging.
        native(
            "logs-nothing", "the native side logs no warnings at all", obligation: .log1a,
            caughtBy: ["logging.native.missing-handler"]
        ) {
            Defect(rewriteLog: { _ in nil })
        },
        native(
            "traffic-logged-by-default", "WVJB SEND / WVJB RCVD traffic is logged by default", obligation: .log7a,
            caughtBy: [
                "logging.native.traffic-off-by-default", "logging.native.traffic-off-across-pages-and-anomalies",
            ]
        ) {
            Defect(afterAttach: { adapter in (try? adapter.core)?.logsTraffic = true })
        },
    ]

    /// `text` without the commas that stand right before a `]` or `}` outside strings: what a lenient
    /// parser makes of trailing commas.
    static func removingTrailingCommas(_ text: String) -> String {
        let units = Array(text.utf8)
        var kept: [UInt8] = []
        var inString = false, escaped = false
        for (index, unit) in units.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if unit == UInt8(ascii: "\\") {
                    escaped = true
                } else if unit == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if unit == UInt8(ascii: "\"") {
                inString = true
            } else if unit == UInt8(ascii: ","),
                let next = units[(index + 1)...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
                next == UInt8(ascii: "]") || next == UInt8(ascii: "}")
            {
                continue
            }
            kept.append(unit)
        }
        return String(decoding: kept, as: UTF8.self)
    }
}

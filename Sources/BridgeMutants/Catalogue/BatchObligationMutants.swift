import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import StrictJSON

extension MutantCatalogue {
    /// Mutants written from single obligations of the callback, flush, missing-handler and threading
    /// clauses (appendix C) that no earlier mutant broke.
    static let batchObligationMutants: [Mutant] = [
        // CB-2 and CB-3: responses that name no outstanding callback.
        native(
            "repeated-response-aborts-batch",
            "a second response for an answered callback is thrown as a protocol error that ends the flush, so the rest of its batch is dropped",
            obligation: .cb2b, caughtBy: ["callbacks.native.one-shot", "callbacks.native.one-shot.crafted-repeats"]
        ) {
            // Repeats are told apart from unknown ids by a set of answered ids; only they throw.
            Defect(rewriteFetchResult: { result, page in
                guard let ledger = page.owner?.ledger else { return result }
                var answered = Set(ledger.entries.filter(\.answered).map(\.id))
                return WireRewriting.rewritingBatch(result) { batch in
                    for (index, element) in batch.enumerated() {
                        guard case .string(let id)? = element.members?["responseId"], ledger.entry(id) != nil else {
                            continue
                        }
                        if !answered.insert(id).inserted {
                            batch = Array(batch[..<index])
                            return
                        }
                    }
                }
            })
        },
        native(
            "response-id-matched-by-number",
            "callbacks are kept by number and a responseId is read as the number after its last _, so objc_cb_01 or cb_1 reaches objc_cb_1",
            obligation: .cb3a,
            caughtBy: [
                "callbacks.native.unknown-response-id-ignored", "callbacks.native.unknown-response-id.crafted-batch",
            ]
        ) {
            // `callbacks[Int(responseId.split(separator: "_").last!)]`: ids never issued are matched too.
            Defect(rewriteFetchResult: { result, page in
                guard let ledger = page.owner?.ledger else { return result }
                return WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, case .string(let id)? = message["responseId"],
                            ledger.entry(id) == nil,
                            let number = id.split(separator: "_", omittingEmptySubsequences: false).last.flatMap({
                                Int($0)
                            })
                        else { return element }
                        message["responseId"] = .string("objc_cb_\(number)")
                        return .object(message)
                    }
                }
            })
        },
        native(
            "answered-callbacks-swept-after-batch",
            "answered callbacks are removed only after the whole batch ran (no mutation while iterating), so a repeated response in the same batch runs its callback again",
            obligation: .cb3b,
            caughtBy: [
                "callbacks.native.unknown-response-id-ignored", "callbacks.native.unknown-response-id.crafted-batch",
            ]
        ) {
            Defect(
                afterAttach: { adapter in
                    registerReplayHandler(on: adapter) { id, adapter in adapter.ledger.entry(id)?.callback }
                },
                rewriteFetchResult: { result, page in
                    guard let ledger = page.owner?.ledger else { return result }
                    // Callbacks answered in earlier batches were swept; those answered in this one were not yet.
                    var answeredInBatch = Set<String>()
                    return replayingAnswers(in: result) { id in
                        guard let entry = ledger.entry(id), !entry.answered else { return false }
                        return !answeredInBatch.insert(id).inserted
                    }
                })
        },
        native(
            "reset-clears-callbacks-on-next-load",
            "reset() only marks the callbacks for removal and clears them at the next load URL, so an answer arriving in between runs a dropped callback",
            obligation: .cb3c,
            caughtBy: [
                "callbacks.native.response-after-reset-ignored", "callbacks.native.response-after-reset.crafted",
            ]
        ) {
            let dropped = Box<[CallbackLedger.Entry]>([])
            let isDropped: @MainActor (String, DefectiveBridgeAdapter) -> Bool = { id, adapter in
                adapter.ledger.entry(id) == nil && dropped.value.contains { $0.id == id }
            }
            return Defect(
                afterAttach: { adapter in
                    registerReplayHandler(on: adapter) { id, adapter in
                        guard isDropped(id, adapter), let index = dropped.value.lastIndex(where: { $0.id == id }) else {
                            return nil
                        }
                        return dropped.value.remove(at: index).callback
                    }
                },
                afterReset: { _, issued in dropped.value += issued.filter { !$0.answered } },
                rewriteScript: { script, _ in
                    if script.kind == .javaScriptSide { dropped.value = [] }
                    return [script.text]
                },
                rewriteFetchResult: { result, page in
                    guard let adapter = page.owner else { return result }
                    return replayingAnswers(in: result) { id in isDropped(id, adapter) }
                })
        },
        // CB-4: what a callback gets, and from what.
        native(
            "json-string-answers-decoded",
            "a string answer that holds JSON is decoded once more before the callback gets it (for pages that answer JSON.stringify(...))",
            obligation: .cb4a,
            caughtBy: ["callbacks.native.response-data-forms", "callbacks.native.response-data-forms.crafted-batch"]
        ) {
            Defect(wrapCallback: { callback in
                { answer in
                    guard let text = answer as? String, let decoded = try? JSONParser.parse(text) else {
                        return callback(answer)
                    }
                    callback(decoded.foundationValue)
                }
            })
        },
        native(
            "absent-response-data-as-null",
            "responseData is read as message[\"responseData\"] ?? NSNull(), so an absent key reaches the callback as JSON null",
            obligation: .cb4b,
            caughtBy: ["callbacks.native.response-data-forms", "callbacks.native.response-data-forms.crafted-batch"]
        ) {
            Defect(wrapCallback: { callback in { answer in callback(answer ?? NSNull()) } })
        },
        native(
            "call-callback-id-runs-native-callback",
            "the callback is looked up by responseId ?? callbackId, so a JS call whose callbackId equals an outstanding native id runs that callback instead of its handler",
            obligation: .cb4d,
            caughtBy: ["callbacks.native.calls-name-no-callback", "callbacks.native.response-data-forms.crafted-batch"]
        ) {
            let consumed = Box(Set<String>())
            return Defect(
                afterAttach: { adapter in registerAnsweringReplayHandler(on: adapter) },
                afterReset: { _, _ in consumed.value = [] },
                rewriteFetchResult: { result, page in
                    guard let ledger = page.owner?.ledger else { return result }
                    return WireRewriting.rewritingBatch(result) { batch in
                        batch = batch.map { element in
                            guard var message = element.members else { return element }
                            if message["responseId"] == nil, case .string(let id)? = message["callbackId"],
                                ledger.outstanding.contains(id),
                                consumed.value.insert(id).inserted
                            {
                                return .object([
                                    "handlerName": .string(replayHandlerName), "data": .object(["id": .string(id)]),
                                ])
                            }
                            // The callback was removed when the call consumed it: its real answer finds nothing.
                            if case .string(let id)? = message["responseId"], consumed.value.contains(id) {
                                message["responseId"] = .string("consumed " + id)
                                return .object(message)
                            }
                            return element
                        }
                    }
                })
        },
        // FLUSH-2: one form of nothing each.
        native(
            "empty-fetch-result-stops-fetching",
            "an empty _fetchQueue result is taken to mean the JS side is gone: queue URLs are not fetched again until the next load URL",
            obligation: .flush2b, caughtBy: ["flush.empty-string-result", "flush.nothing-results-keep-bridge-state"]
        ) {
            let stopped = Box(false)
            return Defect(
                rewriteScript: { script, _ in
                    switch script.kind {
                    case .javaScriptSide:
                        stopped.value = false
                        return [script.text]
                    case .fetch where stopped.value:
                        return []
                    default:
                        return [script.text]
                    }
                },
                rewriteFetchResult: { result, _ in
                    if result == "" { stopped.value = true }
                    return result
                })
        },
        native(
            "fetch-error-rearms-startup-queue",
            "an evaluation error of _fetchQueue is taken for a page without the JS side: sends are held in the startup queue until the next load URL",
            obligation: .flush2c,
            caughtBy: ["flush.evaluation-error-result", "flush.nothing-results-keep-bridge-state"]
        ) {
            let held = Box<[String]?>(nil)
            return Defect(
                rewriteScript: { script, _ in
                    switch script.kind {
                    case .javaScriptSide:
                        let queued = held.value ?? []
                        held.value = nil
                        return [script.text] + queued
                    case .delivery where held.value != nil:
                        held.value?.append(script.text)
                        return []
                    default:
                        return [script.text]
                    }
                },
                fetchFailed: { _, _ in
                    if held.value == nil { held.value = [] }
                })
        },
        // FLUSH-3 to FLUSH-5: batches that are not batches of messages.
        native(
            "streaming-batch-parser",
            "batches are decoded by a streaming parser that runs each message as soon as it is complete, so an invalid batch has partly run before the error",
            obligation: .flush3a, caughtBy: ["flush.invalid-json-dropped"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                guard let result, (try? JSONParser.parse(result, loneSurrogates: .reject)) == nil else { return result }
                let complete = completeLeadingElements(of: result)
                return complete.isEmpty ? result : JSONValue.array(complete).canonicalText
            })
        },
        native(
            "string-batch-decoded-again",
            "a _fetchQueue result whose top level is a string is decoded once more as the batch (for JS sides that double-encode the queue)",
            obligation: .flush4b, caughtBy: ["flush.non-array-ignored", "flush.non-array-responses-ignored"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                guard let result, case .string(let inner)? = try? JSONParser.parse(result, loneSurrogates: .reject)
                else { return result }
                return inner
            })
        },
        native(
            "nested-arrays-flattened",
            "array elements are taken for sub-batches (a flatMap over the batch), so messages inside a nested array run",
            obligation: .flush5a,
            caughtBy: ["flush.non-object-elements-skipped", "flush.non-object-elements-among-responses"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.flatMap { element -> [JSONValue] in
                        if case .array(let inner) = element { return inner }
                        return [element]
                    }
                }
            })
        },
        // FLUSH-7: one invocation per call.
        native(
            "repeated-call-deduplicated",
            "a call equal to the one right before it in a batch is dropped, taken for a signal counted twice",
            obligation: .flush7a, caughtBy: ["flush.handlers-and-responders"]
        ) {
            Defect(rewriteFetchResult: { result, _ in
                WireRewriting.rewritingBatch(result) { batch in
                    var previous: JSONValue?
                    batch = batch.filter { element in
                        defer { previous = element }
                        guard let message = element.members, message["responseId"] == nil, message["callbackId"] == nil
                        else { return true }
                        return element != previous
                    }
                }
            })
        },
        // MISS-1 and MISS-3: missing handlers.
        native(
            "handler-names-case-insensitive",
            "handler names are lowercased when registered and when looked up, so a call to Sink reaches the handler sink",
            obligation: .miss1a, caughtBy: ["missing-handler.native.batch-continues"]
        ) {
            Defect(rewriteFetchResult: { result, page in
                guard let names = page.owner?.handlerNames else { return result }
                return WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil,
                            case .string(let name)? = message["handlerName"],
                            !names.contains(name),
                            let match = names.sorted().first(where: { $0.lowercased() == name.lowercased() })
                        else { return element }
                        message["handlerName"] = .string(match)
                        return .object(message)
                    }
                }
            })
        },
        native(
            "skipped-callbacks-called-with-nil",
            "callbacks wait in a FIFO queue; a response pops callbacks until it finds its own and calls the ones it skips with nil, taken for unanswered",
            obligation: .miss3a,
            caughtBy: ["missing-handler.js.no-answer-next-works", "missing-handler.js.missing-among-late-answers"]
        ) {
            let popped = Box(Set<String>())
            return Defect(
                afterAttach: { adapter in registerAnsweringReplayHandler(on: adapter) },
                afterReset: { _, _ in popped.value = [] },
                rewriteFetchResult: { result, page in
                    guard let ledger = page.owner?.ledger else { return result }
                    var pending = ledger.outstanding.filter { !popped.value.contains($0) }
                    return WireRewriting.rewritingBatch(result) { batch in
                        batch = batch.flatMap { element -> [JSONValue] in
                            guard var message = element.members, case .string(let id)? = message["responseId"] else {
                                return [element]
                            }
                            if popped.value.contains(id) {
                                // Popped already: the queue no longer holds it.
                                message["responseId"] = .string("popped " + id)
                                return [.object(message)]
                            }
                            guard let index = pending.firstIndex(of: id) else { return [element] }
                            let skipped = Array(pending[..<index])
                            pending.removeFirst(index + 1)
                            popped.value.formUnion(skipped)
                            return skipped.map {
                                .object([
                                    "handlerName": .string(replayHandlerName), "data": .object(["id": .string($0)]),
                                ])
                            } + [element]
                        }
                    }
                })
        },
        native(
            "one-request-in-flight",
            "calls that expect an answer are sent one at a time, each waiting for the previous one's answer, so a call nobody answers blocks every later one",
            obligation: .miss3b,
            caughtBy: ["missing-handler.js.no-answer-next-works", "missing-handler.js.missing-among-late-answers"]
        ) {
            let awaited = Box<String?>(nil)
            let held = Box<[(id: String, command: String)]>([])
            return Defect(
                afterReset: { _, _ in
                    awaited.value = nil
                    held.value = []
                },
                rewriteScript: { script, _ in
                    guard script.kind == .delivery, let message = WireRewriting.message(inCommand: script.text),
                        message["responseId"] == nil,
                        case .string(let id)? = message["callbackId"]
                    else { return [script.text] }
                    guard awaited.value != nil else {
                        awaited.value = id
                        return [script.text]
                    }
                    held.value.append((id, script.text))
                    return []
                },
                rewriteFetchResult: { result, page in
                    guard let id = awaited.value, let batch = WireRewriting.batch(result),
                        batch.contains(where: { $0.members?["responseId"] == .string(id) })
                    else { return result }
                    awaited.value = nil
                    if !held.value.isEmpty {
                        let next = held.value.removeFirst()
                        awaited.value = next.id
                        page.evaluateUnchanged(next.command)
                    }
                    return result
                })
        },
        // THR-1 and THR-2: threads.
        native(
            "decides-on-bridge-queue",
            "navigation decisions are made on the bridge's own serial queue, and the decision handler is called there",
            obligation: .thr1b,
            caughtBy: ["threading.background-sends.no-deadlock", "lifecycle.handlers-registered-later-persist"]
        ) {
            Defect(decidesOffMainThread: true)
        },
        native(
            "background-sends-drained-last-first",
            "sends from other threads go into a locked buffer that the main thread drains with popLast()",
            obligation: .thr2c, caughtBy: ["threading.background-sends.no-deadlock"]
        ) {
            Defect(backgroundSend: { adapter in
                let bridge = adapter.bridge
                let buffer = LockedValue<[(name: String, data: Any?)]>([])
                return { name, data in
                    guard
                        buffer.withLock({ sends in
                            sends.append((name, data)); return sends.count == 1
                        })
                    else { return }
                    // The first send of a burst schedules the drain.
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            while let send = buffer.withLock({ $0.popLast() }) {
                                bridge?.core.callHandler(send.name, data: send.data, responseCallback: nil)
                            }
                        }
                    }
                }
            })
        },
        // FLUSH-8: a failing handler ends only its own call.
        native(
            "handler-error-aborts-batch",
            "the do/catch around handlers wraps the whole batch loop, so a handler that throws drops the rest of its batch",
            obligation: .flush8a, caughtBy: ["flush.throwing-handler-batch-continues"]
        ) {
            Defect(rewriteFetchResult: { result, page in
                guard let throwing = page.owner?.throwingHandlerNames, !throwing.isEmpty else { return result }
                return WireRewriting.rewritingBatch(result) { batch in
                    guard
                        let failing = batch.firstIndex(where: { element in
                            guard let message = element.members, message["responseId"] == nil,
                                case .string(let name)? = message["handlerName"]
                            else { return false }
                            return throwing.contains(name)
                        })
                    else { return }
                    batch = Array(batch[...failing])
                }
            })
        },
        // THR-2: responders called from other threads.
        native(
            "background-answers-dropped",
            "a responder called off the main thread drops its answer (`guard Thread.isMainThread else { return }`)",
            obligation: .thr2b, caughtBy: ["threading.background-answers.no-deadlock"]
        ) {
            Defect(wrapHandler: { handler in
                { data, respond in handler(data) { answer in if MainQueuePump.isOnMainQueue { respond(answer) } } }
            })
        },
        native(
            "background-answers-wait-for-main",
            "a responder called off the main thread answers through DispatchQueue.main.sync, blocking its thread",
            obligation: .thr3a, caughtBy: ["threading.background-answers.no-deadlock"]
        ) {
            Defect(wrapHandler: { handler in
                { data, respond in
                    let responder = UncheckedSendable(respond)
                    handler(data) { answer in
                        if MainQueuePump.isOnMainQueue { return respond(answer) }
                        let answer = UncheckedSendable(answer)
                        DispatchQueue.main.sync { responder.value(answer.value) }
                    }
                }
            })
        },
    ]

    /// The elements of an array text that a streaming parser completes before it meets an error: the
    /// longest run of leading elements that, closed with `]`, is valid JSON.
    static func completeLeadingElements(of text: String) -> [JSONValue] {
        let units = Array(text.utf8)
        guard let first = units.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
            units[first] == UInt8(ascii: "[")
        else { return [] }
        var depth = 0
        var inString = false, escaped = false
        var complete: [JSONValue] = []
        for index in first..<units.count {
            let unit = units[index]
            if inString {
                if escaped {
                    escaped = false
                } else if unit == UInt8(ascii: "\\") {
                    escaped = true
                } else if unit == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch unit {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                guard depth == 1 else { continue }
                let prefix = String(decoding: units[first...index], as: UTF8.self) + "]"
                if case .array(let elements)? = try? JSONParser.parse(prefix, loneSurrogates: .reject) {
                    complete = elements
                }
            default: break
            }
        }
        return complete
    }
}

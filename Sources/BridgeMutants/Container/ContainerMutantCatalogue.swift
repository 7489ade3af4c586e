import ConformanceAdapter
import Foundation

/// The container mutants: defects written before their checks, each the way real container ports get it wrong.
package enum ContainerMutantCatalogue {
    /// Every container mutant, native side first.
    package static let all: [ContainerMutant] = native + javaScriptSide

    /// Defects of the native side.
    static let native: [ContainerMutant] = [
        ContainerMutant(
            id: "container.answers-escape-quotes-only", obligation: "MHESC-1.a",
            caughtBy: ["escaping.answers.corpus"],
            summary:
                "answers escape the backslash and the quote with String replacement, which matches whole characters: a quote followed by a combining mark stays raw and ends the literal",
            defect: .native {
                ContainerDefect(rewriteScript: { script, _ in
                    guard !script.isEvent, script.arguments.count == 2 else { return [script.source] }
                    let id = ContainerScriptText.escaped(script.arguments[0])
                    return ["\(script.function)(\(id), \(ContainerScriptText.quotesOnly(script.arguments[1])));"]
                })
            }),
        ContainerMutant(
            id: "container.events-unescaped", obligation: "MHESC-1.c",
            caughtBy: ["escaping.events.corpus", "escaping.event-id"],
            summary: "events put the id and the JSON text into their literals unescaped",
            defect: .native {
                ContainerDefect(rewriteScript: { script, _ in
                    guard script.isEvent else { return [script.source] }
                    return [script.written(quote: ContainerScriptText.unescaped)]
                })
            }),
        ContainerMutant(
            id: "container.callback-id-unescaped", obligation: "MHESC-1.b",
            caughtBy: ["escaping.callback-id"],
            summary: "the callback id goes into the answer's literal unescaped",
            defect: .native {
                ContainerDefect(rewriteScript: { script, _ in
                    guard !script.isEvent, script.arguments.count == 2 else { return [script.source] }
                    let json = ContainerScriptText.escaped(script.arguments[1])
                    return ["\(script.function)(\(ContainerScriptText.unescaped(script.arguments[0])), \(json));"]
                })
            }),
        ContainerMutant(
            id: "container.latest-callback-id-wins", obligation: "MHCALL-3.c",
            caughtBy: ["call.answers-in-flight-keep-their-ids"],
            summary: "the container keeps one current callback id: a late answer goes to the most recent call",
            defect: .native {
                ContainerDefect(rewriteScript: { script, page in
                    guard !script.isEvent, script.arguments.count == 2,
                        let latest = page.postedBodies.last.flatMap({ ($0 as? [String: Any])?["callbackId"] as? String }
                        )
                    else { return [script.source] }
                    return [
                        script.written(arguments: [latest, script.arguments[1]], quote: ContainerScriptText.escaped)
                    ]
                })
            }),
        ContainerMutant(
            id: "container.missing-call-unanswered", obligation: "MHFAIL-1.a",
            caughtBy: ["missing.handler-and-action", "missing.not-delivered-later"],
            summary: "a call to a handler or action nobody registered is dropped without an answer",
            defect: .native {
                ContainerDefect(interceptMessage: { message, page in
                    !page.registeredNames.contains(Self.name(of: message))
                })
            }),
        ContainerMutant(
            id: "container.missing-call-queued-for-later", obligation: "MHFAIL-1.b",
            caughtBy: ["missing.not-delivered-later"],
            summary: "a call nobody handles is kept and handed to the handler registered later",
            defect: .native {
                let held = Box<[ScriptMessage]>([])
                return ContainerDefect(
                    interceptMessage: { message, page in
                        guard !page.registeredNames.contains(Self.name(of: message)) else { return false }
                        held.value.append(message)
                        return true
                    },
                    afterRegistration: { name, page in
                        let due = held.value.filter { Self.name(of: $0) == name }
                        held.value.removeAll { Self.name(of: $0) == name }
                        due.forEach(page.deliverUnchanged)
                    })
            }),
        ContainerMutant(
            id: "container.answers-twice", obligation: "MHCALL-3.a",
            caughtBy: ["call.answer-once"],
            summary: "every answer is evaluated twice (once by the handler's responder, once by a completion)",
            defect: .native {
                ContainerDefect(rewriteScript: { script, _ in
                    script.isEvent ? [script.source] : [script.source, script.source]
                })
            }),
        ContainerMutant(
            id: "container.throwing-handler-unanswered", obligation: "MHFAIL-2.a",
            caughtBy: ["failure.throwing-handler"],
            summary: "a handler that throws is caught and logged, and its call never answered",
            defect: .native {
                ContainerDefect(wrapHandler: { handler in
                    { params, respond in _ = try? handler(params, respond) }
                })
            }),
        ContainerMutant(
            id: "container.sync-answer-not-json", obligation: "MHSYNC-2.a",
            caughtBy: ["sync.kinds"],
            summary: "a synchronous call's string result goes back as the bare string, not as JSON text",
            defect: .native {
                ContainerDefect(rewritePromptAnswer: { text in
                    guard let text, let data = text.data(using: .utf8),
                        let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                        let string = value as? String
                    else { return text }
                    return string
                })
            }),
        ContainerMutant(
            id: "container.prompt-not-intercepted", obligation: "MHSYNC-2.a",
            caughtBy: ["sync.result", "sync.kinds"],
            summary: "the container never becomes the web view's UI delegate: prompt() gets its default text",
            defect: .native { ContainerDefect(ignoresPrompt: true) }),
        ContainerMutant(
            id: "container.event-completion-nil", obligation: "MHEVT-2.b",
            caughtBy: ["event.return-value"],
            summary: "events are evaluated without a completion handler and the completion gets nil",
            defect: .native {
                ContainerDefect(wrapCompletion: { completion in { _ in completion(nil) } })
            }),
        ContainerMutant(
            id: "container.callback-function-trusted", obligation: "MHCALL-4.a",
            caughtBy: ["call.hostile-callback-function"],
            summary: "the answer calls the body's callbackFunction text as it came, whatever it holds",
            defect: .native {
                ContainerDefect(rewriteScript: { script, page in
                    guard !script.isEvent, script.arguments.count == 2,
                        let function = page.postedBodies.last.flatMap({
                            ($0 as? [String: Any])?["callbackFunction"] as? String
                        })
                    else { return [script.source] }
                    return [script.written(function: function, quote: ContainerScriptText.escaped)]
                })
            }),
        ContainerMutant(
            id: "container.params-dictionary-only", obligation: "MHCALL-2.c",
            caughtBy: ["call.params-kinds"],
            summary:
                "params are read as `[String: Any]`: a string, number, boolean or array reaches the handler as nil",
            defect: .native {
                ContainerDefect(interceptMessage: { message, page in
                    guard var body = message.body as? [String: Any], let params = body["params"],
                        !(params is [String: Any])
                    else { return false }
                    body["params"] = nil
                    page.deliverUnchanged(
                        ScriptMessage(name: message.name, body: body, isMainFrame: message.isMainFrame))
                    return true
                })
            }),
        ContainerMutant(
            id: "container.javascript-side-at-document-end", obligation: "MHREADY-1.a",
            caughtBy: ["ready.call-from-first-script"],
            summary: "the JS side is injected at document end: the page's first script finds no containerBridge",
            defect: .native {
                ContainerDefect(rewriteUserScript: { script in
                    var late = script
                    late.injectionTime = .atDocumentEnd
                    return late
                })
            }),
    ]

    /// Defects of the JS side (the kit's `container-bridge.js`, one text replaced).
    static let javaScriptSide: [ContainerMutant] = [
        ContainerMutant(
            id: "container-js.ids-from-time-only", obligation: "MHID-1.a", caughtBy: ["js-side.distinct-ids"],
            summary: "callback ids are the time in milliseconds: calls in the same millisecond share one",
            defect: .javaScriptSide(
                original: #"body.callbackId = "cb_" + callCount + "_" + new Date().getTime();"#,
                replacement: #"body.callbackId = "cb_" + new Date().getTime();"#)),
        ContainerMutant(
            id: "container-js.callback-kept", obligation: "MHJS-1.b", caughtBy: ["js-side.callback-forgotten"],
            summary: "a callback is kept after its answer: a second answer with its id runs it again",
            defect: .javaScriptSide(original: "delete callbacks[callbackId];", replacement: "")),
        ContainerMutant(
            id: "container-js.unknown-id-throws", obligation: "MHJS-1.c", caughtBy: ["js-side.callback-forgotten"],
            summary: "an answer with an unknown id throws a TypeError",
            defect: .javaScriptSide(
                original: "if (!callbacks.hasOwnProperty(callbackId)) {", replacement: "if (false) {")),
        ContainerMutant(
            id: "container-js.empty-answer-throws", obligation: "MHJS-1.d", caughtBy: ["js-side.empty-answer"],
            summary: "an empty answer goes to JSON.parse, which throws",
            defect: .javaScriptSide(
                original: #"callback(json === undefined || json === null || json === "" ? {} : JSON.parse(json));"#,
                replacement: "callback(JSON.parse(json));")),
        ContainerMutant(
            id: "container-js.one-listener-per-event", obligation: "MHEVT-1.a", caughtBy: ["event.several-listeners"],
            summary: "a listener replaces the event's earlier ones",
            defect: .javaScriptSide(
                original: "listeners[eventId].push(listener);", replacement: "listeners[eventId] = [listener];")),
        ContainerMutant(
            id: "container-js.first-listener-value", obligation: "MHEVT-1.b", caughtBy: ["event.return-value"],
            summary: "the event's value is the first listener's, not the last's",
            defect: .javaScriptSide(
                original: "result = registered[i](data);",
                replacement: "var value = registered[i](data); if (i === 0) { result = value; }")),
        ContainerMutant(
            id: "container-js.callback-keys-always", obligation: "MHCALL-1.b", caughtBy: ["call.without-callback"],
            summary: "every body carries a callbackId and callbackFunction, with a callback or not",
            defect: .javaScriptSide(
                original: #"if (typeof callback === "function") {"#,
                replacement: #"callback = callback || function () {}; if (true) {"#)),
        ContainerMutant(
            id: "container-js.sync-result-unparsed", obligation: "MHSYNC-1.a", caughtBy: ["sync.result", "sync.kinds"],
            summary: "callSync returns the panel's JSON text instead of its value",
            defect: .javaScriptSide(original: "return JSON.parse(answer);", replacement: "return answer;")),
    ]

    /// The `handler.action` a message's body names.
    private static func name(of message: ScriptMessage) -> String {
        let body = message.body as? [String: Any]
        return "\(body?["handler"] as? String ?? "").\(body?["action"] as? String ?? "")"
    }
}

import ConformanceKit
import ConformanceObligations
import Foundation
import ReferenceBridgeCore
import StrictJSON

extension MutantCatalogue {
    /// Native mutants written from single obligations of the bootstrap, alert-safety, lifecycle,
    /// missing-handler and logging clauses, before their checks were written.
    static let flowObligationMutants: [Mutant] = [
        // BOOT-1: what a bridge URL is.
        native(
            "bridge-host-compared-case-sensitively",
            "bridge hosts are compared with ==, so HTTPS://__WVJB_QUEUE_MESSAGE__ is an ordinary URL",
            obligation: .boot1c, caughtBy: ["bootstrap.url-classification.https"]
        ) {
            Defect(rewriteNavigation: { action in
                guard let host = action.url?.host, host != host.lowercased() else { return action }
                return ordinary(action)
            })
        },
        native(
            "wvjbscheme-not-a-bridge-scheme",
            "only https is taken as a bridge scheme, so the v5 wvjbscheme URLs are ordinary ones",
            obligation: .boot1d, caughtBy: ["bootstrap.url-classification.wvjbscheme"]
        ) {
            Defect(rewriteNavigation: { action in
                action.url?.scheme?.lowercased() == "wvjbscheme" ? ordinary(action) : action
            })
        },
        native(
            "bridge-url-compared-whole",
            "a bridge URL must equal https://__wvjb_queue_message__ (or with a trailing /), so a port, path or query hides it",
            obligation: .boot1e, caughtBy: ["bootstrap.url-classification.https"]
        ) {
            Defect(rewriteNavigation: { action in
                guard let url = action.url,
                    url.port != nil || !["", "/"].contains(url.path) || url.query != nil || url.fragment != nil
                else { return action }
                return ordinary(action)
            })
        },
        native(
            "iframe-navigations-cancelled",
            "every navigation of a frame other than the main frame is cancelled, taken for a bridge signal",
            obligation: .boot2a, caughtBy: ["bootstrap.url-classification.https"]
        ) {
            Defect(rewriteDecision: { action, policy in action.isMainFrame ? policy : .cancel })
        },
        // SAFE-2: how the switch is sent.
        native(
            "safety-switch-misspelled",
            "the switch is sent to _disableJavscriptAlertBoxSafetyTimeout, the public API's typo copied into the handler name",
            obligation: .safe2a, caughtBy: ["alert-safety.disable-from-native"]
        ) {
            Defect(rewriteScript: { script, _ in
                [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        if message["handlerName"] == "_disableJavascriptAlertBoxSafetyTimeout" {
                            message["handlerName"] = "_disableJavscriptAlertBoxSafetyTimeout"
                        }
                    }
                ]
            })
        },
        native(
            "safety-switch-with-data", "the switch is sent with \"data\":true",
            obligation: .safe2b, caughtBy: ["alert-safety.disable-from-native"]
        ) {
            Defect(rewriteScript: { script, _ in
                [
                    WireRewriting.rewritingMessage(of: script.text) { message in
                        if message["handlerName"] == "_disableJavascriptAlertBoxSafetyTimeout" {
                            message["data"] = true
                        }
                    }
                ]
            })
        },
        native(
            "safety-switch-bypasses-startup-queue",
            "the switch is evaluated at once, also before the JS side is injected, and is lost there",
            obligation: .safe2c, caughtBy: ["alert-safety.disable-before-load-queued"]
        ) {
            Defect(interceptCall: { name, _, adapter in
                guard name == "_disableJavascriptAlertBoxSafetyTimeout", let page = adapter.page,
                    page.injectionCount == 0,
                    let command = WireRewriting.command(forCall: name, data: nil)
                else { return false }
                page.evaluateUnchanged(command)
                return true
            })
        },
        native(
            "safety-switched-by-direct-script",
            "the switch evaluates WebViewJavascriptBridge.disableJavscriptAlertBoxSafetyTimeout() instead of sending the call",
            obligation: .safe2d, caughtBy: ["alert-safety.disable-from-native"]
        ) {
            Defect(interceptCall: { name, _, adapter in
                guard name == "_disableJavascriptAlertBoxSafetyTimeout", let page = adapter.page,
                    page.injectionCount > 0
                else { return false }
                page.evaluateUnchanged("WebViewJavascriptBridge.disableJavscriptAlertBoxSafetyTimeout();")
                return true
            })
        },
        // START-1: held messages delivered once.
        native(
            "startup-queue-not-cleared",
            "the startup queue is flushed but never emptied, so the next page's load URL delivers the held messages again",
            obligation: .start1d, caughtBy: ["startup.calls-before-load.delivered-in-order"]
        ) {
            let held = Box<[String]>([]), recording = Box(false)
            return Defect(rewriteScript: { script, page in
                switch script.kind {
                case .javaScriptSide:
                    if !held.value.isEmpty { return [script.text] + held.value }
                    recording.value = true
                    page.afterCurrentDecision { recording.value = false }
                case .delivery where recording.value:
                    held.value.append(script.text)
                default:
                    break
                }
                return [script.text]
            })
        },
        // LIFE-1: handlers across page changes.
        native(
            "handlers-cleared-on-new-url",
            "native handlers are cleared when the bridge is loaded by a page at another URL",
            obligation: .life1b,
            caughtBy: ["lifecycle.handlers-persist", "lifecycle.handlers-registered-later-persist"]
        ) {
            let firstURL = Box<String?>(nil)
            return Defect(rewriteScript: { script, page in
                if script.kind == .javaScriptSide {
                    if firstURL.value == nil {
                        firstURL.value = page.currentURL
                    } else if page.currentURL != firstURL.value {
                        page.owner?.removeAllHandlers()
                    }
                }
                return [script.text]
            })
        },
        // MISS-1: a call without handlerName.
        native(
            "nameless-call-to-default-handler",
            "a call without handlerName goes to a default handler (the first registered), as v4 bridges did",
            obligation: .miss1b, caughtBy: ["missing-handler.native.no-handler-name"]
        ) {
            Defect(rewriteFetchResult: { result, page in
                guard let fallback = page.owner?.handlerNames.sorted().first else { return result }
                return WireRewriting.rewritingBatch(result) { batch in
                    batch = batch.map { element in
                        guard var message = element.members, message["responseId"] == nil, message["handlerName"] == nil
                        else { return element }
                        message["handlerName"] = .string(fallback)
                        return .object(message)
                    }
                }
            })
        },
        // LOG-7: traffic lines, when switched on.
        dropping(
            "traffic-sends-not-logged",
            "with traffic logging on, only received messages are logged: the send path has no WVJB SEND line",
            lines: "WVJB SEND", obligation: .log7b, caughtBy: ["logging.native.traffic-when-switched-on"]),
        native(
            "traffic-cut-without-marker",
            "long traffic lines are cut with String(text.prefix(500)), without the [...] marker",
            obligation: .log7c, caughtBy: ["logging.native.traffic-when-switched-on"]
        ) {
            Defect(rewriteLog: { line in line.hasSuffix(" [...]") ? String(line.dropLast(" [...]".count)) : line })
        },
        // LOG-1 to LOG-4: one warning each.
        dropping(
            "no-missing-handler-warning", "a call to a missing native handler is not logged", lines: "No handler",
            obligation: .log1a,
            caughtBy: ["logging.native.missing-handler"]),
        dropping(
            "no-nil-fetch-warning", "a nil or empty _fetchQueue result is not logged", lines: "got nil",
            obligation: .log2a,
            caughtBy: ["logging.native.nil-fetch-result"]),
        dropping(
            "no-invalid-element-warning", "a non-object batch element is not logged", lines: "Invalid",
            obligation: .log3a,
            caughtBy: ["logging.native.non-object-element"]),
        dropping(
            "no-invalid-json-warning", "a batch that is not JSON is dropped silently", lines: "could not be parsed",
            obligation: .log4a,
            caughtBy: [
                "logging.native.invalid-batch-and-unknown-response",
                "logging.native.other-invalid-batches-and-repeated-response",
            ]),
        dropping(
            "no-non-array-warning", "a batch that is not an array is ignored silently", lines: "not a JSON array",
            obligation: .log4b,
            caughtBy: [
                "logging.native.invalid-batch-and-unknown-response",
                "logging.native.other-invalid-batches-and-repeated-response",
            ]),
        dropping(
            "no-unknown-response-warning", "a response with an unknown responseId is ignored silently",
            lines: "no callback for responseId",
            obligation: .log4c,
            caughtBy: [
                "logging.native.invalid-batch-and-unknown-response",
                "logging.native.other-invalid-batches-and-repeated-response",
            ]),
    ]

    /// The navigation with its URL replaced by an ordinary one, as a classifier that misses it sees it.
    static func ordinary(_ action: NavigationAction) -> NavigationAction {
        var ordinary = action
        ordinary.url = URL(string: "https://ordinary.invalid/")
        return ordinary
    }

    /// A mutant that never logs lines containing `lines`.
    static func dropping(_ id: String, _ defect: String, lines text: String, obligation: Obligation, caughtBy: [String])
        -> Mutant
    {
        native(id, defect, obligation: obligation, caughtBy: caughtBy) {
            Defect(rewriteLog: { line in line.contains(text) ? nil : line })
        }
    }
}

import ConformanceKit
import ConformanceObligations
import ReferenceBridge

extension MutantCatalogue {
    /// Mutants of the page setup snippet (BOOT-5), the code an app's pages carry: the reference bridge,
    /// with the kit's pages running a snippet copied carelessly.
    static let pageSnippetMutants: [Mutant] = [
        pageSnippet(
            "setup-snippet-defers-with-bridge-present",
            "with the bridge present, the snippet calls back on a timer instead of at once",
            obligation: .boot5a, replacing: "        return callback(WebViewJavascriptBridge);",
            with: "        return setTimeout(function () { callback(WebViewJavascriptBridge); }, 0);",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        pageSnippet(
            "setup-snippet-ignores-pending-callbacks",
            "the snippet has no `window.WVJBCallbacks` branch: each early setup starts a new list and a new load iframe",
            obligation: .boot5b,
            replacing: "    if (window.WVJBCallbacks) {\n        return window.WVJBCallbacks.push(callback);\n    }\n",
            with: "",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        pageSnippet(
            "setup-snippet-iframe-in-body",
            "the load iframe is appended to `document.body`, which a page in its head does not have yet",
            obligation: .boot5c, replacing: "    document.documentElement.appendChild(WVJBIframe);",
            with: "    (document.body || document.createElement(\"body\")).appendChild(WVJBIframe);",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
        pageSnippet(
            "setup-snippet-iframe-kept", "the load iframe is never removed", obligation: .boot5d,
            replacing:
                "    setTimeout(function () {\n        document.documentElement.removeChild(WVJBIframe);\n    }, 0);\n",
            with: "",
            caughtBy: ["bootstrap.setup-callbacks.deferred-in-order", "bootstrap.setup-callbacks.reloaded-page"]),
    ]

    /// A page-snippet mutant: the reference bridge, with `original` in the kit's page setup snippet
    /// replaced by `broken`.
    /// - Precondition: `original` occurs in `Fixtures/js/page-setup.js` (MutantTests checks it).
    static func pageSnippet(
        _ id: String, _ defect: String, obligation: Obligation, replacing original: String, with broken: String,
        caughtBy: [String]
    ) -> Mutant {
        Mutant(
            id: id, defect: defect, obligation: obligation, caughtBy: caughtBy,
            breakPageSetup: { source in
                source.replacingOccurrences(of: original, with: broken)
            }
        ) {
            ReferenceBridgeAdapter()
        }
    }
}

import ConformanceKit
import ReferenceBridge
import WireDialects

/// A correct bridge that injects its own copy of the JS side, as most ports do (they embed it as a string, or
/// read it from a bundle), instead of `webView.bridgeJavaScriptSource`: the reference native side with the
/// kit's JS side rewritten the way ports carry it (`Copy`). It must pass every case the reference passes: the
/// kit recognises what a page did by what it observably did, never by comparing with its own text.
@MainActor
package final class OwnJavaScriptSideAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout, SupportsTrafficLogging, SupportsThrowingHandlers
{
    /// How a port's copy of the JS side differs from the one it was copied from: in text only, or in an order the
    /// spec leaves open.
    package enum Copy: String, CaseIterable, Sendable {
        /// Comments dropped and all whitespace collapsed to one line, as upstream injects it.
        case oneLine = "one-line"
        /// Tabs for indentation, CRLF line ends and a licence header of the port's own.
        case reformatted
        /// Wrapped in a function of the port's own, called at once.
        case wrapped
        /// The waiting setup callbacks called before their global is deleted, not after: the order the protocol's
        /// description gives, which BOOT-7 allows as well as upstream's (the only copy that differs in behaviour).
        case callsThenDeletes = "calls-then-deletes"
    }

    private let copy: Copy
    private let dialect: WireDialect
    private var bridge: ReferenceBridge?

    /// A bridge that speaks `dialect` and injects `copy` of the kit's JS side of that dialect.
    /// - Parameters:
    ///   - copy: How its copy is written.
    ///   - dialect: The wire it speaks.
    package init(copy: Copy, dialect: WireDialect = .canonical) {
        self.copy = copy
        self.dialect = dialect
    }

    /// Creates the reference bridge for `webView`, with the port's copy of the JS side.
    package func attach(to webView: SimulatedWebView) throws {
        bridge = ReferenceBridge(
            webView: webView, evaluationStyle: .asynchronous,
            javascriptSource: copy.rewrite(webView.bridgeJavaScriptSource), dialect: dialect)
    }

    package func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try attached().core.registerHandler(name) { data, respond in handler(data) { respond($0) } }
    }

    package func registerThrowingHandler(_ name: String, handler: @escaping AdapterThrowingHandler) throws {
        try attached().core.registerHandler(name) { data, respond in try handler(data) { respond($0) } }
    }

    package func setTrafficLogging(_ enabled: Bool) throws { try attached().core.logsTraffic = enabled }

    package func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try attached().core.callHandler(name, data: data, responseCallback: responseCallback)
    }

    package func removeHandler(_ name: String) throws { try attached().core.removeHandler(name) }

    package func reset() throws { try attached().core.reset() }

    package func disableJavscriptAlertBoxSafetyTimeout() throws {
        try attached().core.disableJavscriptAlertBoxSafetyTimeout()
    }

    private func attached() throws -> ReferenceBridge {
        guard let bridge else { throw AdapterError("the bridge is not attached yet: call attach(to:) first") }
        return bridge
    }
}

extension OwnJavaScriptSideAdapter.Copy {
    /// `source` (an ES5 JS side with `/* */` comments only and every statement `;`-terminated, as the kit's
    /// are) written this way.
    package func rewrite(_ source: String) -> String {
        switch self {
        case .oneLine:
            return Self.withoutBlockComments(source).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        case .reformatted:
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { (line: Substring) in
                let indent = line.prefix { $0 == " " }.count
                return String(repeating: "\t", count: indent / 4) + String(line.dropFirst(indent - indent % 4))
            }
            return "// WebViewJavascriptBridge.js: the port's own copy.\r\n" + lines.joined(separator: "\r\n")
        case .wrapped:
            return "(function portInjection() {\n" + source + "\n})();\n"
        case .callsThenDeletes:
            return Self.deletingAfterCalling(source)
        }
    }

    /// `source` with the `delete window.<waiting callbacks>;` of its setup task moved after the loop that calls
    /// them; unchanged when it has no such task (a dialect whose page keeps a ready object).
    private static func deletingAfterCalling(_ source: String) -> String {
        let task =
            #/(?<delete>delete window\.\w+;)(?<calls>\s*if \(!callbacks\) \{\s*return;\s*\}\s*for \(var i = 0; i < callbacks\.length; i\+\+\) \{\s*callbacks\[i\]\(bridge\);\s*\})/#
        return source.replacing(task) { match in
            String(match.output.calls.drop { $0.isWhitespace }) + " " + match.output.delete
        }
    }

    /// `source` without its `/* ... */` comments (the kit's JS sides hold no `/*` inside a string).
    private static func withoutBlockComments(_ source: String) -> String {
        var result = "", rest = Substring(source)
        while let open = rest.range(of: "/*") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}

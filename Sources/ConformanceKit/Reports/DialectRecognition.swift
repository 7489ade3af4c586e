import WireDialects

/// Tells, from a run's transcripts, when the implementation speaks another dialect than the run's profile, so
/// that the summary says so once instead of leaving dozens of failures to explain it (spec, section 13).
package enum DialectRecognition {
    /// One line naming the dialect the implementation seems to speak and the option to run it with, or nil
    /// when nothing points away from `profile`: the native side evaluated another shipped dialect's delivery or
    /// fetch command, or never evaluated anything at all in three cases or more.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - profile: The dialect the run spoke.
    package static func hint(for results: [CaseResult], profile: WireDialect) -> String? {
        let scripts = results.flatMap { result in
            result.transcript.nativeEvaluations.filter { $0.style != .harness }.map(\.script)
        }
        for other in WireDialect.shipped where other != profile {
            let evidence = scripts.first { script in
                calls(script, other.deliveryCommandPrefix) || calls(script, other.fetchCommand)
            }
            if let evidence {
                let command = calls(evidence, other.fetchCommand) ? other.fetchCommand : other.entryPoint + "(...)"
                return
                    "this looks like the \(other.name) dialect (the native side evaluated \(command)): run with \(option(for: other))"
            }
        }
        let ran = results.filter { $0.verdict != .notApplicable && $0.verdict != .adapterError }
        guard ran.count >= 3, scripts.isEmpty else { return nil }
        let asked =
            switch profile.loadSignal {
            case .navigation(let signal): "loading \(signal.url)"
            case .scriptMessage(let name): "posting to \(name)"
            }
        let others = WireDialect.shipped.filter { $0 != profile }.map(option(for:))
        return
            "the native side never evaluated JavaScript, though the pages asked for the JS side by \(asked) as the \(profile.name) dialect does: if the implementation speaks another dialect, run with \(others.joined(separator: " or "))"
    }

    /// Whether `script` holds `command` where it starts a name: not inside a longer one
    /// (`WKWebViewJavascriptBridge._fetchQueue();` does not call `WebViewJavascriptBridge._fetchQueue();`).
    static func calls(_ script: String, _ command: String) -> Bool {
        var rest = script[...]
        while let range = rest.range(of: command) {
            let before = range.lowerBound == script.startIndex ? nil : script[script.index(before: range.lowerBound)]
            if let before, before.isLetter || before.isNumber || before == "_" || before == "$" || before == "." {
                rest = script[range.upperBound...]
                continue
            }
            return true
        }
        return false
    }

    /// The option that selects `dialect`'s profile.
    static func option(for dialect: WireDialect) -> String {
        dialect == .canonical ? "--profile canonical (the default)" : "--profile \(dialect.name)"
    }
}

/// Which of the native side's evaluations evaluated the JS side, judged by what the page did, not by the
/// script's text: a bridge may inject its own copy of the JS side (reformatted, minified, the upstream
/// original), and every correct one must pass what the kit's own passes.
extension Transcript {
    /// The native evaluations and user scripts that evaluated the JS side: each during which the page's bridge
    /// global appeared (`javaScriptSideAppeared`), and every other native evaluation or user script of the same
    /// text as one of those, or of a part of one at least half its size (the JS side evaluated again, into a page
    /// that already had it, or into none).
    package var javaScriptSideEvaluationIDs: Set<Int> {
        var scripts: [(id: Int, script: String)] = []
        var appeared: Set<Int> = []
        for entry in entries {
            switch entry.event {
            case let .evaluationStarted(id, style, command) where style != .harness:
                scripts.append((id, command.script))
            case .javaScriptSideAppeared(let evaluation): appeared.insert(evaluation)
            default: break
            }
        }
        let injections = JavaScriptSideTexts(scripts.filter { appeared.contains($0.id) }.map(\.script))
        return appeared.union(scripts.filter { injections.contains($0.script) }.map(\.id))
    }

    /// The native evaluations (harness evaluations excluded) that evaluated the JS side
    /// (`javaScriptSideEvaluationIDs`), in order.
    package var javaScriptSideEvaluations: [NativeEvaluation] {
        let ids = javaScriptSideEvaluationIDs
        return nativeEvaluations.filter { ids.contains($0.id) }
    }

    /// The native evaluations (harness evaluations excluded) besides those that evaluated the JS side, in order.
    package var nativeEvaluationsBesidesTheJavaScriptSide: [NativeEvaluation] {
        let ids = javaScriptSideEvaluationIDs
        return nativeEvaluations.filter { !ids.contains($0.id) }
    }

    /// Where the first injection of the JS side is: the index in `events` of the native evaluation during which
    /// the bridge global appeared, and of the event that finished it; nil when no evaluation injected it.
    package var firstJavaScriptSideInjection: (start: Int, end: Int)? {
        let events = events
        guard
            let appeared = events.firstIndex(where: {
                if case .javaScriptSideAppeared = $0 { true } else { false }
            }),
            case .javaScriptSideAppeared(let evaluation) = events[appeared],
            let start = events.firstIndex(where: {
                if case .evaluationStarted(evaluation, _, _) = $0 { true } else { false }
            })
        else { return nil }
        let end =
            events[start...].firstIndex(where: {
                if case .evaluationFinished(evaluation, _, _) = $0 { true } else { false }
            }) ?? appeared
        return (start, end)
    }

    /// The scripts with which the native side injected the JS side: the text of each evaluation during which
    /// the bridge global appeared, once each, in order.
    package var injectedJavaScriptSides: [String] {
        var scripts: [Int: String] = [:]
        var injected: [String] = []
        for entry in entries {
            switch entry.event {
            case let .evaluationStarted(id, style, command) where style != .harness: scripts[id] = command.script
            case .javaScriptSideAppeared(let evaluation):
                if let script = scripts[evaluation], !injected.contains(script) { injected.append(script) }
            default: break
            }
        }
        return injected
    }
}

/// A few JS side texts, asked whether a script evaluates one of them: the same text, or a part of one at least half
/// its size (the JS side without what a port added around it where it first injected it, such as a document-start
/// copy that ends by posting the inject message itself). By length first, so that the many short scripts of a
/// transcript (and its megabyte payload commands) are never compared byte by byte.
private struct JavaScriptSideTexts {
    private let texts: [String]
    private let lengths: Set<Int>

    init(_ texts: [String]) {
        self.texts = texts
        lengths = Set(texts.map(\.utf8.count))
    }

    func contains(_ script: String) -> Bool {
        let length = script.utf8.count
        if lengths.contains(length), texts.contains(script) { return true }
        return texts.contains { text in
            let textLength = text.utf8.count
            return length < textLength && length * 2 >= textLength && SimulatedBrowser.holds(text, script)
        }
    }
}

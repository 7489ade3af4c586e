import ConformanceBrowser
import ConformanceObligations
import WireDialects

extension Transcript {
    /// Whether some page asked for the JS side and never got it: a load signal (`loadSignalURLs`, or a script
    /// message to the dialect's load handler) between one page load and the next, and no native evaluation during
    /// which the page's bridge global appeared. Such a page has no bridge, so every check of its traffic fails for
    /// that reason, whatever obligation the case put to the test (BOOT-4: the JS side on every load).
    package var askedForTheJSSideWithoutGettingIt: Bool {
        pages.contains { page in
            let signals =
                switch dialect.loadSignal {
                case .navigation: page.loadSignalURLs.count
                case .scriptMessage(let handlerName): page.scriptMessages(to: handlerName).count
                }
            return signals > 0
                && !page.events.contains { if case .javaScriptSideAppeared = $0 { true } else { false } }
        }
    }

    /// The obligations the wire lint finds broken in the commands the native side evaluated that it rejects
    /// (`NativeCommand.Delivery.isMalformed`: a literal that does not lex or hold a JSON object, a call of another
    /// function); empty when every command delivered its message. Such a command's message was lost or changed on
    /// the wire, whatever the case checked of it.
    package var malformedCommandObligations: Set<Obligation> {
        var obligations: Set<Obligation> = []
        for evaluation in nativeEvaluations {
            if let delivery = evaluation.command.delivery, delivery.isMalformed {
                obligations.formUnion(delivery.problems.map(\.obligation))
            }
        }
        return obligations
    }
}

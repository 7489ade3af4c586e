import ConformanceBrowser
import StrictJSON
import WireDialects

/// What cases read from transcripts beyond `Transcript`'s own queries.
extension Transcript {
    /// Native handler and callback invocations in the order they happened, each as `handler <name> got
    /// <data>` or `callback <label> got <data>` (canonical JSON, `nil` for no data).
    var nativeInvocationOrder: [String] {
        events.compactMap { event -> String? in
            switch event {
            case let .nativeHandlerInvoked(name, data): "handler \(name) got \(data?.displayText ?? "nil")"
            case let .nativeCallbackInvoked(label, data): "callback \(label) got \(data?.displayText ?? "nil")"
            default: nil
            }
        }
    }

    /// What the native side's evaluations of the dialect's fetch command returned, parsed: normally one JSON
    /// array per fetch.
    var fetchedBatches: [JSONValue] {
        finishedFetches.map { fetch in
            if case .string(let text)? = fetch.result, let batch = try? JSONParser.parse(text) { return batch }
            return .string(
                "<fetch gave \(fetch.result?.canonicalText ?? "nothing")\(fetch.error.map { ", error \($0)" } ?? "")>")
        }
    }

    /// The messages the JS side sent, in the order the native side fetched them: the elements of each batch,
    /// and a batch that is one object instead of an array of them. A fetch that gave no JSON, or JSON of
    /// another kind, sent no message (what it gave is the fetch's finding, DISP-2, not a message's).
    var fetchedMessages: [JSONValue] {
        fetchedBatches.flatMap { batch -> [JSONValue] in
            switch batch {
            case .array(let messages): messages
            case .object: [batch]
            default: []
            }
        }
    }

    /// The events of each page, in order: from one page-loaded event up to the next (events before the
    /// first page loaded are left out), so that a case can read one page of several.
    var pages: [Transcript] {
        var pages: [Transcript] = []
        for entry in entries {
            if case .pageLoaded = entry.event { pages.append(Transcript(dialect: dialect)) }
            guard !pages.isEmpty else { continue }
            pages[pages.count - 1].append(entry.event, at: entry.time)
        }
        return pages
    }

    /// How many times the page signalled a queue URL so far.
    var queueSignals: Int { queueSignalURLs.count }

    /// How many times so far the native side evaluated the run's fetch command, exactly as the dialect writes it.
    var fetchEvaluations: Int { nativeEvaluations.filter(\.command.isFetch).count }

    /// The URLs of the queue signals the page gave so far, as it wrote them (`isQueueURL(_:)`): DISP-1 names
    /// the one URL to write, which checks compare with these exactly.
    var queueSignalURLs: [String] { requestedURLs(where: isQueueURL) }

    /// The URLs of the load signals the page gave so far, as it wrote them (`isLoadURL(_:)`): BOOT-5 names
    /// the one URL the setup snippet writes, which checks compare with these exactly.
    var loadSignalURLs: [String] { requestedURLs(where: isLoadURL) }

    /// Whether `url` is the queue URL the JS side signals, in any case and whatever follows its host;
    /// never, in a dialect whose JS side signals by script message.
    /// - Parameter url: A URL the page requested.
    func isQueueURL(_ url: String) -> Bool {
        dialect.queueSignal.navigation?.isWritten(in: url) ?? false
    }

    /// Whether `url` is the load URL the page setup snippet signals, in any case and whatever follows its
    /// host; never, in a dialect whose page signals by script message.
    /// - Parameter url: A URL the page requested.
    func isLoadURL(_ url: String) -> Bool {
        dialect.loadSignal.navigation?.isWritten(in: url) ?? false
    }

    /// The URLs of the navigation requests so far that `matches` picks, in order.
    private func requestedURLs(where matches: (String) -> Bool) -> [String] {
        events.compactMap {
            if case let .navigationRequested(_, url, _) = $0, matches(url) { return url }
            return nil
        }
    }

    /// The calls the app's own navigation delegate got (BOOT-9), in order: `decidePolicy`, `didFinish`, ...
    var appDelegateCalls: [(method: String, url: String)] {
        events.compactMap { if case let .appDelegateNotified(method, url) = $0 { (method, url) } else { nil } }
    }

    /// Whether `url` is a bridge URL of the run's wire (a load or queue URL, any case, whatever follows).
    func isBridgeURL(_ url: String) -> Bool { isQueueURL(url) || isLoadURL(url) }

    /// Errors that reached the page's top level.
    var uncaughtErrors: [String] {
        events.compactMap { if case let .uncaughtError(message, _) = $0 { message } else { nil } }
    }
}

extension JSONValue {
    /// The message with a string callback id replaced by `"<id>"`, so that shapes can be compared.
    /// - Parameter dialect: The wire whose callback id key is replaced.
    func withOpaqueCallbackID(in dialect: WireDialect) -> JSONValue {
        let key = dialect.keys.callbackID
        guard case .object(var members) = self, case .string(let id)? = members[key], !id.isEmpty else { return self }
        members[key] = "<id>"
        return .object(members)
    }
}

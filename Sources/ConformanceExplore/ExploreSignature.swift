import ConformanceCatalogue

extension ExploreDifference {
    /// What kind of difference it is: what differs, never the data, the ids or the program. Set where the
    /// difference is made (`ExploreComparison`, `Explorer`), so grouping never reads a summary's text.
    package enum Kind: Hashable, Sendable {
        /// The implementation's run ended early with this verdict (timeout, crash, adapter error, ...), or a
        /// page tripwire fired (`insecure`).
        case runEnded(Verdict)
        /// The engine stalled in the program, which never finished.
        case stalled
        /// One of the harness's own checks failed (wire lint, a callback run twice, a decision made twice).
        case check
        /// An event of the reference's run is missing.
        case missing(ExploreObservation.Item.Kind)
        /// An event the reference's run does not have.
        case extra(ExploreObservation.Item.Kind)
        /// The same handler or callback, on the same page, got other data.
        case changed(ExploreObservation.Item.Kind)
        /// An event came only on a later page.
        case late(ExploreObservation.Item.Kind)
        /// A channel's events came in another order.
        case reordered(ExploreObservation.Channel)
        /// A channel's messages were the same but their ids paired up otherwise.
        case identifiers(ExploreObservation.Channel)
        /// Callback ids in the native form were numbered otherwise.
        case numbering
        /// The native side logged fewer warnings.
        case warnings

        /// The kind in a few words, for the list of findings.
        package var words: String {
            switch self {
            case .runEnded(.insecure): "a page tripwire fired"
            case .runEnded(let verdict): "the run ended as \(verdict.rawValue)"
            case .stalled: "the program never finished"
            case .check: "a check of the harness failed"
            case .missing(let kind): "a missing \(kind.rawValue) event"
            case .extra(let kind): "an extra \(kind.rawValue) event"
            case .changed(let kind): "a \(kind.rawValue) got other data"
            case .late(let kind): "a \(kind.rawValue) event came on a later page"
            case .reordered(let channel): "\(channel.title) in another order"
            case .identifiers(let channel): "\(channel.title): ids paired otherwise"
            case .numbering: "callback ids numbered otherwise"
            case .warnings: "fewer warnings logged"
            }
        }

        /// The kind as the last segment of a finding id: `a-z`, `0-9` and `-` only.
        var slug: String {
            switch self {
            case .runEnded(let verdict): verdict.rawValue
            case .stalled: "stalled"
            case .check: "check"
            case .missing(let kind): "missing-" + kind.slug
            case .extra(let kind): "extra-" + kind.slug
            case .changed(let kind): "changed-" + kind.slug
            case .late(let kind): "late-" + kind.slug
            case .reordered(let channel): "reordered-" + channel.slug
            case .identifiers(let channel): "ids-paired-otherwise-" + channel.slug
            case .numbering: "id-numbering"
            case .warnings: "fewer-warnings"
            }
        }
    }
}

/// What `conformance explore --max-findings` groups differences by: the clause a difference cites and
/// its kind (a missing native callback, another order on the native side, a run that ended as a crash),
/// never its data, ids or program seed. Two programs that show the same signature count as one finding.
package struct ExploreSignature: Hashable, Sendable, CustomStringConvertible {
    /// The clause cited, as the difference cites it (`CB-2`, or an obligation such as `CB-2.a`); nil for
    /// a run that could not finish.
    package var clause: String?
    /// What differs.
    package var kind: ExploreDifference.Kind

    /// Creates a signature.
    package init(clause: String?, kind: ExploreDifference.Kind) {
        self.clause = clause
        self.kind = kind
    }

    /// The finding's stable id, which a baseline entry names: `explore.<clause, lower-cased>.<kind>`
    /// (`explore.start-3.extra-js-handler`, `explore.cb-2.a.check`), `explore.run.<verdict>` for a run that
    /// could not finish. Made only of `a-z`, `0-9`, `-` and dots, so it is a case id and a file name.
    package var id: String {
        guard let clause else { return "explore.run." + kind.slug }
        let segments = clause.lowercased().split(separator: ".", omittingEmptySubsequences: true).map { segment in
            String(
                segment.unicodeScalars.map { scalar in
                    ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
                })
        }
        return (["explore"] + (segments.isEmpty ? ["clause"] : segments) + [kind.slug]).joined(separator: ".")
    }

    /// The verdict a case of this finding gets (`fail`, or how the run ended), which a baseline entry
    /// naming the finding must expect.
    package var verdict: Verdict {
        switch kind {
        case .runEnded(let verdict): verdict
        case .stalled: .timeout
        case .check, .missing, .extra, .changed, .late, .reordered, .identifiers, .numbering, .warnings: .fail
        }
    }

    /// The clause without its obligation (`CB-2` for `CB-2.a`).
    package var clauseWithoutObligation: String? { clause.map { String($0.prefix { $0 != "." }) } }

    /// `[START-3] an extra JS handler event`.
    package var description: String { (clause.map { "[\($0)] " } ?? "") + kind.words }
}

extension ExploreObservation {
    /// One of the channels an observation compares on its own.
    package enum Channel: Hashable, Sendable {
        /// What the page's JS handlers and callbacks got.
        case javaScriptSide
        /// What the native handlers and callbacks got.
        case nativeSide
        /// The messages the native side delivered.
        case wire
        /// The navigation decisions and script messages: the page's signals.
        case navigations

        /// The channel as differences name it.
        package var title: String {
            switch self {
            case .javaScriptSide: "what the page's JS handlers and callbacks got"
            case .nativeSide: "what the native handlers and callbacks got"
            case .wire: "the messages the native side delivered"
            case .navigations: "the page's signals (navigation decisions and script messages)"
            }
        }

        var slug: String {
            switch self {
            case .javaScriptSide: "js-side"
            case .nativeSide: "native-side"
            case .wire: "wire"
            case .navigations: "navigations"
            }
        }
    }
}

extension ExploreObservation.Item.Kind {
    /// The kind in a finding id.
    var slug: String {
        switch self {
        case .javaScriptHandler: "js-handler"
        case .javaScriptCallback: "js-callback"
        case .pageError: "page-error"
        case .nativeHandler: "native-handler"
        case .nativeCallback: "native-callback"
        case .call: "wire-call"
        case .response: "wire-response"
        case .navigation: "navigation"
        case .scriptMessage: "script-message"
        case .fetch: "fetch"
        }
    }
}

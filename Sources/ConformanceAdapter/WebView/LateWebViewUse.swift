/// What a bridge did with the web view of one case after that case ended (`EndedPage`), counted by kind: allowed,
/// ignored, and reported as a note on the case during which it happened, never judged.
package struct LateWebViewUse: Equatable, Sendable, Codable {
    /// A kind of use of a web view whose case has ended.
    package enum Kind: String, CaseIterable, Sendable, Codable {
        /// A JavaScript evaluation, in either style.
        case evaluation
        /// A main-frame load of a URL.
        case load
        /// A load of an HTML string.
        case loadHTMLString
        /// A reload.
        case reload
        /// A native log line.
        case nativeLogLine
        /// A violation the web view reported (a call off the main thread, say).
        case violationReport
        /// A script message handler added or removed.
        case scriptMessageHandlerChange
        /// A user script added, or the user scripts removed.
        case userScriptChange
        /// A stop of the case asked for (an exception WebKit raises, say).
        case caseStop

        /// How the note counts it: the singular and the plural.
        var nouns: (one: String, many: String) {
            switch self {
            case .evaluation: ("evaluation", "evaluations")
            case .load: ("load", "loads")
            case .loadHTMLString: ("HTML string load", "HTML string loads")
            case .reload: ("reload", "reloads")
            case .nativeLogLine: ("native log line", "native log lines")
            case .violationReport: ("violation report", "violation reports")
            case .scriptMessageHandlerChange: ("script message handler change", "script message handler changes")
            case .userScriptChange: ("user script change", "user script changes")
            case .caseStop: ("case stop", "case stops")
            }
        }
    }

    /// The most UTF-16 units of the case id kept (case ids come from case files too).
    package static let caseIDLimit = 200

    /// The case whose web view it was, cut to `caseIDLimit`; nil for the web views of more cases than a case's
    /// note names (`LateWebViewUseLog.maximumCases`).
    package var caseID: String?
    /// How many uses of each kind, the kinds that had none left out.
    package var counts: [Kind: Int] = [:]

    /// Uses of the web view of `caseID` (cut to `caseIDLimit`), none counted yet.
    package init(caseID: String?, counts: [Kind: Int] = [:]) {
        self.caseID = caseID.map { PrintableText.cut($0, limit: Self.caseIDLimit) }
        self.counts = counts
    }

    /// The note, with the case id printable: "the web view of case a.b was used after its case: 2 evaluations,
    /// 1 load (ignored)".
    package var note: String {
        let counted = Kind.allCases.compactMap { kind in
            counts[kind].map { "\($0) \($0 == 1 ? kind.nouns.one : kind.nouns.many)" }
        }
        let whose =
            caseID.map { "the web view of case \(PrintableText.printable($0)) was used after its case" }
            ?? "the web views of more cases were used after their cases"
        return "\(whose): \(counted.joined(separator: ", ")) (ignored)"
    }
}

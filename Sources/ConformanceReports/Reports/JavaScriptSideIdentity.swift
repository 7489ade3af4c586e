import ConformanceCatalogue

/// Which JS side a run's pages got. A bridge may inject its own copy of the JS side instead of
/// `webView.bridgeJavaScriptSource` (most ports embed one): the cases judge what its pages did, so its verdicts
/// hold for the pair of its native side and that copy, and the report says so once, as information, never as
/// failures.
package struct JavaScriptSideIdentity: Sendable, Equatable {
    /// A JS side the native side injected that is not the run's.
    package struct Copy: Sendable, Equatable {
        /// Its size in UTF-8 bytes.
        package var bytes: Int
        /// The first 12 hex digits of its SHA-256, which tell copies apart.
        package var digest: String
        /// The cases whose pages got it, in run order.
        package var cases: [String]
    }

    /// The bridge's own copies, in the order the run first met them.
    package private(set) var ownCopies: [Copy] = []

    /// What the run's results show: each injection (an evaluation during which the bridge global appeared,
    /// `Transcript.injectedJavaScriptSides`) compared with the JS side the run gave.
    /// - Parameter results: The run's results.
    package init(results: [CaseResult]) {
        for result in results {
            for script in result.transcript.injectedJavaScriptSides where script != result.bridgeJavaScriptSource {
                let digest = SHA256Digest.hash(Array(script.utf8)).prefix(6).map(Self.hex).joined()
                if let index = ownCopies.firstIndex(where: { $0.digest == digest }) {
                    if ownCopies[index].cases.last != result.caseID { ownCopies[index].cases.append(result.caseID) }
                } else {
                    ownCopies.append(Copy(bytes: script.utf8.count, digest: digest, cases: [result.caseID]))
                }
            }
        }
    }

    /// One line saying the bridge injected a JS side of its own and what that means for the verdicts; nil when
    /// every injection was the run's JS side.
    package var note: String? {
        guard !ownCopies.isEmpty else { return nil }
        let shown = ownCopies.prefix(Self.copiesShown).map { "\($0.bytes) bytes, SHA-256 \($0.digest)…" }
        let more = ownCopies.count > Self.copiesShown ? "; \(ownCopies.count - Self.copiesShown) more" : ""
        let cases = Set(ownCopies.flatMap(\.cases)).count
        let what = ownCopies.count == 1 ? "a JS side of its own" : "\(ownCopies.count) JS sides of its own"
        return
            "the bridge injected \(what) (\(shown.joined(separator: "; "))\(more)), not webView.bridgeJavaScriptSource, "
            + "in \(cases) \(cases == 1 ? "case" : "cases"): their verdicts judge that JS side together with the native "
            + "side; the js-side cases judge a JS side alone only when it is given (--js-side)"
    }

    private static let copiesShown = 3

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

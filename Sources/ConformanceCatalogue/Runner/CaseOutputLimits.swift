/// How much of one case the console and each report show, so that a case that produced a flood (a page
/// that opens 100,000 iframes, a testee that logs a million lines, a check failing once per message) still
/// gives a report of bounded size. Each cut says what it left out; `CaseResult` keeps everything.
///
/// Per case, at most: why it stopped (`interruptionLength`), the first `failures` failures (each message
/// cut to `messageLength`, expected and actual in the JSON report to `valueLength`), the first
/// `leftovers` leftovers, and `transcriptBytes` of the transcript (its beginning and its end). A case's
/// console text and JUnit entry thus stay under about 110 KB, its JSON entry under about 130 KB and its
/// Markdown section under about 60 KB.
package enum CaseOutputLimits {
    /// The failures listed per case; the others are counted.
    package static let failures = 20
    /// The leftovers listed per case; the others are counted.
    package static let leftovers = 20
    /// The UTF-16 units kept of a failure's message.
    package static let messageLength = 1_000
    /// The UTF-16 units kept of why a case stopped (a crash report, the reference's transcript when the kit
    /// could not run a case file's program).
    package static let interruptionLength = 24 * 1024
    /// The characters kept of an expected or actual value in the JSON report (a window around the first
    /// difference, as the console and Markdown show it, wider).
    package static let valueLength = 2_000
    /// The bytes of transcript a case's console text and JUnit entry show: the first three quarters and
    /// the last quarter of this, whole lines.
    package static let transcriptBytes = 48 * 1024

    /// `… and 7 more failures (27 in all)`.
    package static func moreLine(_ left: Int, of total: Int, _ kind: String) -> String {
        "... and \(left) more \(kind) (\(total) in all; the first \(total - left) are shown)"
    }
}

import ConformanceAdapter

/// The transcript lines of an HTML report, each distinct line written once for the whole page.
///
/// The same lines recur across a page: the reference's golden beside every implementation that fails a case,
/// the equal lines around each difference, the same startup in every wire log. So panels hold no transcript
/// text: a wire log is a list of line numbers, and a comparison with the golden a list of rows of line
/// numbers, which the page's script turns into text when a panel opens (`HTMLPageAssets.script`, with
/// `textContent`: a line is never markup). The lines are the text of one inert `<template id="lines">`,
/// escaped as element text (`HTMLText.escapeElementText`), one per line feed; a line's number is its position,
/// written in base 36. Clauses quoted in many panels are lines of the pool too.
///
/// The pool is bounded: a panel whose new lines would take it past `maximumBytes` gets none (`numbers(of:)`),
/// and says so, so that a comparison of many implementations that each fail many cases stays a page a browser
/// opens at once.
package struct HTMLLinePool {
    /// The most bytes of escaped lines a page holds.
    package static let maximumBytes = 1_200_000

    /// The escaped lines, in the order they were added.
    private(set) var lines: [String] = []
    /// The bytes of `lines`, line feeds included.
    private(set) var byteCount = 0
    private var numberByLine: [String: Int] = [:]

    /// The numbers of `newLines` (raw text), in order, adding the lines not yet in the pool; nil, adding none,
    /// when they would take the pool past `maximumBytes`. A line feed inside a line is shown as `<U+000A>`.
    mutating func numbers(of newLines: [String]) -> [Int]? {
        var added: [String: Int] = [:], addedLines: [String] = [], addedBytes = 0
        var numbers: [Int] = []
        numbers.reserveCapacity(newLines.count)
        for line in newLines {
            if let number = numberByLine[line] ?? added[line] {
                numbers.append(number)
                continue
            }
            let escaped = HTMLText.escapeElementText(
                line.replacingOccurrences(of: "\n", with: PrintableText.printable("\n")))
            let number = lines.count + addedLines.count
            added[line] = number
            addedLines.append(escaped)
            addedBytes += escaped.utf8.count + 1
            numbers.append(number)
        }
        guard byteCount + addedBytes <= Self.maximumBytes else { return nil }
        lines += addedLines
        byteCount += addedBytes
        numberByLine.merge(added) { first, _ in first }
        return numbers
    }

    /// A line's number as panels write it: base 36.
    static func token(_ number: Int) -> String { String(number, radix: 36) }

    /// The page's `<template>` of every line.
    var html: String {
        "<template id=\"lines\">" + lines.map { $0 + "\n" }.joined() + "</template>\n"
    }
}

import ConformanceAdapter
import StrictJSON

/// Renders transcripts as readable text for failure messages: one line per event, printable ASCII only,
/// long scripts shortened, the injected JS side named instead of printed.
package enum TranscriptRenderer {
    /// Renders `transcript`.
    /// - Parameters:
    ///   - transcript: The transcript to render.
    ///   - bridgeJavaScriptSource: The JS side the run gave, shown as `<JS side>` when evaluated (as is any
    ///     script that injected a JS side: `Transcript.javaScriptSideEvaluationIDs`).
    ///   - includeTimers: Whether timer scheduling and firing lines are shown.
    /// - Returns: Lines joined by newlines.
    package static func render(
        _ transcript: Transcript, bridgeJavaScriptSource: String? = nil, includeTimers: Bool = false
    ) -> String {
        let javaScriptSide = transcript.javaScriptSideEvaluationIDs
        return transcript.entries.compactMap { entry -> String? in
            let rendition = EventRendition(
                entry.event, javaScriptSideEvaluations: javaScriptSide, bridgeJavaScriptSource: bridgeJavaScriptSource,
                dialect: transcript.dialect)
            guard includeTimers || !rendition.isTimer else { return nil }
            return "\(pad(entry.time)) \(rendition.line)"
        }.joined(separator: "\n")
    }

    /// Renders `transcript` in at most about `maximumBytes`: when the whole does not fit, its first lines
    /// (three quarters of the budget) and its last lines (a quarter), whole, around a line saying how many
    /// were left out; each line is cut to 2,000 characters. Only the lines shown are rendered, so a
    /// transcript of a million events costs what its shown part does.
    /// - Parameters:
    ///   - transcript: The transcript to render.
    ///   - bridgeJavaScriptSource: The JS side the run gave, shown as `<JS side>` when evaluated (as is any
    ///     script that injected a JS side: `Transcript.javaScriptSideEvaluationIDs`).
    ///   - includeTimers: Whether timer scheduling and firing lines are shown.
    ///   - maximumBytes: The most UTF-8 bytes of lines shown.
    /// - Returns: Lines joined by newlines.
    package static func render(
        _ transcript: Transcript, bridgeJavaScriptSource: String? = nil, includeTimers: Bool = false, maximumBytes: Int
    ) -> String {
        let entries = transcript.entries
        let javaScriptSide = transcript.javaScriptSideEvaluationIDs
        func line(_ entry: Transcript.Entry) -> String? {
            let rendition = EventRendition(
                entry.event, javaScriptSideEvaluations: javaScriptSide, bridgeJavaScriptSource: bridgeJavaScriptSource,
                dialect: transcript.dialect)
            guard includeTimers || !rendition.isTimer else { return nil }
            return PrintableText.cut("\(pad(entry.time)) \(rendition.line)", limit: 2_000)
        }
        var head: [String] = [], headBytes = 0, next = entries.startIndex
        while next < entries.endIndex {
            guard let shown = line(entries[next]) else { next += 1; continue }
            guard headBytes + shown.utf8.count + 1 <= maximumBytes * 3 / 4 else { break }
            head.append(shown)
            headBytes += shown.utf8.count + 1
            next += 1
        }
        // The end, in what the beginning left of the budget (at least a quarter): all of the rest when it fits.
        var tail: [String] = [], tailBytes = 0, last = entries.endIndex
        while last > next {
            guard let shown = line(entries[last - 1]) else { last -= 1; continue }
            guard headBytes + tailBytes + shown.utf8.count + 1 <= maximumBytes else { break }
            tail.append(shown)
            tailBytes += shown.utf8.count + 1
            last -= 1
        }
        guard last > next else { return (head + tail.reversed()).joined(separator: "\n") }
        let leftOut = entries[next..<last].filter { includeTimers || !EventRendition.isTimer($0.event) }.count
        let note =
            "  ... \(leftOut) lines of the transcript left out (it is cut to its first and last lines, \(maximumBytes / 1024) KiB in all) ..."
        return (head + [note] + tail.reversed()).joined(separator: "\n")
    }

    private static func pad(_ time: Int64) -> String {
        let text = "\(time)ms"
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }
}

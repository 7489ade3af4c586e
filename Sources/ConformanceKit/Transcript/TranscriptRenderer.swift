import StrictJSON

/// Renders transcripts as readable text for failure messages: one line per event, printable ASCII only,
/// long scripts shortened, the injected JS side named instead of printed.
package enum TranscriptRenderer {
    /// Renders `transcript`.
    /// - Parameters:
    ///   - transcript: The transcript to render.
    ///   - bridgeJavaScriptSource: The injected JS side, shown as `<JS side>` when evaluated.
    ///   - includeTimers: Whether timer scheduling and firing lines are shown.
    /// - Returns: Lines joined by newlines.
    package static func render(_ transcript: Transcript, bridgeJavaScriptSource: String? = nil, includeTimers: Bool = false) -> String {
        transcript.entries.compactMap { entry -> String? in
            let rendition = EventRendition(entry.event, bridgeJavaScriptSource: bridgeJavaScriptSource)
            guard includeTimers || !rendition.isTimer else { return nil }
            return "\(pad(entry.time)) \(rendition.line)"
        }.joined(separator: "\n")
    }

    private static func pad(_ time: Int64) -> String {
        let text = "\(time)ms"
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }
}

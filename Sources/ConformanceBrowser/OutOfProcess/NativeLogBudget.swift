import ConformanceAdapter
import ConformanceSupport

/// The native log one case records out of process (ADP-18.c): its first `AdapterWire.logLimit` bytes of
/// lines, `log` effects and standard error together, in the order the harness records them. From the
/// first line that does not fit on, every line is dropped and counted, so what a case records is always
/// the beginning of its log, and `closingNote` says at the end of the case how much was dropped. A line
/// longer than `AdapterWire.standardErrorLineLimit` keeps its first and last half (ADP-18.b).
package struct NativeLogBudget {
    /// Bytes (UTF-8) of the lines recorded so far.
    private(set) var recordedBytes = 0
    /// Lines dropped so far.
    private(set) var droppedLines = 0
    /// Their bytes, as the testee wrote them.
    private(set) var droppedBytes = 0

    /// `line` (a `log` effect) as the case records it, cut when long, or nil when it is dropped.
    mutating func admit(_ line: String) -> String? {
        admit(cut: LogLineCut.cut(line, limit: AdapterWire.standardErrorLineLimit), size: line.utf8.count)
    }

    /// `line`, cut already when it was long, or nil when it is dropped.
    /// - Parameters:
    ///   - kept: The line as the case would record it.
    ///   - size: The bytes the testee wrote for it.
    private mutating func admit(cut kept: String, size: Int) -> String? {
        let bytes = kept.utf8.count
        guard droppedLines == 0, recordedBytes + bytes <= AdapterWire.logLimit else {
            droppedLines += 1
            droppedBytes += size
            return nil
        }
        recordedBytes += bytes
        return kept
    }

    /// The lines of `segment` (standard error, whose reader cut the long ones) the case records, in
    /// order, without `NSLog`'s prefix; those left out before (by the bounds of standard error) are
    /// counted with the rest.
    mutating func admit(_ segment: TesteeStandardError.Segment) -> [String] {
        var recorded: [String] = []
        for (line, size) in zip(segment.lines, segment.sizes) {
            if let kept = admit(cut: CapturedLogLine.normalized(line), size: size) { recorded.append(kept) }
        }
        droppedLines += segment.droppedLines
        droppedBytes += segment.droppedBytes
        return recorded
    }

    /// The line that ends the case's log when lines were dropped; nil when none were.
    var closingNote: String? {
        guard droppedLines > 0 else { return nil }
        return
            "[... \(droppedLines) more native log line\(droppedLines == 1 ? "" : "s") (\(droppedBytes) bytes) dropped: "
            + "a case records at most \(AdapterWire.logLimit >> 10) KiB of native log, `log` effects and standard error together (ADP-18) ...]"
    }
}

import Foundation

/// What a testee writes to standard error, read on the harness's side: the native log lines of the
/// case (ADP-16) and the last lines, with the runtime's message, for crash and timeout reports (ADP-3).
///
/// **Log lines.** A testee that offers `stderr-marks` writes `AdapterWire.standardErrorMark` on a line of
/// its own to standard error just before each message it writes to standard output. Standard error is
/// one ordered stream, so the lines before the *n*th mark are exactly what the testee wrote before its
/// *n*th message, whatever the pipes' timing: the harness takes them (`lines(beforeMark:deadline:)`) as
/// soon as it has read that message and records them before it performs the message. What follows the
/// last mark (a crash message, say) is never a log line. Text without a line feed before a mark is
/// joined with what comes after the mark, so a mark never splits a line.
///
/// **Bounds** (ADP-18). The lines before one mark keep their first and last `AdapterWire.logLimit / 2`
/// bytes, with a line that says how many lines and bytes were left out between them; lines arrive cut to
/// `AdapterWire.standardErrorLineLimit` by the reader (`LineInbox`). A testee that does not mark its
/// standard error keeps no log lines at all (`stopKeepingLog()`), only diagnostics.
///
/// **Diagnostics.** The last lines (marks left out) and the first line that says why the testee stopped
/// (on a testee that serves many cases, only what it wrote since the current case began):
/// a Swift runtime message (`Fatal error`, `Could not cast value ...`, `Unexpectedly found nil ...`, ...).
/// Backtrace frames that carry only an address (`5  testee  0x000055bdb6de2f3f <unavailable> + 2858815`)
/// or a function of the runtime and system libraries (`0  libswiftCore.so  0x... swift_reportError + 33`)
/// say nothing to a reader of a report and are left out, counted, with the runtime's
/// `Current stack trace:` heading; frames of the testee's own functions are kept.
final class TesteeStandardError: @unchecked Sendable {
    private let condition = NSCondition()
    /// Text before a mark that had no line feed yet.
    private var unterminated = ""
    /// The first complete lines since the last mark, up to half the log limit.
    private var current: [String] = []
    private var currentBytes = 0
    /// The latest lines since the last mark after `current`, up to half the log limit, from `tailStart`.
    private var currentTail: [String] = []
    private var tailStart = 0
    private var tailBytes = 0
    /// Lines since the last mark left out between `current` and `currentTail`.
    private var leftOutLines = 0
    private var leftOutBytes = 0
    /// Whether lines are kept as the native log (the testee marks its standard error).
    private var keepsLog = true
    /// The lines before each mark not taken yet, oldest first; `taken` marks were taken before them.
    private var segments: [[String]] = []
    private var taken = 0
    private var ended = false

    /// Marks seen so far: a line's *epoch* is the number of marks before it.
    private var marksSeen = 0
    /// Lines of epochs before this one belong to cases that are over (`forgetDiagnostics(beforeMark:)`).
    private var diagnosticsFrom = 0
    /// The last lines, each with its epoch.
    private var tail: [(epoch: Int, line: String)] = []
    /// The first runtime message of each epoch that had one, oldest first.
    private var causes: [(epoch: Int, line: String)] = []
    /// Backtrace frames left out, counted per epoch, oldest first.
    private var framesLeftOut: [(epoch: Int, count: Int)] = []
    private let tailLimit = 8

    /// Longest runtime message kept whole (UTF-16 units); other lines are cut at `lineLimit`.
    static let causeLimit = 1000
    static let lineLimit = 200

    /// Phrases of runtime messages that say why a process stopped, Swift's first.
    private static let causeMarkers = [
        "Fatal error", "fatal error", "Precondition failed", "Assertion failed", "Could not cast value",
        "Unexpectedly found nil", "Index out of range", "closure argument was escaped", "Simultaneous accesses",
        "panic", "Segmentation fault", "Illegal instruction", "terminate called",
        "uncaught exception", "conformance adapter host:",
    ]

    /// `<index> <image> 0x<address>` with nothing after it but `<unavailable> + <offset>` or `+ <offset>`.
    nonisolated(unsafe) private static let addressOnlyFrame =
        #/^\s*(?:#?\d+\s+)?(?:\S+\s+)?0x[0-9A-Fa-f]+(?:\s+(?:<unavailable>\s*)?(?:\+\s*\d+)?)?\s*$/#
    /// `<index> <system library> 0x<address> <function> + <offset>`: the runtime's own frames, libc's, ...
    nonisolated(unsafe) private static let systemFrame =
        #/^\s*#?\d+\s+(?:lib\S*\.so(?:\.[\d.]+)?|\S+\.dylib|libswift\S*|Foundation|CoreFoundation|libdispatch\S*)\s+0x[0-9A-Fa-f]+\s/#

    /// Takes one line the reader thread read.
    func append(_ line: String) {
        condition.lock()
        defer { condition.unlock() }
        if let markRange = line.range(of: AdapterWire.standardErrorMark), line[markRange.upperBound...].isEmpty {
            unterminated += line[..<markRange.lowerBound]
            if keepsLog { segments.append(closeSegment()) }
            marksSeen += 1
            condition.broadcast()
            return
        }
        let whole = unterminated + line
        unterminated = ""
        if keepsLog { addToSegment(whole) }
        remember(whole)
    }

    /// Stops keeping lines as the native log, for a testee that does not mark its standard error.
    func stopKeepingLog() {
        condition.lock()
        defer { condition.unlock() }
        stopKeepingLogLocked()
    }

    /// Forgets everything, once the testee is gone and its reports are written.
    func release() {
        condition.lock()
        defer { condition.unlock() }
        stopKeepingLogLocked()
        tail = []
        causes = []
        framesLeftOut = []
        unterminated = ""
    }

    private func stopKeepingLogLocked() {
        keepsLog = false
        _ = closeSegment()
        segments = []
    }

    private func addToSegment(_ line: String) {
        let size = line.utf8.count
        let half = AdapterWire.logLimit / 2
        if tailStart == currentTail.count && leftOutLines == 0 && currentBytes + size <= half {
            current.append(line)
            currentBytes += size
            return
        }
        currentTail.append(line)
        tailBytes += size
        while tailBytes > half && tailStart < currentTail.count - 1 {
            let dropped = currentTail[tailStart].utf8.count
            leftOutLines += 1
            leftOutBytes += dropped
            tailBytes -= dropped
            tailStart += 1
        }
        if tailStart >= 1024 && tailStart * 2 >= currentTail.count {
            currentTail.removeFirst(tailStart)
            tailStart = 0
        }
    }

    /// The lines since the last mark, within the bounds, and a fresh segment.
    private func closeSegment() -> [String] {
        var lines = current
        if leftOutLines > 0 {
            lines.append("[... \(leftOutLines) line\(leftOutLines == 1 ? "" : "s") (\(leftOutBytes) bytes) of standard error left out here: the lines before one message keep their first and last \(AdapterWire.logLimit / 2 / 1024) KiB (ADP-18) ...]")
        }
        lines += currentTail[tailStart...]
        current = []
        currentBytes = 0
        currentTail = []
        tailStart = 0
        tailBytes = 0
        leftOutLines = 0
        leftOutBytes = 0
        return lines
    }

    /// Notes that standard error ended: no more marks will come.
    func finish() {
        condition.lock()
        if !unterminated.isEmpty { remember(unterminated) }
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// The lines written before mark `number` (counted from 1) and after the previous mark taken,
    /// waiting for the mark until `deadline`.
    /// - Returns: The lines, or nil when standard error ended or the deadline passed first.
    func lines(beforeMark number: Int, deadline: Date) -> [String]? {
        condition.lock()
        defer { condition.unlock() }
        while taken + segments.count < number {
            if ended { return nil }
            if !condition.wait(until: deadline) && taken + segments.count < number { return nil }
        }
        let count = number - taken
        let lines = segments.prefix(count).flatMap { $0 }
        segments.removeFirst(count)
        taken = number
        return lines
    }

    /// Keeps, for crash and timeout reports, only what standard error said after mark `number` (counted
    /// from 1): on a testee that serves many cases (ADP-17) a report quotes the case it is about, never an
    /// earlier one, whether or not the reader thread has reached the mark yet.
    func forgetDiagnostics(beforeMark number: Int) {
        condition.lock()
        defer { condition.unlock() }
        diagnosticsFrom = max(diagnosticsFrom, number)
        tail.removeAll { $0.epoch < diagnosticsFrom }
        causes.removeAll { $0.epoch < diagnosticsFrom }
        framesLeftOut.removeAll { $0.epoch < diagnosticsFrom }
    }

    private func remember(_ line: String) {
        let epoch = marksSeen
        guard epoch >= diagnosticsFrom else { return }
        if line.contains(Self.addressOnlyFrame) || line.contains(Self.systemFrame) {
            if framesLeftOut.last?.epoch == epoch { framesLeftOut[framesLeftOut.count - 1].count += 1 } else { framesLeftOut.append((epoch, 1)) }
            return
        }
        if line.trimmingCharacters(in: .whitespaces) == "Current stack trace:" { return }
        if causes.last?.epoch != epoch, Self.isRuntimeMessage(line) { causes.append((epoch, line)) }
        tail.append((epoch, line))
        if tail.count > tailLimit { tail.removeFirst(tail.count - tailLimit) }
    }

    private static func isRuntimeMessage(_ line: String) -> Bool {
        causeMarkers.contains(where: line.contains)
    }

    /// The cause and the last lines, each indented on its own line after a heading; empty when there
    /// were none. Runtime messages are kept whole up to `causeLimit` units, other lines cut at `lineLimit`.
    var rendered: String {
        condition.lock()
        defer { condition.unlock() }
        var shown = tail.map(\.line)
        if !unterminated.isEmpty { shown.append(unterminated) }
        if let cause = causes.first?.line, !shown.contains(cause) { shown = [cause, "..."] + shown }
        var lines = shown.map { "    | " + PrintableText.abbreviate($0, limit: Self.isRuntimeMessage($0) ? Self.causeLimit : Self.lineLimit) }
        let framesLeftOut = self.framesLeftOut.reduce(0) { $0 + $1.count }
        if framesLeftOut > 0 {
            lines.append("    (\(framesLeftOut) backtrace frame\(framesLeftOut == 1 ? "" : "s") of bare addresses or runtime internals left out)")
        }
        guard !lines.isEmpty else { return "" }
        return "; its standard error said:\n" + lines.joined(separator: "\n")
    }
}

import ConformanceAdapter
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
/// **Bounds** (ADP-18). Lines arrive cut to `AdapterWire.standardErrorLineLimit` by the reader
/// (`LineInbox`). The lines before one mark keep the first that fit in `AdapterWire.logLimit` bytes, and
/// count the rest; all the lines kept and not yet taken, of every mark the reader has passed, keep at
/// most `AdapterWire.standardErrorBacklogLimit` bytes, so a testee that writes far ahead of its messages
/// costs the harness no more (a line past that is counted too). Either way the reader never waits for
/// the harness, so a testee never blocks on its standard error. The case's `NativeLogBudget` then
/// records what it can and counts the rest. A testee that does not mark its standard error keeps no log
/// lines at all (`stopKeepingLog()`), only diagnostics.
///
/// **Diagnostics.** The last lines (marks left out) and the first line that says why the testee stopped
/// (on a testee that serves many cases, only what it wrote since the current case began):
/// a Swift runtime message (`Fatal error`, `Could not cast value ...`, `Unexpectedly found nil ...`, ...).
/// Backtrace frames that carry only an address (`5  testee  0x000055bdb6de2f3f <unavailable> + 2858815`)
/// or a function of the runtime and system libraries (`0  libswiftCore.so  0x... swift_reportError + 33`)
/// say nothing to a reader of a report and are left out, counted, with the runtime's
/// `Current stack trace:` heading; frames of the testee's own functions are kept.
package final class TesteeStandardError: @unchecked Sendable {
    /// The native log lines a testee wrote to standard error before one mark, as far as the bounds let
    /// the harness keep them: the first ones, then a count of the rest.
    struct Segment: Equatable {
        /// The lines kept, in order.
        var lines: [String] = []
        /// The bytes the testee wrote for each (more than the line's own when it was cut).
        var sizes: [Int] = []
        /// Their bytes (UTF-8).
        var keptBytes = 0
        /// Lines left out after the kept ones.
        var droppedLines = 0
        /// Their bytes as the testee wrote them (before a long line was cut).
        var droppedBytes = 0
        /// The bytes of text without a line feed carried across each mark (by number) into the first
        /// line, which began before those marks.
        var carriedAcross: [Int: Int] = [:]

        /// Removes the first `bytes` bytes of the first line (text carried into it from before a case
        /// ended), and the line when nothing is left of it.
        mutating func dropFirstLine(prefix bytes: Int) {
            guard let first = lines.first else { return }
            let rest = String(decoding: first.utf8.dropFirst(bytes), as: UTF8.self)
            keptBytes -= first.utf8.count - rest.utf8.count
            sizes[0] -= min(sizes[0], bytes)
            if rest.isEmpty {
                lines.removeFirst()
                sizes.removeFirst()
            } else {
                lines[0] = rest
            }
        }

        /// Adds the lines and counts of `later`, which came after this segment's: once a line is left
        /// out, every later one is too, so the kept lines are always the first ones.
        mutating func append(_ later: Segment) {
            if droppedLines == 0 {
                lines += later.lines
                sizes += later.sizes
                keptBytes += later.keptBytes
                droppedLines += later.droppedLines
                droppedBytes += later.droppedBytes
            } else {
                droppedLines += later.lines.count + later.droppedLines
                droppedBytes += later.sizes.reduce(0, +) + later.droppedBytes
            }
        }
    }

    private let condition = NSCondition()
    /// Text before a mark that had no line feed yet.
    private var unterminated = ""
    /// Its bytes as the testee wrote them.
    private var unterminatedSize = 0
    /// The bytes of `unterminated` written before each mark it was carried across (by number).
    private var carriedAcross: [Int: Int] = [:]
    /// The mark of the `done` of the last `endCase`: a case began after it, and text carried across it
    /// belongs to the case that ended (`caseEnded(atMark:)`).
    private var caseBoundary = 0
    /// The lines since the last mark.
    private var current = Segment()
    /// Whether lines are kept as the native log (the testee marks its standard error).
    private var keepsLog = true
    /// The lines before each mark not taken yet, oldest first; `taken` marks were taken before them.
    private var segments: [Segment] = []
    private var taken = 0
    /// The bytes kept in `segments` and `current` (at most `AdapterWire.standardErrorBacklogLimit`).
    private var backlogBytes = 0
    private var ended = false

    /// Marks seen so far: a line's *epoch* is the number of marks before it.
    private var marksSeen = 0
    /// Lines of epochs before this one belong to cases that are over (`caseEnded(atMark:)`).
    private var diagnosticsFrom = 0
    /// The last lines, each with its epoch.
    private var tail: [(epoch: Int, line: String)] = []
    /// The first runtime message of each epoch that had one, oldest first.
    private var causes: [(epoch: Int, line: String)] = []
    /// The kit's notes of a trap inside its own code (`KitFaultNote`), the first of each epoch, oldest first.
    private var kitFaults: [(epoch: Int, note: KitFaultNote)] = []
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
    /// - Parameters:
    ///   - line: The line, without its line feed (cut by the reader when it was long).
    ///   - size: The bytes the testee wrote for it; the line's own when nil.
    func append(_ line: String, size: Int? = nil) {
        condition.lock()
        defer { condition.unlock() }
        let size = size ?? line.utf8.count
        if let markRange = line.range(of: AdapterWire.standardErrorMark), line[markRange.upperBound...].isEmpty {
            let before = line[..<markRange.lowerBound]
            unterminated += before
            unterminatedSize += before.utf8.count
            if keepsLog {
                segments.append(current)
                current = Segment()
            }
            marksSeen += 1
            if !unterminated.isEmpty { carriedAcross[marksSeen] = unterminated.utf8.count }
            condition.broadcast()
            return
        }
        var whole = unterminated + line
        var wholeSize = unterminatedSize + size
        unterminated = ""
        unterminatedSize = 0
        // The kit's note of a trap inside its own code (KitCode): never a log line, kept for the crash report.
        if let noteStart = whole.range(of: "\(KitFaultNote.mark)"),
            let note = KitFaultNote(line: whole[noteStart.lowerBound...])
        {
            if marksSeen >= diagnosticsFrom, kitFaults.last?.epoch != marksSeen { kitFaults.append((marksSeen, note)) }
            whole = String(whole[..<noteStart.lowerBound])
            wholeSize = whole.utf8.count
            guard !whole.isEmpty else { return }
        }
        if keepsLog {
            // The line begins the segment since the last mark: it is the one text was carried into.
            if !carriedAcross.isEmpty && current.lines.isEmpty && current.droppedLines == 0 {
                current.carriedAcross = carriedAcross
            }
            addToSegment(whole, size: wholeSize)
        }
        carriedAcross = [:]
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
        kitFaults = []
        unterminated = ""
        unterminatedSize = 0
    }

    private func stopKeepingLogLocked() {
        keepsLog = false
        current = Segment()
        segments = []
        backlogBytes = 0
    }

    private func addToSegment(_ line: String, size: Int) {
        let bytes = line.utf8.count
        if current.droppedLines == 0 && current.keptBytes + bytes <= AdapterWire.logLimit
            && backlogBytes + bytes <= AdapterWire.standardErrorBacklogLimit
        {
            current.lines.append(line)
            current.sizes.append(size)
            current.keptBytes += bytes
            backlogBytes += bytes
        } else {
            current.droppedLines += 1
            current.droppedBytes += size
        }
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
    /// - Returns: The lines kept and the count of those left out, or nil when standard error ended or the
    ///   deadline passed first.
    func lines(beforeMark number: Int, deadline: Date) -> Segment? {
        condition.lock()
        defer { condition.unlock() }
        while taken + segments.count < number {
            if ended { return nil }
            if !condition.wait(until: deadline) && taken + segments.count < number { return nil }
        }
        let count = number - taken
        var lines = Segment()
        for var segment in segments.prefix(count) {
            backlogBytes -= segment.keptBytes
            if let carried = segment.carriedAcross[caseBoundary] { segment.dropFirstLine(prefix: carried) }
            lines.append(segment)
        }
        segments.removeFirst(count)
        taken = number
        return lines
    }

    /// Notes that a case ended with the message of mark `number` (the `done` of `endCase`, ADP-17.d), on a
    /// testee that serves many cases, whether or not the reader thread has reached the mark yet: text
    /// without a line feed written before the mark stays with the case that ended, not joined to the next
    /// case's first line; and crash and timeout reports quote only what standard error said after the
    /// mark, so a report is about its case, never an earlier one.
    func caseEnded(atMark number: Int) {
        condition.lock()
        defer { condition.unlock() }
        caseBoundary = number
        diagnosticsFrom = max(diagnosticsFrom, number)
        tail.removeAll { $0.epoch < diagnosticsFrom }
        causes.removeAll { $0.epoch < diagnosticsFrom }
        framesLeftOut.removeAll { $0.epoch < diagnosticsFrom }
        kitFaults.removeAll { $0.epoch < diagnosticsFrom }
    }

    /// The kit's note of a trap inside its own code in the current case, if the testee wrote one: the crash
    /// that follows is the kit's fault.
    var kitFault: KitFaultNote? {
        condition.lock()
        defer { condition.unlock() }
        return kitFaults.first?.note
    }

    private func remember(_ line: String) {
        let epoch = marksSeen
        guard epoch >= diagnosticsFrom else { return }
        if line.contains(Self.addressOnlyFrame) || line.contains(Self.systemFrame) {
            if framesLeftOut.last?.epoch == epoch {
                framesLeftOut[framesLeftOut.count - 1].count += 1
            } else {
                framesLeftOut.append((epoch, 1))
            }
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
        var lines = shown.map {
            "    | " + PrintableText.abbreviate($0, limit: Self.isRuntimeMessage($0) ? Self.causeLimit : Self.lineLimit)
        }
        let framesLeftOut = self.framesLeftOut.reduce(0) { $0 + $1.count }
        if framesLeftOut > 0 {
            lines.append(
                "    (\(framesLeftOut) backtrace frame\(framesLeftOut == 1 ? "" : "s") of bare addresses or runtime internals left out)"
            )
        }
        guard !lines.isEmpty else { return "" }
        return "; its standard error said:\n" + lines.joined(separator: "\n")
    }
}

import Foundation

/// Lines read from a file descriptor by a background thread, waiting to be taken in order.
///
/// The harness reads a testee's standard error with it, which must be drained while nobody waits for
/// it (a testee that fills the pipe would block); messages are read by the waiting thread itself
/// (`LineReader`), which saves a thread hand-off per message.
package final class LineInbox: @unchecked Sendable {
    /// What `next(deadline:)` found.
    package enum Next: Equatable {
        /// The next line, without its line feed.
        case line(String)
        /// The descriptor reached end of file (or failed): no more lines will come.
        case end
        /// The deadline passed first.
        case timedOut
        /// A line passed the reader's length limit (ADP-18); nothing more is read.
        case tooLong
        /// A line that is not UTF-8 (ADP-2): the offset of its first byte that does not begin a valid
        /// UTF-8 sequence, and the line with each invalid sequence replaced by U+FFFD, for reports. Only
        /// `LineReader` says this: standard error is free text, and `LineInbox` keeps it readable.
        case invalidUTF8(offset: Int, line: String)
    }

    private let condition = NSCondition()
    private var lines: [String] = []
    private var head = 0
    private var ended = false

    /// Starts a thread that reads `fileDescriptor` until end of file, splitting it into lines.
    /// - Parameters:
    ///   - fileDescriptor: The descriptor to read; closed by the caller, not by the inbox, once
    ///     `waitForEnd(deadline:)` says the thread is done with it.
    ///   - exitNotice: A descriptor that becomes readable when the writer has exited
    ///     (`TesteeProcess.exitNotice`): what is readable then is read, and then the stream ends, even if a
    ///     descendant of the writer keeps the pipe open.
    ///   - lineLimit: The most bytes of one line that are kept: a longer line keeps its first and last
    ///     `lineLimit / 2` bytes (or a little less, so as not to split a UTF-8 sequence), with the number of
    ///     bytes left out between them (ADP-18). Nil for no limit.
    ///   - name: The reader thread's name, for debuggers.
    ///   - onLine: Called on the reader thread for each line, with the number of bytes it had before it
    ///     was cut, instead of queueing it, if given.
    ///   - onEnd: Called on the reader thread once, at end of file, after the last line.
    package init(
        reading fileDescriptor: Int32, exitNotice: Int32? = nil, lineLimit: Int? = nil, name: String,
        onLine: (@Sendable (String, Int) -> Void)? = nil, onEnd: (@Sendable () -> Void)? = nil
    ) {
        let thread = Thread { [self] in
            Self.readLines(from: fileDescriptor, exitNotice: exitNotice, lineLimit: lineLimit) { line, size in
                if let onLine { onLine(line, size) } else { append(line) }
            }
            finish()
            onEnd?()
        }
        thread.name = name
        thread.stackSize = 512 * 1024
        thread.start()
    }

    /// Takes the next line, waiting for it until `deadline` (forever when nil).
    package func next(deadline: Date? = nil) -> Next {
        condition.lock()
        defer { condition.unlock() }
        while head == lines.count && !ended {
            if let deadline {
                if !condition.wait(until: deadline) && head == lines.count && !ended { return .timedOut }
            } else {
                condition.wait()
            }
        }
        guard head < lines.count else { return .end }
        let line = lines[head]
        head += 1
        if head == lines.count { lines.removeAll(keepingCapacity: true); head = 0 }
        return .line(line)
    }

    /// Waits until the reader thread has reached end of file, at most until `deadline`.
    /// - Returns: Whether it has (so the descriptor is no longer read and may be closed).
    package func waitForEnd(deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { return ended }
        }
        return true
    }

    private func append(_ line: String) {
        condition.lock()
        lines.append(line)
        condition.signal()
        condition.unlock()
    }

    private func finish() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// Reads until end of file, an error, or (with `exitNotice`) the writer's exit, calling `body` with
    /// each complete line and the bytes it had; a last line without a line feed is delivered too. Bytes
    /// that are not UTF-8 show as U+FFFD: standard error is free text (ADP-3).
    private static func readLines(
        from fileDescriptor: Int32, exitNotice: Int32?, lineLimit: Int?, _ body: (String, Int) -> Void
    ) {
        var pending: [UInt8] = []
        /// Bytes of the pending line left out of its middle.
        var leftOut = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var requests = [fileDescriptor, exitNotice].compactMap { $0 }.map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        var readAfterExit: Int?
        /// Where the head of a line that is cut ends: the pending bytes before it are kept.
        var headEnd = 0
        func cutMiddle(keepingTail tail: Int) {
            guard let lineLimit else { return }
            if leftOut == 0 { headEnd = LogLineCut.boundary(before: lineLimit / 2, in: pending) }
            let tailStart = LogLineCut.boundary(after: pending.count - tail, in: pending)
            guard tailStart > headEnd else { return }
            leftOut += tailStart - headEnd
            pending.removeSubrange(headEnd..<tailStart)
        }
        func deliver() {
            if let lineLimit, pending.count > lineLimit { cutMiddle(keepingTail: lineLimit / 2) }
            if leftOut > 0, let lineLimit {
                let head = String(decoding: pending[..<headEnd], as: UTF8.self)
                let tail = String(decoding: pending[headEnd...], as: UTF8.self)
                body(head + LogLineCut.marker(leftOut: leftOut, limit: lineLimit) + tail, pending.count + leftOut)
            } else {
                body(String(decoding: pending, as: UTF8.self), pending.count)
            }
            pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
            leftOut = 0
        }
        while true {
            if exitNotice != nil {
                for index in requests.indices { requests[index].revents = 0 }
                let ready = poll(&requests, nfds_t(requests.count), -1)
                if ready < 0 && errno == EINTR { continue }
                if ready > 0 && requests[1].revents != 0 && readAfterExit == nil { readAfterExit = 0 }
                if ready > 0 && requests[0].revents == 0 { break }  // exited, and all it wrote was read
            }
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            chunk.withUnsafeBufferPointer { bytes in
                let base = bytes.baseAddress!
                while start < count, let found = memchr(base + start, 0x0A, count - start) {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    pending.append(contentsOf: bytes[start..<index])
                    deliver()
                    start = index + 1
                }
            }
            pending.append(contentsOf: chunk[start..<count])
            if let lineLimit, pending.count > lineLimit + chunk.count {
                // Keep the head and the latest tail: the tail may end in a mark (ADP-16).
                cutMiddle(keepingTail: lineLimit / 2)
            }
            if let total = readAfterExit {
                readAfterExit = total + count
                if total + count > LineReader.afterExitLimit { break }
            }
        }
        if leftOut > 0 || !pending.isEmpty { deliver() }
    }
}

import Foundation

/// Lines read from a file descriptor by the thread that asks for them, with an optional wall-clock
/// deadline: no reader thread, so a message costs the waiting thread one wake-up rather than two
/// (a reader thread's and then its own), which is most of what a message costs between two processes.
///
/// Both ends of the out-of-process protocol read their messages with it: the harness the testee's
/// standard output (with the watchdog, ADP-14, the testee's exit notice and the line limit, ADP-18), the
/// testee its standard input (from the main thread, also while a synchronous evaluation waits for its
/// answer). Standard error, which must be drained while nobody waits for it, keeps its reader thread
/// (`LineInbox`).
package final class LineReader: @unchecked Sendable {
    private let fileDescriptor: Int32
    private let exitNotice: Int32?
    private let maximumLineLength: Int?
    private let lastLineNeedsLineFeed: Bool
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` begin.
    private var start = 0
    /// Where to look for the next line feed (the bytes from `start` to here have none).
    private var scanned = 0
    private var ended = false
    private var overflowed = false
    /// Bytes read since the exit notice came: a descendant that keeps writing cannot hold the reader.
    private var readAfterExit: Int?
    private var chunk: [UInt8] = []
    /// The descriptor, and the exit notice if any, for `poll`.
    private var requests: [pollfd]

    /// Bytes read and not yet taken.
    package var unreadByteCount: Int { buffer.count - start }

    /// The bytes after the last line feed when the stream ended, if they were not taken as a line
    /// (`lastLineNeedsLineFeed`); 0 otherwise.
    package private(set) var unterminatedBytesAtEnd = 0

    /// A reader of `fileDescriptor`, which the caller keeps open and closes.
    /// - Parameters:
    ///   - fileDescriptor: The descriptor to read.
    ///   - exitNotice: A descriptor that becomes readable when the writer has exited
    ///     (`TesteeProcess.exitNotice`): what is readable then is read, and then the stream ends, even if a
    ///     descendant of the writer keeps the pipe open.
    ///   - maximumLineLength: The most bytes a line may have before its line feed; a longer one is
    ///     `.tooLong` (ADP-18), whether or not its line feed has come. Nil for no limit.
    ///   - lastLineNeedsLineFeed: Whether bytes without a line feed at the end of the stream are dropped
    ///     (counted in `unterminatedBytesAtEnd`) rather than taken as a last line: a message ends with its
    ///     line feed (ADP-2).
    package init(
        reading fileDescriptor: Int32, exitNotice: Int32? = nil, maximumLineLength: Int? = nil,
        lastLineNeedsLineFeed: Bool = false
    ) {
        self.fileDescriptor = fileDescriptor
        self.exitNotice = exitNotice
        self.maximumLineLength = maximumLineLength
        self.lastLineNeedsLineFeed = lastLineNeedsLineFeed
        requests = [fileDescriptor, exitNotice].compactMap { $0 }.map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
    }

    /// Takes the next line, without its line feed, waiting for it until `deadline` (forever when nil).
    /// A line that is not UTF-8 is `.invalidUTF8` (ADP-2). A last line without a line feed is delivered
    /// at end of file, unless the reader was made with `lastLineNeedsLineFeed`.
    package func next(deadline: Date? = nil) -> LineInbox.Next {
        if overflowed { return .tooLong }
        while true {
            if let newline = buffer.withUnsafeBufferPointer({ Self.lineFeed(in: $0, from: scanned) }) {
                if let maximumLineLength, newline - start > maximumLineLength { return overflow() }
                let line = decodedLine(start..<newline)
                start = newline + 1
                scanned = start
                if start == buffer.count {
                    buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
                    start = 0
                    scanned = 0
                }
                return line
            }
            scanned = buffer.count
            if let maximumLineLength, buffer.count - start > maximumLineLength { return overflow() }
            if ended {
                guard start < buffer.count else { return .end }
                if lastLineNeedsLineFeed {
                    unterminatedBytesAtEnd = buffer.count - start
                    release()
                    return .end
                }
                let line = decodedLine(start..<buffer.count)
                release()
                return line
            }
            switch waitUntilReadable(deadline: deadline) {
            case .timedOut: return .timedOut
            case .exited: ended = true; continue
            case .readable: readOnce()
            }
        }
    }

    /// Whether bytes are waiting to be taken: already read, or ready on the descriptor (read now, without
    /// waiting). The end of the stream is not a byte: it shows when `next` is called.
    package func hasUnreadBytes() -> Bool {
        if start < buffer.count { return true }
        guard !ended, !overflowed else { return false }
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&request, 1, 0) } while ready < 0 && errno == EINTR
        guard ready > 0 else { return false }
        readOnce()
        return start < buffer.count
    }

    /// The line in `range` of the buffer, if it is UTF-8.
    private func decodedLine(_ range: Range<Int>) -> LineInbox.Next {
        buffer.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[range])
            if let line = String(exactUTF8: bytes) { return .line(line) }
            return .invalidUTF8(
                offset: String.firstInvalidUTF8Offset(in: bytes) ?? 0, line: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Notes that a line passed the limit: nothing more is read (ADP-18).
    private func overflow() -> LineInbox.Next {
        overflowed = true
        release()
        return .tooLong
    }

    /// Reads once what the descriptor has (it is readable, or at its end).
    private func readOnce() {
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 64 * 1024) }
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {
            ended = true
            return
        }
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
        if let maximumLineLength, buffer.count + count > buffer.capacity {
            // Grow as usual, but never far past what a line may hold (ADP-18).
            let bound = start + maximumLineLength + chunk.count
            buffer.reserveCapacity(max(buffer.count + count, min(2 * buffer.capacity, bound)))
        }
        buffer.append(contentsOf: chunk[0..<count])
        if let total = readAfterExit {
            readAfterExit = total + count
            if total + count > Self.afterExitLimit { ended = true }
        }
    }

    /// Frees the buffers; the reader still answers (`.end` once it has ended).
    package func release() {
        buffer = []
        chunk = []
        start = 0
        scanned = 0
    }

    /// What the reader reads, at most, once the writer has exited.
    package static let afterExitLimit = 1 << 20

    /// The index of the first line feed in `bytes` at or after `index`.
    private static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        guard let base = bytes.baseAddress, index < bytes.count else { return nil }
        guard let found = memchr(base + index, 0x0A, bytes.count - index) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private enum Readiness { case readable, exited, timedOut }

    /// Waits until the descriptor has something to read (or its end), the writer has exited with nothing
    /// left to read, or the deadline passes.
    private func waitUntilReadable(deadline: Date?) -> Readiness {
        while true {
            for index in requests.indices { requests[index].revents = 0 }
            let timeout: Int32
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return .timedOut }
                timeout = Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
            } else {
                timeout = -1
            }
            let ready = poll(&requests, nfds_t(requests.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return .readable }  // `read` reports the error as the end
            if requests.count > 1 && requests[1].revents != 0 && readAfterExit == nil { readAfterExit = 0 }
            if requests[0].revents != 0 { return .readable }
            // The writer has exited and nothing is left to read: all it wrote was in the pipe before it exited.
            if readAfterExit != nil { return .exited }
        }
    }
}

import Foundation

/// Lines read from a file descriptor by the thread that asks for them, with an optional wall-clock
/// deadline: no reader thread, so a message costs the waiting thread one wake-up rather than two
/// (a reader thread's and then its own), which is most of what a message costs between two processes.
///
/// Both ends of the out-of-process protocol read their messages with it: the harness the testee's
/// standard output (with the watchdog, ADP-14), the testee its standard input (from the main thread,
/// also while a synchronous evaluation waits for its answer). Standard error, which must be drained
/// while nobody waits for it, keeps its reader thread (`LineInbox`).
final class LineReader: @unchecked Sendable {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` begin.
    private var start = 0
    /// Where to look for the next line feed (the bytes from `start` to here have none).
    private var scanned = 0
    private var ended = false
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    /// A reader of `fileDescriptor`, which the caller keeps open and closes.
    init(reading fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Takes the next line, without its line feed, waiting for it until `deadline` (forever when nil).
    /// A last line without a line feed is delivered at end of file.
    func next(deadline: Date? = nil) -> LineInbox.Next {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                scanned = start
                if start == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                    scanned = 0
                }
                return .line(line)
            }
            scanned = buffer.count
            if ended {
                guard start < buffer.count else { return .end }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                buffer.removeAll()
                start = 0
                scanned = 0
                return .line(line)
            }
            guard waitUntilReadable(deadline: deadline) else { return .timedOut }
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                ended = true
            } else {
                if start > 0 && start == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                    scanned = 0
                }
                buffer.append(contentsOf: chunk[0..<count])
            }
        }
    }

    /// Waits until the descriptor has something to read (or its end) or the deadline passes.
    private func waitUntilReadable(deadline: Date?) -> Bool {
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let timeout: Int32
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return false }
                timeout = Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
            } else {
                timeout = -1
            }
            let ready = poll(&request, 1, timeout)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }  // let `read` report the error as the end
        }
    }
}

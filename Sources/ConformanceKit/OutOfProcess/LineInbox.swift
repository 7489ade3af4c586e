import Foundation

/// Lines read from a file descriptor by a background thread, waiting to be taken in order.
///
/// The harness reads a testee's standard error with it, which must be drained while nobody waits for
/// it (a testee that fills the pipe would block); messages are read by the waiting thread itself
/// (`LineReader`), which saves a thread hand-off per message.
final class LineInbox: @unchecked Sendable {
    /// What `next(deadline:)` found.
    enum Next: Equatable {
        /// The next line, without its line feed.
        case line(String)
        /// The descriptor reached end of file (or failed): no more lines will come.
        case end
        /// The deadline passed first.
        case timedOut
    }

    private let condition = NSCondition()
    private var lines: [String] = []
    private var head = 0
    private var ended = false

    /// Starts a thread that reads `fileDescriptor` until end of file, splitting it into lines.
    /// - Parameters:
    ///   - fileDescriptor: The descriptor to read; closed by the caller, not by the inbox.
    ///   - name: The reader thread's name, for debuggers.
    ///   - onLine: Called on the reader thread for each line instead of queueing it, if given.
    ///   - onEnd: Called on the reader thread once, at end of file, after the last line.
    init(reading fileDescriptor: Int32, name: String, onLine: (@Sendable (String) -> Void)? = nil, onEnd: (@Sendable () -> Void)? = nil) {
        let thread = Thread { [self] in
            Self.readLines(from: fileDescriptor) { line in
                if let onLine { onLine(line) } else { append(line) }
            }
            finish()
            onEnd?()
        }
        thread.name = name
        thread.start()
    }

    /// Takes the next line, waiting for it until `deadline` (forever when nil).
    func next(deadline: Date? = nil) -> Next {
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
    func waitForEnd(deadline: Date) -> Bool {
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

    /// Reads until end of file or an error, calling `body` with each complete line; a last line without
    /// a line feed is delivered too.
    private static func readLines(from fileDescriptor: Int32, _ body: (String) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                pending.append(contentsOf: chunk[start..<index])
                body(String(decoding: pending, as: UTF8.self))
                pending.removeAll(keepingCapacity: true)
                start = index + 1
            }
            pending.append(contentsOf: chunk[start..<count])
        }
        if !pending.isEmpty { body(String(decoding: pending, as: UTF8.self)) }
    }
}

import Foundation

/// Writes whole lines to a file descriptor, one writer at a time, so that lines from different threads
/// never interleave (ADP-2). Both ends of the out-of-process protocol use it.
package final class LineWriter: @unchecked Sendable {
    private let fileDescriptor: Int32
    private let lock = NSLock()

    /// A writer for `fileDescriptor`, which the caller keeps open.
    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Writes `line` and a line feed.
    /// - Returns: False when the reader has gone (the pipe is closed), true otherwise.
    package func write(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Foundation.write(fileDescriptor, $0.baseAddress, $0.count)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

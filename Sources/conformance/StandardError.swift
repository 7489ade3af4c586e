import Foundation

/// Standard error, written so that a failed write loses the text and nothing else.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails, as it does once the terminal has
/// gone (SIGHUP, EIO) or the reader of a pipe has (EPIPE): a command would then die before writing
/// what finished. These writes go straight to the descriptor, and a failure drops the rest of the text.
enum StandardError {
    /// Writes `text` to standard error; gives up silently when the descriptor fails.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

/// Writes a line to standard error, prefixed `conformance: `.
func printError(_ message: String) {
    StandardError.write("conformance: " + message + "\n")
}

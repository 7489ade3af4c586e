import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a text file the user named (a JS side, a baseline, a case file) or one the kit ships, and when it
/// cannot, says which of the things that go wrong happened: no such file, a folder, something that is not a
/// file (a device such as `/dev/zero` or `/dev/null`, a socket), a file that cannot be opened (with the
/// system's reason), one larger than the kit reads, or one that is not UTF-8.
///
/// A regular file, and a FIFO or pipe (`--js-side <(…)`, `/dev/stdin` from a pipe) read to its end, are
/// files; symlinks are followed. Nothing larger than the limit is read into memory.
package enum TextFileReader {
    /// Why a file could not be read: a sentence without the path, for the caller to put after it.
    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing is at the path (or a part of it is not a folder).
        case missing
        /// The path is a folder.
        case folder
        /// The path is something other than a file or a pipe: `kind` says what (`a character device`).
        case notAFile(kind: String)
        /// The file could not be opened or read; `reason` is the system's.
        case unreadable(reason: String)
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)
        /// The byte at `offset` does not start or continue a UTF-8 character.
        case notUTF8(offset: Int)

        /// Whether the file is there but could not be opened or read.
        package var isUnreadable: Bool {
            if case .unreadable = self { return true }
            return false
        }

        /// What happened and what to do, as a sentence that follows the path.
        package var description: String {
            switch self {
            case .missing: "no such file"
            case .folder: "is a folder, not a file; give the path of a file"
            case .notAFile(let kind): "is \(kind), not a file; give the path of a file"
            case .unreadable(let reason): "cannot be read (\(reason))"
            case .tooLarge(let limit):
                "is larger than \(TextFileReader.describe(bytes: limit)), the most the kit reads from such a file"
            case .notUTF8(let offset):
                "is not UTF-8 text (byte \(offset) is not part of a UTF-8 character); save it as UTF-8"
            }
        }
    }

    /// Reads the file at `path` as UTF-8 text.
    /// - Parameters:
    ///   - path: The file; a relative path is resolved against the current directory.
    ///   - maximumBytes: The most bytes the file may hold.
    /// - Throws: `Problem` saying what is wrong.
    package static func text(atPath path: String, maximumBytes: Int) throws(Problem) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing }
            throw .unreadable(reason: reason(code))
        }
        try checkKind(info.st_mode)
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > maximumBytes { throw .tooLarge(limit: maximumBytes) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(reason: reason(errno)) }
        defer { close(descriptor) }
        // What was opened is what is read: it may have changed since `stat`.
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(reason: reason(errno)) }
        try checkKind(info.st_mode)
        let bytes = try readAll(descriptor, maximumBytes: maximumBytes)
        return try bytes.withUnsafeBufferPointer { bytes throws(Problem) in
            guard let text = String(exactUTF8: bytes) else {
                throw .notUTF8(offset: String.firstInvalidUTF8Offset(in: bytes) ?? 0)
            }
            return text
        }
    }

    /// `1 MiB`, `16 MiB`, `512 bytes`.
    package static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0
            ? "\(bytes >> 20) MiB"
            : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    private static func checkKind(_ mode: mode_t) throws(Problem) {
        switch mode & S_IFMT {
        case S_IFREG, S_IFIFO: return
        case S_IFDIR: throw .folder
        case S_IFCHR: throw .notAFile(kind: "a character device (such as /dev/null, /dev/zero or a terminal)")
        case S_IFBLK: throw .notAFile(kind: "a block device")
        case S_IFSOCK: throw .notAFile(kind: "a socket")
        default: throw .notAFile(kind: "neither a regular file nor a pipe")
        }
    }

    private static func readAll(_ descriptor: Int32, maximumBytes: Int) throws(Problem) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: reason(errno))
            }
            bytes += chunk[..<count]
            if bytes.count > maximumBytes { throw .tooLarge(limit: maximumBytes) }
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

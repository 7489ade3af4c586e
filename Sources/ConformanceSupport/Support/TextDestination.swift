import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path a text file is written to (a report, a baseline, a golden) without destroying what is there.
///
/// `String.write(toFile:atomically:)` renames a temporary file over the path, which turns a symlink, a
/// FIFO or a device into a regular file. Here only a regular file, or a path where nothing exists yet, is
/// replaced atomically (a temporary file in the same folder, renamed over it, keeping the old file's
/// permissions). Anything else that exists is written through: a symlink to a regular file replaces its
/// target (never the link), and a FIFO, a character device (`/dev/stdout`, `/dev/null`) or anything
/// reached under `/dev/` or `/proc/` (`/proc/self/fd/1`) is opened and written to, never renamed over,
/// appending to a regular file it leads to. `-` is standard output. A folder is refused.
package struct TextDestination: Sendable, CustomStringConvertible {
    /// Why a destination cannot be written: the path and the reason, in one sentence.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// What is wrong, naming the path.
        package let message: String

        /// The message.
        package var description: String { message }
    }

    /// How the text will reach the path.
    private enum Method {
        /// Standard output, after what was printed to it.
        case standardOutput
        /// A temporary file renamed over `path`, with `mode` (nil: a new file, the umask's permissions).
        case replace(path: String, mode: mode_t?)
        /// Opened and written to; `flags` add to `O_WRONLY`.
        case through(path: String, flags: Int32)
    }

    /// The path as given.
    package let path: String
    /// Whether `-` means standard output (reports) rather than a file named `-` (baselines, goldens).
    package let dashIsStandardOutput: Bool

    /// A destination.
    /// - Parameters:
    ///   - path: Where to write; relative paths are resolved against the current directory.
    ///   - dashIsStandardOutput: Whether `-` is standard output; true by default.
    package init(path: String, dashIsStandardOutput: Bool = true) {
        self.path = path
        self.dashIsStandardOutput = dashIsStandardOutput
    }

    /// Whether the text goes to standard output.
    package var isStandardOutput: Bool { dashIsStandardOutput && path == "-" }

    /// The path, or `standard output` for `-`.
    package var description: String { isStandardOutput ? "standard output" : path }

    /// Checks, without writing or opening anything, that the destination can be written: a folder where a
    /// new file would go exists and is writable, and the path is not a folder. A FIFO is not opened (that
    /// would wait for a reader), so a FIFO nobody reads makes `write` wait.
    /// - Throws: `Failure` naming the path and the problem.
    package func check() throws(Failure) {
        _ = try method()
    }

    /// Writes `text` as UTF-8, creating, replacing or writing through as the type comment says.
    /// - Parameter text: The whole content.
    /// - Throws: `Failure` naming the path and the system's reason; a file replaced atomically is left
    ///   as it was.
    package func write(_ text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        switch try method() {
        case .standardOutput:
            // What `print` buffered comes first.
            fflush(nil)
            try writeAll(bytes, to: STDOUT_FILENO, what: "standard output")
        case .replace(let target, let mode):
            try replace(target, with: bytes, mode: mode)
        case .through(let target, let flags):
            let descriptor = open(target, O_WRONLY | O_CLOEXEC | flags, 0o666)
            guard descriptor >= 0 else { throw failure("cannot open \(target)") }
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, what: target)
        }
    }

    /// How to write the path, decided from what is there now.
    private func method() throws(Failure) -> Method {
        if isStandardOutput { return .standardOutput }
        guard !path.isEmpty else { throw Failure(message: "an empty path is not a file") }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw failure("cannot examine \(path)") }
            try checkFolder(of: path)
            return .replace(path: path, mode: nil)
        }
        // Names under /dev and /proc are streams or views of open files: never rename over them.
        let pseudo = path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
        var target = link
        if link.st_mode & S_IFMT == S_IFLNK {
            guard stat(path, &target) == 0 else {
                // A dangling link: opening it creates its target, and the link stays.
                guard errno == ENOENT else { throw failure("cannot follow the symlink \(path)") }
                return .through(path: path, flags: O_CREAT | O_TRUNC)
            }
        }
        switch target.st_mode & S_IFMT {
        case S_IFDIR:
            throw Failure(message: "\(path) is a folder; give a file path")
        case S_IFREG where !pseudo:
            let real = link.st_mode & S_IFMT == S_IFLNK ? realPath(path) : path
            if isWritableFolder(Self.folder(of: real)) { return .replace(path: real, mode: target.st_mode & 0o7777) }
            // Without a writable folder there is no atomic replacement; the file itself may still be writable.
            guard access(real, W_OK) == 0 else { throw failure("cannot write \(path)") }
            return .through(path: real, flags: O_TRUNC)
        default:
            guard access(path, W_OK) == 0 else { throw failure("cannot write \(path)") }
            return .through(path: path, flags: O_APPEND)
        }
    }

    /// Writes a temporary file next to `target` and renames it over `target`.
    private func replace(_ target: String, with bytes: [UInt8], mode: mode_t?) throws(Failure) {
        let folder = Self.folder(of: target)
        let name = (target as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(
            ".\(name).\(getpid())-\(UInt32.random(in: 0 ... .max)).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure("cannot create a file in \(folder) to replace \(path) with") }
        do throws(Failure) {
            if let mode { fchmod(descriptor, mode) }
            try writeAll(bytes, to: descriptor, what: temporary)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let problem = failure("cannot write \(temporary)")
            unlink(temporary)
            throw problem
        }
        guard rename(temporary, target) == 0 else {
            let problem = failure("cannot rename \(temporary) to \(target)")
            unlink(temporary)
            throw problem
        }
    }

    /// Writes every byte, through interrupted and partial writes and a non-blocking descriptor.
    private func writeAll(_ bytes: [UInt8], to descriptor: Int32, what: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            default: throw failure("cannot write \(what)")
            }
        }
    }

    /// Throws unless the folder a new file at `file` would go in exists and is writable.
    private func checkFolder(of file: String) throws(Failure) {
        let folder = Self.folder(of: file)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            guard errno == ENOENT else { throw failure("cannot write \(path): cannot reach its folder \(folder)") }
            throw Failure(message: "cannot write \(path): its folder \(folder) does not exist")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(message: "cannot write \(path): \(folder) is not a folder")
        }
        guard isWritableFolder(folder) else {
            throw Failure(message: "cannot write \(path): its folder \(folder) is not writable")
        }
    }

    private func isWritableFolder(_ folder: String) -> Bool { access(folder, W_OK | X_OK) == 0 }

    /// `path` with every symlink resolved, or `path` when that fails.
    private func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder holding `file` (`.` for a bare name).
    private static func folder(of file: String) -> String {
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// A failure saying `what`, with the system's reason from `errno`.
    private func failure(_ what: String) -> Failure {
        Failure(message: "\(what): \(String(cString: strerror(errno)))")
    }
}

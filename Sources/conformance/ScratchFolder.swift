import ConformanceKit
import Foundation

/// A folder of the command's own under the temporary directory, for files that live as long as the
/// command: an unpredictable name (`mkdtemp`), mode 0700, never one that existed before, and removed on
/// every way out: `remove()` on the main flow's, `removeAll()` when a signal ends the command
/// (`VerbFinisher`). Only a SIGKILL leaves one behind.
final class ScratchFolder: Sendable {
    /// The folder.
    let url: URL

    private static let live = LockedValue<[String: ScratchFolder]>([:])

    /// Creates `<temporary directory>/<prefix>XXXXXX`.
    /// - Throws: `CocoaError` when the folder cannot be created, with the reason.
    init(prefix: String) throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent(prefix + "XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = bytes.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) else {
            let reason = String(cString: strerror(errno))
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "cannot create a scratch folder \(template): \(reason)"])
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        Self.live.withLock { $0[url.path] = self }
    }

    /// A file's path in the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes the folder and what it holds.
    func remove() {
        Self.live.withLock { $0[url.path] = nil }
        try? FileManager.default.removeItem(at: url)
    }

    /// Removes every folder not removed yet: for a command that exits without returning.
    static func removeAll() {
        let folders = live.withLock { live in
            defer { live = [:] }
            return Array(live.values)
        }
        for folder in folders { try? FileManager.default.removeItem(at: folder.url) }
    }
}

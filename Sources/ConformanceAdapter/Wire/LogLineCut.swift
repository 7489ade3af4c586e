/// How a native log line longer than the limit is kept (ADP-18.b): its first and last half, each ending
/// or starting on a whole UTF-8 sequence, with the number of bytes left out between them. Standard error
/// lines (`LineInbox`) and `log` effects (`NativeLogBudget`) are cut alike.
package enum LogLineCut {
    /// What stands between the head and the tail of a cut line.
    /// - Parameters:
    ///   - leftOut: The bytes left out.
    ///   - limit: The line limit in bytes.
    package static func marker(leftOut: Int, limit: Int) -> String {
        " [... \(leftOut) bytes of this line left out: a line keeps its first and last \(limit / 2 / 1024) KiB (ADP-18) ...] "
    }

    /// `line`, cut to its first and last `limit / 2` bytes when it is longer than `limit` bytes.
    package static func cut(_ line: String, limit: Int) -> String {
        let bytes = line.utf8
        guard bytes.count > limit else { return line }
        let all = Array(bytes)
        let headEnd = boundary(before: limit / 2, in: all)
        let tailStart = boundary(after: all.count - limit / 2, in: all)
        return String(decoding: all[..<headEnd], as: UTF8.self) + marker(leftOut: tailStart - headEnd, limit: limit)
            + String(decoding: all[tailStart...], as: UTF8.self)
    }

    /// The last index at or before `index` where a UTF-8 sequence begins (or the end); `index` itself
    /// when the bytes before it are not UTF-8.
    package static func boundary(before index: Int, in bytes: [UInt8]) -> Int {
        var candidate = min(index, bytes.count)
        for _ in 0..<4 {
            if candidate == bytes.count || !isContinuation(bytes[candidate]) { return candidate }
            guard candidate > 0 else { break }
            candidate -= 1
        }
        return min(index, bytes.count)
    }

    /// The first index at or after `index` where a UTF-8 sequence begins (or the end); `index` itself
    /// when the bytes after it are not UTF-8.
    package static func boundary(after index: Int, in bytes: [UInt8]) -> Int {
        var candidate = max(0, index)
        for _ in 0..<4 {
            if candidate >= bytes.count || !isContinuation(bytes[candidate]) { return min(candidate, bytes.count) }
            candidate += 1
        }
        return max(0, index)
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}

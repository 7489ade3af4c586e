import Foundation

/// A value behind a lock, for the few caches and flags the harness shares across threads (Swift's
/// `Mutex` needs macOS 15; the kit supports macOS 13).
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the box.
    /// - Parameter value: The initial value.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock.
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

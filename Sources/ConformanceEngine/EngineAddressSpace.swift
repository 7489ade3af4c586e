import ConformanceSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether JavaScriptCore can start under the process's address-space limit (`ulimit -v`, `RLIMIT_AS`).
///
/// JavaScriptCore reserves gigabytes of address space (not memory) when the first context group of a
/// process is created; under a lower limit it aborts the whole process with a register dump. The harness
/// probes first and reports the limit it needs as a harness error instead.
package enum EngineAddressSpace {
    /// The address space JavaScriptCore needs when it starts, with a margin. Without a limit it reserves
    /// about 70 GiB and falls back to less under one; measured on x86_64 Linux with WebKitGTK's
    /// JavaScriptCore 4.1, it starts under `ulimit -v` 6,000,000 KiB and aborts under 5,990,000 KiB, with
    /// about 0.2 GiB mapped before it: 5.5 GiB, and 128 MiB for the variation between runs.
    package static let reservation: UInt64 = 5 << 30 + 640 << 20

    /// The process's soft address-space limit in bytes; nil when there is none.
    package static func currentLimit() -> UInt64? {
        var limit = rlimit()
        // RLIM_INFINITY is all ones on Linux and 2^63 - 1 on Apple platforms.
        guard getrlimit(resourceKind, &limit) == 0, limit.rlim_cur < rlim_t(Int64.max) else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// Checks, before the engine first starts in this process, that it can reserve its address space.
    /// - Throws: `HarnessError` (`engineFailure`) saying the current limit and the limit needed.
    @MainActor
    package static func check() throws(HarnessError) {
        guard !ScriptRuntime.hasStarted, let limit = currentLimit(), !canReserve(reservation) else { return }
        throw problem(limit: limit, inUse: mappedBytes())
    }

    /// The error for a limit too low to start the engine.
    /// - Parameters:
    ///   - limit: The soft limit, in bytes.
    ///   - inUse: The address space the process has mapped, when known.
    /// - Returns: A harness error naming `ulimit -v`, the current limit and the one needed, in KiB as
    ///   `ulimit -v` takes them.
    package static func problem(limit: UInt64, inUse: UInt64?) -> HarnessError {
        let quantum: UInt64 = 256 << 20
        let needed = ((inUse ?? 1 << 30) + reservation + quantum - 1) / quantum * quantum
        return HarnessError(
            code: .engineFailure,
            message: """
                the address-space limit (ulimit -v, RLIMIT_AS) is \(limit / 1024) KiB (\(gibibytes(limit))), too low for JavaScriptCore, \
                which needs about \(gibibytes(reservation)) of address space (not memory) to start and aborts the process \
                below that. Raise the limit to at least \(needed / 1024) KiB (\(gibibytes(needed))): `ulimit -v \(needed / 1024)` or \
                `ulimit -v unlimited`.
                """)
    }

    /// Whether `bytes` of address space can still be reserved (reserved and released at once, no memory).
    private static func canReserve(_ bytes: UInt64) -> Bool {
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #else
            let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let region = mmap(nil, Int(bytes), PROT_NONE, flags, -1, 0),
            region != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            return false
        }
        munmap(region, Int(bytes))
        return true
    }

    /// The address space the process has mapped (`VmSize`), on Linux; nil elsewhere.
    private static func mappedBytes() -> UInt64? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }),
            let kibibytes = UInt64(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kibibytes * 1024
    }

    private static func gibibytes(_ bytes: UInt64) -> String {
        String(format: "%.1f GiB", Double(bytes) / Double(1 << 30))
    }

    #if os(Linux)
        private static let resourceKind = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
        private static let resourceKind = RLIMIT_AS
    #endif
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the kit's child process groups when the process that started them dies without ending them: a
/// SIGKILL, a crash, an abort. Linux has no parent-death signal for a whole group, and `PR_SET_PDEATHSIG`
/// fires when the spawning *thread* ends, which a dispatch thread does whenever it idles.
///
/// So the first group watched starts one watchdog per process: `/bin/sh` in a group of its own, ignoring
/// the terminal's signals, reading a socket whose other end only this process holds. `watch(_:)` tells it
/// `+GROUP`, `unwatch(_:)` `-GROUP` (before the group's leader is reaped, so a number it kills is never
/// reused); when the socket ends, because this process is gone, it kills every group still listed and
/// exits. A process that ends its groups itself leaves the watchdog nothing to do.
package enum ProcessGroupWatchdog {
    /// The watchdog: keeps a set of groups from its input, kills them at its end. No fork per line.
    static let script = """
        trap '' INT TERM HUP QUIT
        groups=' '
        while IFS= read -r line; do
          case $line in
            +*) groups="$groups${line#+} " ;;
            -*) g=${line#-}; case $groups in *" $g "*) groups="${groups%% $g *} ${groups#* $g }" ;; esac ;;
          esac
        done
        for g in $groups; do kill -9 "-$g" 2>/dev/null; done
        """

    private static let lock = NSLock()
    /// The socket to the watchdog; nil before the first group, or when it could not start.
    nonisolated(unsafe) private static var socket: Int32?
    nonisolated(unsafe) private static var started = false
    /// The watchdog's process identifier, for tests.
    nonisolated(unsafe) private static var watchdogProcess: pid_t?

    /// Lists `group` with the watchdog, starting it the first time.
    package static func watch(_ group: pid_t) { tell("+\(group)\n") }

    /// Takes `group` off the watchdog's list: its owner has killed it and reaps its leader next.
    package static func unwatch(_ group: pid_t) { tell("-\(group)\n") }

    /// The watchdog's process identifier, once it runs.
    package static var processIdentifier: pid_t? {
        lock.lock()
        defer { lock.unlock() }
        return watchdogProcess
    }

    private static func tell(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        if !started {
            started = true
            socket = start()
        }
        guard let socket else { return }
        let bytes = Array(line.utf8)
        #if canImport(Darwin)
            let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, flags) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }  // the watchdog is gone: nothing more to tell
            sent += count
        }
    }

    /// Starts the watchdog; returns this process's end of its socket, close-on-exec.
    private static func start() -> Int32? {
        var ends: [Int32] = [-1, -1]
        #if canImport(Darwin)
            let type = SOCK_STREAM
        #else
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #endif
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return nil }
        let (ours, theirs) = (ends[0], ends[1])
        #if canImport(Darwin)
            _ = fcntl(ours, F_SETFD, FD_CLOEXEC)
            _ = fcntl(theirs, F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            _ = setsockopt(ours, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            _ = close(theirs)
            if null >= 0 { _ = close(null) }
        }
        let output = null >= 0 ? null : theirs
        let (pid, code) = ChildProcessSpawn.spawn(
            ["/bin/sh", "-c", script], ["PATH=/usr/bin:/bin"], standardStreams: [theirs, output, output])
        guard code == 0 else {
            _ = close(ours)
            return nil
        }
        watchdogProcess = pid
        return ours
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a child process the way every process the kit starts is started: `posix_spawn` into a process
/// group of its own, with chosen standard streams, every other descriptor closed, and the signal mask and
/// dispositions reset.
///
/// Foundation's `Process` chooses neither the group nor the inherited descriptors, and cannot be told to
/// leave a child unreaped (`TesteeProcess`); testees, `compare`'s runs and the group watchdog all start here.
package enum ChildProcessSpawn {
    /// The signals whose disposition a child gets back as default: the kit ignores or watches them.
    private static let resetSignals: [Int32] = [
        SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM, SIGTTIN, SIGTTOU, SIGTSTP,
    ]

    /// Starts `executable` with `arguments` (the first is its name) in a new process group, with
    /// `standardStreams` as descriptors 0, 1 and 2 and every other descriptor closed.
    /// - Returns: The process identifier (also its group's) and 0, or 0 and an `errno` value.
    package static func spawn(
        _ arguments: [String], _ environment: [String], standardStreams: [Int32], executable: String = "/bin/sh"
    ) -> (pid_t, Int32) {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (target, source) in standardStreams.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
        }
        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)  // the duplicated standard streams stay open
        #else
            // The kit's own descriptors are close-on-exec; this also closes those other code in the process
            // opened without the flag (a child must not keep another child's pipe open).
            if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in resetSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return (code == 0 ? pid : 0, code)
    }

    /// A pipe whose two ends are close-on-exec.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            if let pipe2 = Self.pipe2 {
                guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
                return (ends[0], ends[1])
            }
        #endif
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    #if canImport(Glibc)
        // glibc's GNU extensions, which Swift does not import (they need _GNU_SOURCE): looked up once.
        private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        private static let pipe2: Pipe2? = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
        private static let closeFrom: CloseFrom? =
            dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }
    #endif
}

import ConformanceAdapter
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A testee process, `/bin/sh -c 'exec <command>'`, in a process group of its own (ADP-1), with pipes
/// for its standard streams.
///
/// Foundation's `Process` can neither start a process group nor tell a process's exit from its
/// output's end, so the process is started with `posix_spawn` (`POSIX_SPAWN_SETPGROUP`), listed in
/// `TesteeProcessGroups`, and watched by a thread that waits for its exit without reaping it
/// (`waitid(WNOWAIT)`): the leader stays a zombie, holding the group's number, until `end(within:)` has
/// killed the whole group, so the kill can never reach a group that reused the number. The exit makes
/// `exitNotice` readable; readers poll it beside their pipe, so that a descendant that inherited the pipe
/// and keeps it open cannot turn an exit into silence.
///
/// On Linux the harness becomes the reaper of its testees' orphaned descendants
/// (`PR_SET_CHILD_SUBREAPER`), so the members of a group it kills are reaped by it rather than left as
/// zombies under an init that does not reap (as in many containers).
package final class TesteeProcess: @unchecked Sendable {
    /// How the process ended, as `waitpid` tells it.
    enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
    }

    /// The process identifier, which is also its group's.
    let processIdentifier: pid_t
    /// The write end of its standard input.
    let input: Int32
    /// The read end of its standard output.
    let output: Int32
    /// The read end of its standard error.
    let errorOutput: Int32
    /// Readable, for good, once the process has exited.
    let exitNotice: Int32
    private let exitNoticeWriter: Int32

    private let lock = NSLock()
    private var termination: Termination?
    private var ended = false
    private var inputClosed = false
    private var descriptorsClosed = false

    /// Starts `command` in a process group of its own.
    /// - Parameters:
    ///   - command: A shell command line; `exec` is prefixed so the testee replaces the shell.
    ///   - environment: The process's environment.
    /// - Throws: `AdapterFailure` (launch failed) when the shell cannot be started.
    init(command: String, environment: [String: String]) throws(AdapterFailure) {
        _ = Self.becomeSubreaper
        func failure(_ what: String, _ code: Int32) -> AdapterFailure {
            AdapterFailure(
                kind: .launchFailed,
                message: "cannot start the adapter command `\(command)`: \(what): \(String(cString: strerror(code)))")
        }
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<4 {
            guard let pipe = ChildProcessSpawn.makePipe() else {
                let code = errno
                for pipe in pipes { _ = close(pipe.read); _ = close(pipe.write) }
                throw failure("no pipe", code)
            }
            pipes.append(pipe)
        }
        let (stdin, stdout, stderr, notice) = (pipes[0], pipes[1], pipes[2], pipes[3])
        let arguments = ["/bin/sh", "-c", "exec " + command]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        let pid: pid_t
        do {
            pid = try TesteeProcessGroups.register { () throws(AdapterFailure) -> pid_t in
                let (pid, code) = ChildProcessSpawn.spawn(
                    arguments, variables, standardStreams: [stdin.read, stdout.write, stderr.write])
                guard code == 0 else { throw failure("posix_spawn failed", code) }
                return pid
            }
        } catch {
            for pipe in pipes { _ = close(pipe.read); _ = close(pipe.write) }
            throw error
        }
        // The child has its own copies; closing ours lets end of file arrive when the group is gone.
        _ = close(stdin.read)
        _ = close(stdout.write)
        _ = close(stderr.write)
        processIdentifier = pid
        input = stdin.write
        output = stdout.read
        errorOutput = stderr.read
        exitNotice = notice.read
        exitNoticeWriter = notice.write
        // The watcher holds no reference to the object, which may go (and end the process) at any time.
        let writer = notice.write
        let watcher = Thread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            var byte: UInt8 = 1
            _ = write(writer, &byte, 1)
        }
        watcher.name = "testee \(pid) exit"
        watcher.stackSize = 256 * 1024
        watcher.start()
    }

    deinit {
        end(within: 5)
        closeDescriptors(keepingStandardError: false)
    }

    /// Whether the process has exited (it may not be reaped yet).
    var hasExited: Bool { waitForExit(timeout: 0) }

    /// Waits until the process has exited, at most `timeout` seconds.
    /// - Returns: Whether it has.
    func waitForExit(timeout: Double) -> Bool {
        var request = pollfd(fd: exitNotice, events: Int16(POLLIN), revents: 0)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let remaining = max(0, deadline.timeIntervalSinceNow)
            let ready = poll(&request, 1, Int32((remaining * 1000).rounded(.up)))
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    /// Closes its standard input: a well-behaved testee exits at end of file.
    func closeInput() {
        lock.lock()
        defer { lock.unlock() }
        guard !inputClosed else { return }
        inputClosed = true
        _ = close(input)
    }

    /// Ends the process group: closes standard input, kills every process of the group (SIGKILL to the
    /// group), waits at most `seconds` for the leader to exit, then reaps it and, where the harness is
    /// their reaper, the other members. Does nothing more after the first call.
    /// - Returns: How the leader ended; nil when it did not exit in time (it is then left unreaped).
    @discardableResult
    func end(within seconds: Double = 5) -> Termination? {
        closeInput()
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return termination }
        ended = true
        TesteeProcessGroups.end(processIdentifier)
        guard waitForExit(timeout: seconds) else { return nil }
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
        termination = Self.termination(status)
        Self.reapMembers(of: processIdentifier, within: 1)
        return termination
    }

    /// How the leader ended, once `end(within:)` reaped it.
    var endedAs: Termination? {
        lock.lock()
        defer { lock.unlock() }
        return termination
    }

    /// Closes the descriptors the harness holds: standard input's write end, the read ends of standard
    /// output and (unless a reader may still use it, with the exit notice) standard error.
    /// - Parameter keepingStandardError: Whether to leave standard error's read end and the exit notice
    ///   open, because a reader thread still polls them.
    func closeDescriptors(keepingStandardError: Bool) {
        closeInput()
        lock.lock()
        defer { lock.unlock() }
        guard !descriptorsClosed else { return }
        descriptorsClosed = true
        _ = close(output)
        // The watcher writes to the notice once the process has exited; not before that.
        guard ended && termination != nil else { return }
        _ = close(exitNoticeWriter)
        if !keepingStandardError {
            _ = close(errorOutput)
            _ = close(exitNotice)
        }
    }

    /// The descriptors the harness holds for the process.
    var descriptors: [Int32] { [input, output, errorOutput, exitNotice, exitNoticeWriter] }

    // MARK: Starting

    private static func termination(_ status: Int32) -> Termination {
        // WIFEXITED / WTERMSIG, which Swift does not import as functions on every platform.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Reaps the members of `group` that are the harness's children (orphans it adopted as subreaper).
    private static func reapMembers(of group: pid_t, within seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let reaped = waitpid(-group, &status, WNOHANG)
            if reaped > 0 || (reaped < 0 && errno == EINTR) { continue }
            if reaped < 0 { return }  // ECHILD: none left
            usleep(1000)
        }
    }

    #if canImport(Glibc)
        /// `prctl` is variadic; its integer arguments pass as fixed ones on Linux's calling conventions.
        private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

        /// Makes the harness the reaper of its testees' orphaned descendants, once.
        private static let becomeSubreaper: Void = {
            let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER
            if let prctl = dlsym(nil, "prctl").map({ unsafeBitCast($0, to: Prctl.self) }) {
                _ = prctl(setChildSubreaper, 1, 0, 0, 0)
            }
        }()
    #else
        private static let becomeSubreaper: Void = ()
    #endif
}

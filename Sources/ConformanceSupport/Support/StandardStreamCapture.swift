import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Captures the process's standard output and standard error (descriptors 1 and 2) while one in-process
/// case runs, for implementations that log with `print`, `debugPrint` or `NSLog` (`LogsToStandardStreams`).
///
/// Both descriptors are pointed (`dup2`) at one pipe, so lines keep the order they were written in. A
/// reader thread empties the pipe as it fills, so a chatty implementation never blocks, and writes
/// every byte on to the real standard error at once: nothing the process writes is lost or swallowed,
/// the test runner's own output included. Lines become native log lines only at `drain()`, which first
/// flushes C's buffers and then reads what is left in the pipe: every line the main thread wrote before
/// the call is recorded by it, in order, whatever the reader thread's timing, so transcripts are the same
/// from run to run. A crash signal while capturing (a trap, `abort`) first puts the real descriptors back
/// and copies what is still in the pipe there, so the runtime's `Fatal error` line still reaches the
/// terminal; then the signal's previous handler runs.
///
/// Captures run one at a time: a second `start` waits until the first has stopped.
@MainActor
package final class StandardStreamCapture {
    private static var active: StandardStreamCapture?
    private static var waiting: [CheckedContinuation<Void, Never>] = []

    private let owner: ObjectIdentifier
    private let record: @MainActor (String) -> Void
    private let reader: CapturedPipe
    private let savedOutput: Int32
    private let savedError: Int32
    private var stopped = false

    /// Starts capturing once no other capture runs.
    /// - Parameters:
    ///   - owner: What the capture belongs to (the case's browser); `drain(for:)` names it.
    ///   - record: Called on the main actor with each complete line, `CapturedLogLine.normalized`.
    /// - Returns: The running capture, or nil when the descriptors could not be redirected (nothing is
    ///   captured then; the process's output is unchanged).
    package static func start(for owner: AnyObject, recording record: @escaping @MainActor (String) -> Void) async
        -> StandardStreamCapture?
    {
        while active != nil {
            await withCheckedContinuation { waiting.append($0) }
        }
        guard let capture = StandardStreamCapture(owner: ObjectIdentifier(owner), record: record) else { return nil }
        active = capture
        return capture
    }

    /// Records the lines written so far by the capture that belongs to `owner`, if one runs; for code that
    /// reads native log lines in the middle of a case (the LOG checks).
    package static func drain(for owner: AnyObject) {
        guard let active, active.owner == ObjectIdentifier(owner) else { return }
        active.drain()
    }

    private init?(owner: ObjectIdentifier, record: @escaping @MainActor (String) -> Void) {
        fflush(nil)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let savedOutput = dup(STDOUT_FILENO), savedError = dup(STDERR_FILENO), tee = dup(STDERR_FILENO)
        guard savedOutput >= 0, savedError >= 0, tee >= 0 else {
            for descriptor in ends + [savedOutput, savedError, tee] where descriptor >= 0 { close(descriptor) }
            return nil
        }
        for descriptor in ends + [savedOutput, savedError, tee] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        self.owner = owner
        self.record = record
        self.savedOutput = savedOutput
        self.savedError = savedError
        reader = CapturedPipe(reading: ends[0], teeingTo: tee)
        CrashFlush.install(pipe: ends[0], output: savedOutput, error: savedError)
        dup2(ends[1], STDOUT_FILENO)
        dup2(ends[1], STDERR_FILENO)
        close(ends[1])
        reader.startThread()
    }

    /// Records every complete line written so far as a native log line.
    package func drain() {
        guard !stopped else { return }
        fflush(nil)
        for line in reader.takeLines(includingUnterminated: false) { record(CapturedLogLine.normalized(line)) }
    }

    /// Records what is left (a last line without a line feed included) and puts the real standard output
    /// and standard error back; the next waiting capture may start.
    package func stop() {
        guard !stopped else { return }
        fflush(nil)
        for line in reader.takeLines(includingUnterminated: true) { record(CapturedLogLine.normalized(line)) }
        stopped = true
        dup2(savedOutput, STDOUT_FILENO)
        dup2(savedError, STDERR_FILENO)
        CrashFlush.uninstall()
        close(savedOutput)
        close(savedError)
        // The pipe's write end is closed now: the reader copies what other threads still wrote, then ends.
        Self.active = nil
        if !Self.waiting.isEmpty { Self.waiting.removeFirst().resume() }
    }
}

/// The read end of the capture pipe and its reader thread.
private final class CapturedPipe: @unchecked Sendable {
    private let lock = NSLock()
    private let descriptor: Int32
    private let tee: Int32
    private var pending: [UInt8] = []
    private var lines: [String] = []
    private var ended = false

    init(reading descriptor: Int32, teeingTo tee: Int32) {
        self.descriptor = descriptor
        self.tee = tee
    }

    /// Starts the thread that empties the pipe until end of file, then closes both descriptors.
    func startThread() {
        let thread = Thread { [self] in
            while true {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, -1) < 0 && errno != EINTR { break }
                if !pump() { break }
            }
            lock.lock()
            ended = true
            close(descriptor)
            close(tee)
            lock.unlock()
        }
        thread.name = "standard stream capture"
        thread.start()
    }

    /// The complete lines read so far (after reading what is in the pipe now), and with
    /// `includingUnterminated` the text after the last line feed too.
    func takeLines(includingUnterminated: Bool) -> [String] {
        _ = pump()
        lock.lock()
        defer { lock.unlock() }
        var taken = lines
        lines = []
        if includingUnterminated, !pending.isEmpty {
            taken.append(String(decoding: pending, as: UTF8.self))
            pending = []
        }
        return taken
    }

    /// Reads everything the pipe holds now, copying it to the tee; false at end of file.
    private func pump() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return false }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK }
            if count == 0 { return false }
            chunk.withUnsafeBytes { bytes in
                var offset = 0
                while offset < count {
                    let written = write(tee, bytes.baseAddress! + offset, count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { break }
                    offset += written
                }
            }
            for byte in chunk[0..<count] {
                if byte == 0x0A {
                    lines.append(String(decoding: pending, as: UTF8.self))
                    pending.removeAll(keepingCapacity: true)
                } else {
                    pending.append(byte)
                }
            }
        }
    }
}

/// The crash-signal handlers of a running capture: they restore the real descriptors and copy what is
/// left in the pipe to standard error, so a trap's message is not lost with the process.
private enum CrashFlush {
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    nonisolated(unsafe) static var pipe: Int32 = -1
    nonisolated(unsafe) static var output: Int32 = -1
    nonisolated(unsafe) static var error: Int32 = -1
    nonisolated(unsafe) static let buffer = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)

    static func install(pipe: Int32, output: Int32, error: Int32) {
        _ = buffer
        self.pipe = pipe
        self.output = output
        self.error = error
        var action = sigaction()
        #if os(Linux)
            action.__sigaction_handler.sa_handler = { signal in CrashFlush.handle(signal) }
        #else
            action.__sigaction_u.__sa_handler = { signal in CrashFlush.handle(signal) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in signals { sigaction(signal, &action, previous + Int(signal)) }
    }

    static func uninstall() {
        for signal in signals { sigaction(signal, previous + Int(signal), nil) }
        pipe = -1
    }

    /// Async-signal-safe: `dup2`, `read`, `write`, `sigaction` and `raise` only.
    static func handle(_ signal: Int32) {
        if pipe >= 0 {
            dup2(output, STDOUT_FILENO)
            dup2(error, STDERR_FILENO)
            while true {
                let count = read(pipe, buffer, 4096)
                guard count > 0 else { break }
                _ = write(error, buffer, count)
            }
            pipe = -1
        }
        sigaction(signal, previous + Int(signal), nil)
        // A fault happens again when the handler returns; a sent signal (abort) is sent again.
        if signal == SIGABRT { raise(signal) }
    }
}

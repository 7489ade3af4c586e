import Foundation
import Testing

@testable import ConformanceBrowser

/// The watchdog does not count the time a testee waited for a CPU (ADP-14): the reading it extends the
/// wait by grows for a process that a loaded CPU keeps from running, and is zero where there is nothing to read.
@Suite("Testee starvation: time spent waiting for a CPU is read from the scheduler")
struct TesteeStarvationTests {
    #if os(Linux)
        @Test("a process sharing one CPU with busy ones is seen waiting for it")
        func starvedProcessIsSeen() throws {
            // Two spinning processes on one CPU, and a worker there that waits for a line, does a fixed amount of
            // work, says so, then waits on its input again: while it worked it waited for the CPU whenever a
            // spinner ran.
            let spinners = try (0..<2).map { _ in
                try Self.onCPUZero("while :; do :; done")
            }
            let input = Pipe(), output = Pipe()
            let worker = try Self.onCPUZero(
                "read go; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo done; read line",
                input: input, output: output)
            defer {
                // SIGKILL: a shell may have inherited SIGTERM ignored from the test process.
                for process in spinners + [worker] { kill(process.processIdentifier, SIGKILL) }
                for process in spinners + [worker] { process.waitUntilExit() }
            }
            // The reading counts from here, then the work starts.
            let starvation = TesteeStarvation(processIdentifier: worker.processIdentifier)
            input.fileHandleForWriting.write(Data("go\n".utf8))
            // The event waited for: the worker's line, once its work is done (it then blocks on its input).
            let said = output.fileHandleForReading.availableData
            #expect(String(decoding: said, as: UTF8.self) == "done\n")
            #expect(starvation.seconds > 0)
        }

        /// Starts `script` in a shell pinned to CPU 0.
        private static func onCPUZero(_ script: String, input: Pipe? = nil, output: Pipe? = nil) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
            process.arguments = ["-c", "0", "/bin/sh", "-c", script]
            if let input { process.standardInput = input }
            if let output { process.standardOutput = output }
            try process.run()
            return process
        }
    #endif

    @Test("a process that does not exist reads zero: the watchdog is then plain wall-clock time")
    func missingProcessReadsZero() {
        #expect(TesteeStarvation(processIdentifier: Int32.max).seconds == 0)
    }
}

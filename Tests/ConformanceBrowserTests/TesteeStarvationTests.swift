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
            // Three spinning processes on one CPU: each waits for it while another runs.
            let spinners = try (0..<3).map { _ in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
                process.arguments = ["-c", "0", "/bin/sh", "-c", "while :; do :; done"]
                try process.run()
                return process
            }
            defer {
                // SIGKILL: a shell may have inherited SIGTERM ignored from the test process.
                for spinner in spinners { kill(spinner.processIdentifier, SIGKILL) }
                for spinner in spinners { spinner.waitUntilExit() }
            }
            let starvation = TesteeStarvation(processIdentifier: spinners[2].processIdentifier)
            // The event waited for is the reading growing; the test's own time limit bounds the wait.
            while starvation.seconds == 0 { usleep(10_000) }
            #expect(starvation.seconds > 0)
        }
    #endif

    @Test("a process that does not exist reads zero: the watchdog is then plain wall-clock time")
    func missingProcessReadsZero() {
        #expect(TesteeStarvation(processIdentifier: Int32.max).seconds == 0)
    }
}

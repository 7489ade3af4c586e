import ConformanceKit
import Foundation
import Testing

/// A port that hops with `Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }`, run in process
/// with the main actor off the main thread, as swift-testing on Linux runs `@MainActor` tests.
@Suite("In-process runs with the main actor off the main thread")
struct InProcessThreadingTests {
    #if os(Linux)
        @Test(
            "a port whose main-thread hop traps there gets a note saying why and what to do, before the runtime's report"
        )
        func mainSyncPortTrapsWithANote() async throws {
            let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            let (trapped, errorOutput) = try await CLITests.onOwnThread {
                let process = Process()
                process.executableURL = buildFolder.appendingPathComponent("conformance-testees")
                process.arguments = ["main-sync-port-off-main"]
                var environment = ProcessInfo.processInfo.environment
                environment["SWIFT_BACKTRACE"] = "enable=no"
                process.environment = environment
                let errorPipe = Pipe()
                process.standardError = errorPipe
                process.standardOutput = Pipe()
                try process.run()
                let errorOutput = String(
                    decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return (process.terminationReason == .uncaughtSignal, errorOutput)
            }
            #expect(trapped, "the port traps: DispatchQueue.main.sync from the main queue")
            #expect(
                errorOutput.contains(
                    "conformance: the process trapped while case messages.js-to-native.data-forms ran your bridge in process"
                ), "\(errorOutput)")
            #expect(errorOutput.contains("Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }"))
            #expect(errorOutput.contains("ConformanceXCTest.assertConformance"))
        }
    #endif
}

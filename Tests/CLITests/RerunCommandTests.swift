import Foundation
import Testing

/// The commands `conformance` prints (`rerun:`, smoke's next step) work as printed from the user's checkout.
@Suite("Printed commands")
struct RerunCommandTests {
    static let arguments = ["run", "--adapter", OutOfProcessTests.testee("mutant:no-startup-queue"), "--case", "startup.calls-before-load.delivered-in-order"]

    static func rerunLine(_ output: CLITests.Output) throws -> String {
        let line = try #require(output.standardOutput.split(separator: "\n").first { $0.contains("rerun: ") }, "\(output.standardOutput)")
        return String(line.split(separator: "rerun: ", maxSplits: 1)[1])
    }

    @Test("started directly, the rerun command starts the binary by its real path and, run by a shell from elsewhere, reproduces the failure")
    func directly() async throws {
        let output = try await CLITests.run(Self.arguments)
        #expect(output.status == 1)
        let rerun = try Self.rerunLine(output)
        #expect(rerun.hasPrefix(CLITests.invocation + " run --adapter '"), "\(rerun)")
        #expect(!rerun.hasPrefix("conformance "), "no `conformance` is on PATH")

        let (status, text) = try await CLITests.runInShell(rerun, in: FileManager.default.temporaryDirectory)
        #expect(status == 1, "\(text)")
        #expect(text.hasPrefix("1 cases against \(OutOfProcessTests.testee("mutant:no-startup-queue")): 1 fail"), "\(text)")
    }

    @Test("started by `swift run` in the checkout, the rerun and smoke commands are `swift run conformance …`, naming a build folder other than .build")
    func throughSwiftRun() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .resolvingSymlinksInPath()
        // <scratch>/<triple>/debug/conformance
        let scratch = URL(fileURLWithPath: CLITests.invocation).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scratchWords = scratch.path == root.appendingPathComponent(".build").path ? ""
            : "--scratch-path " + (scratch.path.hasPrefix(root.path + "/") ? String(scratch.path.dropFirst(root.path.count + 1)) : scratch.path) + " "
        let swift = ["_": "/usr/bin/swift"]

        let output = try await CLITests.run(Self.arguments, environment: swift, in: root)
        let rerun = try Self.rerunLine(output)
        #expect(rerun.hasPrefix("swift run \(scratchWords)conformance run --adapter '"), "\(rerun)")
        #expect(rerun.hasSuffix("--case startup.calls-before-load.delivered-in-order"), "\(rerun)")

        let smoke = try await CLITests.run(["smoke", "--adapter", "reference"], environment: swift, in: root)
        #expect(smoke.standardOutput.contains("run `swift run \(scratchWords)conformance run --adapter reference`"), "\(smoke.standardOutput)")

        // Outside any package `swift run` cannot work: the real path is printed.
        let elsewhere = try await CLITests.run(["smoke", "--adapter", "reference"], environment: swift, in: URL(fileURLWithPath: "/"))
        #expect(elsewhere.standardOutput.contains("run `\(CLITests.invocation) run --adapter reference`"), "\(elsewhere.standardOutput)")
    }
}

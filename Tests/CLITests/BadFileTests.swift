import ConformanceKit
import Foundation
import Testing

/// A path given for a file the kit reads that is not a readable text file is named for what it is, with
/// what to do, and the run stops with 78 before any case.
@Suite("Files that are not text files")
struct BadFileTests {
    static let notAFile =
        "is a character device (such as /dev/null, /dev/zero or a terminal), not a file; give the path of a file"

    @Test(
        "--js-side /dev/zero, --baseline /dev/null and --case-file /dev/zero say they are devices; a folder says it is a folder; none speaks of permission or NSCocoaErrorDomain",
        .fullTier
    )
    func devicesAndFoldersSayWhatTheyAre() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], String)] = [
            (["run", "--js-side", "/dev/zero"], "cannot read the JS side /dev/zero: " + Self.notAFile),
            (
                ["explore", "--runs", "1", "--js-side", "/dev/zero"],
                "cannot read the JS side /dev/zero: " + Self.notAFile
            ),
            (["run", "--baseline", "/dev/null"], "/dev/null: " + Self.notAFile),
            (["run", "--case-file", "/dev/zero"], "case file /dev/zero: " + Self.notAFile),
            (
                ["run", "--js-side", folder.path],
                "cannot read the JS side \(folder.path): is a folder, not a file; give the path of a file"
            ),
            (["run", "--baseline", folder.path], "\(folder.path): is a folder, not a file; give the path of a file"),
            (
                ["run", "--case-file", folder.path],
                "case file \(folder.path): is a folder, not a file; give the path of a file"
            ),
        ]
        for (arguments, message) in cases {
            let output = try await CLITests.run(arguments + ["--adapter", "reference"])
            #expect(output.status == 78, "\(arguments): \(output.standardError)")
            #expect(output.standardError.contains(message), "\(arguments): \(output.standardError)")
            #expect(
                !output.standardError.contains("permission") && !output.standardError.contains("NSCocoaErrorDomain"),
                "\(output.standardError)")
            #expect(output.standardOutput.isEmpty, "no case ran: \(output.standardOutput)")
        }
    }

    @Test("a JS side that is not UTF-8 names the first byte that is not; one given through a pipe is read")
    func notUTF8AndPipes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("latin1.js")
        try Data("// caf".utf8 + [0xE9] + "\n".utf8).write(to: latin1)
        let output = try await CLITests.run(["run", "--adapter", "reference", "--js-side", latin1.path])
        #expect(output.status == 78)
        #expect(
            output.standardError.contains(
                "cannot read the JS side \(latin1.path): is not UTF-8 text (byte 6 is not part of a UTF-8 character); save it as UTF-8"
            ),
            "\(output.standardError)")
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/js/WebViewJavascriptBridge.js").path
        let piped = try await CLITests.runInShell(
            "cat \(ShellCommand.quote(reference)) | \(ShellCommand(["\(CLITests.invocation)", "run", "--adapter", "reference", "--js-side", "/dev/stdin", "--case", "ordering.**"]))",
            in: folder)
        #expect(piped.status == 0, "\(piped.standardOutput)")
        #expect(piped.standardOutput.contains(" pass"), "\(piped.standardOutput)")
    }
}

import ConformanceKit
import Foundation

/// A copy of the package in a temporary folder, where a mechanical mutant of one of the reference's Swift sources
/// replaces that source and `reference-testee` (the reference alone, served out of process) is rebuilt: a
/// change there recompiles two small modules and relinks one executable, about a second. The package's own
/// sources are never touched.
package final class NativeMutantWorkspace {
    /// The reference's Swift sources the study mutates, relative to the package: the native core and the glue.
    package static let mutatedSources = [
        "Sources/ReferenceBridge/Core/BridgeCore.swift", "Sources/ReferenceBridge/Core/MessageEscaper.swift",
        "Sources/ReferenceBridge/Core/BridgeURLKind.swift", "Sources/ReferenceBridge/WebViewGlue/ReferenceBridge.swift",
    ]

    /// The folder holding the copy.
    package let folder: URL
    private let originals: [String: String]
    /// The build running now, for a signal that ends the study (`removeOnSignals`).
    private let building: LockedValue<Building>
    private let signalSources: [any DispatchSourceSignal]

    /// The command that starts the testee built from the copy, speaking `dialect` (`canonical` or `wkwvjb`),
    /// evaluating synchronously (UIWebView's way) when `synchronous`.
    package func testeeCommand(dialect: String, synchronous: Bool = false) -> String {
        ShellCommand([folder.appendingPathComponent(".build/debug/reference-testee").path, dialect])
            .description + (synchronous ? " sync" : "")
    }

    /// Copies the package at `root` (its manifest, sources, tests, fixtures and spec) and builds the testee
    /// from the unmutated copy.
    /// - Parameters:
    ///   - root: The package's folder.
    ///   - removingOnSignals: Whether SIGINT, SIGTERM or SIGHUP end the process after removing the copy (a
    ///     study run by hand); a test leaves the process's signals alone.
    /// - Throws: `Failure` when the copy or the first build fails (with the build's last lines).
    package init(copying root: URL, removingOnSignals: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wvjb-native-mutants-\(UUID().uuidString)")
        building = LockedValue(Building())
        signalSources = removingOnSignals ? Self.removeOnSignals(folder, building: building) : []
        var originals: [String: String] = [:]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for item in ["Package.swift", "Package.resolved", "Sources", "Tests", "Fixtures", "spec"] {
                let source = root.appendingPathComponent(item)
                guard FileManager.default.fileExists(atPath: source.path) else { continue }
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(item))
            }
            for path in Self.mutatedSources {
                originals[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            }
        } catch {
            // Not yet whole, so no deinit: remove what the copy made.
            try? FileManager.default.removeItem(at: folder)
            for source in signalSources { source.cancel() }
            throw error
        }
        self.originals = originals
        guard try build() else { throw Failure(message: "the unmutated copy does not build: \(buildLog())") }
    }

    // The signal sources are never cancelled: a signal may end the study just as the workspace goes (a build
    // it interrupted failed first), and its handler must still remove what the dying build writes after this.
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The unmutated text of one of `mutatedSources`.
    package func original(of path: String) -> String? { originals[path] }

    /// Puts `source` in place of `path` (nil: its original) and rebuilds the testee.
    /// - Returns: Whether it compiled; a mutant that does not is stillborn, and the copy keeps it until the next
    ///   call.
    package func build(_ source: String?, at path: String) throws -> Bool {
        guard let original = originals[path] else { throw Failure(message: "\(path) is not a mutated source") }
        try (source ?? original).write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        return try build()
    }

    private var logFile: URL { folder.appendingPathComponent("build.log") }

    private func build() throws -> Bool {
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        defer { try? log.close() }
        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swift.arguments = ["swift", "build", "--product", "reference-testee", "--package-path", folder.path]
        swift.standardInput = FileHandle.nullDevice
        swift.standardOutput = log
        swift.standardError = log
        // SwiftPM's lock files go to the temporary folder: this one goes with the copy.
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        swift.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        // Started under the lock, so that a signal's handler either sees the build or keeps it from starting.
        let started = try building.withLock { building in
            guard !building.isStopping else { return false }
            try swift.run()
            building.process = swift.processIdentifier
            return true
        }
        if started {
            swift.waitUntilExit()
            building.withLock { $0.process = nil }
        }
        Self.waitIfStopping(building)
        return swift.terminationReason == .exit && swift.terminationStatus == 0
    }

    /// The last lines of the last build's output.
    package func buildLog() -> String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(8).joined(separator: "\n")
    }

    /// A copy or a build that failed.
    package struct Failure: Error, CustomStringConvertible {
        /// What failed.
        package let message: String
        /// The message.
        package var description: String { message }
    }
}

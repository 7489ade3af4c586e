import Foundation
import TestTiers
import Testing

/// `Sources/ReferenceBridge` is the model an implementer copies (CONTRIBUTING.md, "Architecture"): the bridge, its
/// core and its adapter, and nothing that serves the kit's own tests. Copied into a package that depends
/// on the kit's products, it must still compile, so it may use only their public API: no `package`
/// symbol of the kit (visible inside this package only: checked by compiling the folder as another
/// package would), no harness-side module, and no `package` hook of its own for the kit's tests, mutants
/// or oracles (those live in `ReferenceOracle` and `BridgeMutants`).
@Suite("Architecture: the reference folder can be copied whole")
struct ReferenceFolderTests {
    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized
    static let packageManifest = sourcesRoot.deletingLastPathComponent().appendingPathComponent("Package.swift")

    /// The folder an implementer copies.
    static let referenceFolder = "ReferenceBridge"
    /// The modules the reference's core needs that are not products: small and dependency-free, they go
    /// along with a copy (the JSON it reads and writes, and the wire's words).
    static let copiedAlong: Set<String> = ["StrictJSON", "WireDialects"]
    /// Products that are test glue, which the model must not need.
    static let testGlue: Set<String> = ["ConformanceTesting"]
    static let systemModules: Set<String> = ["Foundation", "Dispatch"]

    struct SourceFile {
        /// The path under `Sources/`.
        let path: String
        let text: String

        /// The top folder under `Sources/`: the module's folder.
        var module: String { String(path.prefix { $0 != "/" }) }
    }

    static func sources() throws -> [SourceFile] {
        let enumerator = FileManager.default.enumerator(at: sourcesRoot, includingPropertiesForKeys: nil)
        var files: [SourceFile] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.standardized.path.dropFirst(sourcesRoot.path.count + 1))
            files.append(SourceFile(path: path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The library products `Package.swift` declares: what an implementer's package can depend on.
    static func libraryProducts(inManifest manifest: String) -> Set<String> {
        Set(manifest.matches(of: /\.library\(\s*name:\s*"(\w+)"/).map { String($0.output.1) })
    }

    /// The modules a file imports, `@testable` ones marked.
    static func imports(in text: String) -> [String] {
        text.matches(
            of: /(?m)^\s*(@testable\s+)?import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?(\w+)/
        )
        .map { ($0.output.1 == nil ? "" : "@testable ") + String($0.output.2) }
    }

    /// The imports of `files` that a copy could not resolve or that belong to the harness: anything but a
    /// system module, a library product other than test glue, or the module copied along.
    static func foreignImports(in files: [SourceFile], products: Set<String>) -> [String] {
        let allowed = systemModules.union(products.subtracting(testGlue)).union(copiedAlong)
        return files.flatMap { file in
            imports(in: file.text).filter { !allowed.contains($0) }.map { "\(file.path) imports \($0)" }
        }
    }

    /// The declarations of `files` with `package` access: hooks for the package's other targets.
    static func packageDeclarations(in files: [SourceFile]) -> [String] {
        files.flatMap { file in
            ArchitectureTests.code(of: file.text).split(separator: "\n")
                .filter { $0.firstMatch(of: /\bpackage\b/) != nil }
                .map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
    }

    /// Type-checks `files` as a module of another package that depends on this package's built modules,
    /// the way a copy of the reference folder in an implementer's package is compiled: the kit's `package`
    /// symbols are out of its sight.
    /// - Returns: Whether it type-checks, and what the compiler said.
    static func typecheckAsCopy(_ files: [URL]) async throws -> (succeeded: Bool, output: String) {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = buildFolder.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("ConformanceKit.swiftmodule").path)
        else {
            Issue.record("no built modules in \(modules.path)")
            return (false, "")
        }
        var arguments = [
            "swiftc", "-typecheck", "-module-name", "CopiedReference", "-package-name", "an_implementers_package",
            "-swift-version", "6", "-I", modules.path,
            "-I", sourcesRoot.appendingPathComponent("CJavaScriptCore").path,
        ]
        // The kit's modules need the JavaScriptCore headers behind CJavaScriptCore.
        let headers = try await run(["pkg-config", "--cflags-only-I", "javascriptcoregtk-4.1"]).output
        arguments += headers.split(whereSeparator: \.isWhitespace).flatMap { ["-Xcc", String($0)] }
        return try await run(arguments + files.map(\.path))
    }

    /// Runs `arguments` on a thread of its own: a type-check takes many seconds, and a test that holds a
    /// thread of the cooperative pool that long starves the tests that wait on processes.
    private static func run(_ arguments: [String]) async throws -> (succeeded: Bool, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runBlocking(arguments) }) }.start()
        }
    }

    private static func runBlocking(_ arguments: [String]) throws -> (succeeded: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus == 0, String(decoding: data, as: UTF8.self))
    }

    /// The reference's files outside its core (the core is its own module, `ReferenceBridgeCore`).
    static func glueFiles() throws -> [URL] {
        try sources().filter { $0.module == referenceFolder && !$0.path.hasPrefix(referenceFolder + "/Core/") }
            .map { sourcesRoot.appendingPathComponent($0.path) }
    }

    // MARK: The folder as it is

    @Test(
        "the reference imports only system modules, the kit's library products and the modules its core brings along (StrictJSON, WireDialects)"
    )
    func importsOnlyWhatACopyResolves() throws {
        let files = try Self.sources().filter { $0.module == Self.referenceFolder }
        let products = Self.libraryProducts(inManifest: try String(contentsOf: Self.packageManifest, encoding: .utf8))
        #expect(products.contains("ConformanceKit") && products.contains("ReferenceBridgeCore"), "\(products)")
        #expect(!files.isEmpty)
        #expect(
            Self.foreignImports(in: files, products: products).isEmpty,
            "\(Self.foreignImports(in: files, products: products))")
    }

    @Test("the reference's core is platform-free: Foundation, StrictJSON and WireDialects only")
    func coreIsPlatformFree() throws {
        let core = try Self.sources().filter { $0.path.hasPrefix(Self.referenceFolder + "/Core/") }
        #expect(!core.isEmpty)
        let imported = Set(core.flatMap { Self.imports(in: $0.text) })
        #expect(imported.isSubset(of: Self.copiedAlong.union(["Foundation"])), "\(imported.sorted())")
    }

    @Test("the reference declares nothing package: no hook for the kit's tests, mutants or oracles")
    func declaresNoHooks() throws {
        let files = try Self.sources().filter { $0.module == Self.referenceFolder }
        #expect(
            Self.packageDeclarations(in: files).isEmpty,
            "move these out of the reference (ReferenceOracle, BridgeMutants): \(Self.packageDeclarations(in: files))")
    }

    @Test(
        "the reference's bridge and adapter compile as a copy in another package: public API of the kit only", .fullTier
    )
    func compilesAsACopy() async throws {
        let files = try Self.glueFiles()
        #expect(files.count >= 2, "\(files)")
        let result = try await Self.typecheckAsCopy(files)
        #expect(result.succeeded, "\(result.output)")
    }

    // MARK: The checks themselves

    @Test(
        "the checks report what the reference used to have: a package helper, a harness import, a kit-only symbol",
        .fullTier)
    func checksCatchViolations() async throws {
        let adapter = SourceFile(
            path: "ReferenceBridge/ReferenceBridgeAdapter.swift",
            text: """
                import ConformanceKit
                import ReferenceOracle
                @testable import ReferenceBridgeCore
                public final class ReferenceBridgeAdapter {
                    // A comment saying package does not count, nor does "package" in a string.
                    package nonisolated static func answeringOnMainThread(_ respond: @escaping (Any?) -> Void) -> (Any?) -> Void {
                        respond
                    }
                }
                """)
        let products: Set<String> = ["ConformanceKit", "ReferenceBridgeCore", "ConformanceTesting"]
        #expect(
            Self.foreignImports(in: [adapter], products: products) == [
                "ReferenceBridge/ReferenceBridgeAdapter.swift imports ReferenceOracle",
                "ReferenceBridge/ReferenceBridgeAdapter.swift imports @testable ReferenceBridgeCore",
            ])
        let glue = SourceFile(
            path: "ReferenceBridge/Glue.swift", text: "import ConformanceTesting\nimport Foundation\n")
        #expect(
            Self.foreignImports(in: [glue], products: products) == [
                "ReferenceBridge/Glue.swift imports ConformanceTesting"
            ])
        #expect(Self.packageDeclarations(in: [adapter]).count == 1)

        // The reference's glue, plus one line that uses the kit's main-queue helper as the adapter once did.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "copied-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = folder.appendingPathComponent("Probe.swift")
        try "import ConformanceKit\nlet onMain = MainQueuePump.isOnMainQueue\n".write(
            to: probe, atomically: true, encoding: .utf8)
        let result = try await Self.typecheckAsCopy(try Self.glueFiles() + [probe])
        #expect(!result.succeeded)
        #expect(result.output.contains("MainQueuePump"), "\(result.output)")
    }

    @Test("the manifest reader finds the library products")
    func readsProducts() {
        let manifest = """
            products: [
                .library(name: "ConformanceKit", targets: ["ConformanceKit"]),
                .library( name: "ReferenceBridge", targets: ["ReferenceBridge"]),
                .executable(name: "conformance", targets: ["conformance"]),
            ],
            """
        #expect(Self.libraryProducts(inManifest: manifest) == ["ConformanceKit", "ReferenceBridge"])
    }
}

import BridgeMutants
import ConformanceKit
import ConformanceTesting
import Foundation
import ReferenceBridge
import Testing
import WireDialects

extension Mutant: CustomTestStringConvertible {
    public var testDescription: String { "mutant:\(id)" }
}

extension WireDialect: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// Shared helpers for running the kit in tests.
@MainActor
package enum Kit {
    /// Three native mutants whose defects use different hooks, each breaking its own clause: a reset that
    /// does nothing (START-3), a batch run last-first (ORD-2), a removeHandler that does nothing (MISS-2).
    package nonisolated static let threeDefects = ["reset-does-nothing", "batch-reversed", "remove-handler-ignored"]
    /// The clauses of the three defects.
    package nonisolated static let threeDefectClauses: Set<String> = ["START-3", "ORD-2", "MISS-2"]

    /// The message of the `HarnessError` `body` throws (failing the test when it throws none).
    package nonisolated static func harnessErrorMessage<Value>(
        of body: () throws(HarnessError) -> Value, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        do {
            _ = try body()
            Issue.record("no error", sourceLocation: sourceLocation)
            return ""
        } catch {
            return error.message
        }
    }

    /// A page whose bridge registers a recording handler named `sink`.
    package nonisolated static let sinkPage = """
        setupWebViewJavascriptBridge(function (bridge) {
            bridge.registerHandler("sink", conformance.recordingHandler("sink"));
        });
        """

    /// The goldens in the source tree, a folder per profile.
    package nonisolated static let goldens = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    /// The goldens of a profile.
    package nonisolated static func goldenStore(_ dialect: WireDialect) -> GoldenStore {
        GoldenStore(directory: goldens.appendingPathComponent(dialect.name))
    }

    /// Runs `cases` against fresh adapters from `makeAdapter`.
    package static func run(
        _ cases: [ConformanceCase],
        configuration: ConformanceRunner.Configuration = .init(javaScriptSideUnderTest: true),
        adapter makeAdapter: AdapterFactory = { ReferenceBridgeAdapter() }
    ) async throws -> [CaseResult] {
        let runner = try ConformanceRunner(configuration: configuration)
        return await runner.run(cases, adapter: makeAdapter)
    }

    /// The whole catalogue against the reference bridge (asynchronous evaluation, JS side under test),
    /// run once per test process and shared by every test that only reads it, by case id.
    package static func referenceRun() async throws -> [String: CaseResult] {
        if let sharedReferenceRun { return try await sharedReferenceRun.value }
        let run = Task { @MainActor in
            Dictionary(uniqueKeysWithValues: try await Kit.run(Catalogue.all).map { ($0.caseID, $0) })
        }
        sharedReferenceRun = run
        return try await run.value
    }

    private static var sharedReferenceRun: Task<[String: CaseResult], any Error>?

    /// The whole catalogue in the wkwvjb profile against that dialect's reference bridge (spec section 13),
    /// run once per test process and shared, by case id: the cases of its own clauses, the canonical ones
    /// renamed into it, and the rest not applicable.
    package static func wkwvjbReferenceRun() async throws -> [String: CaseResult] {
        if let sharedWKWVJBRun { return try await sharedWKWVJBRun.value }
        let run = Task { @MainActor in
            let results = try await Kit.runReference(Catalogue.all, in: .wkwvjb)
            return Dictionary(uniqueKeysWithValues: results.map { ($0.caseID, $0) })
        }
        sharedWKWVJBRun = run
        return try await run.value
    }

    private static var sharedWKWVJBRun: Task<[String: CaseResult], any Error>?

    /// The shared reference run of `dialect`'s profile (`referenceRun()`, `wkwvjbReferenceRun()`).
    package static func referenceRun(in dialect: WireDialect) async throws -> [String: CaseResult] {
        dialect == .wkwvjb ? try await wkwvjbReferenceRun() : try await referenceRun()
    }

    /// `conformanceCase`'s result in the shared reference run.
    package static func referenceResult(of conformanceCase: ConformanceCase) async throws -> CaseResult {
        try #require(try await referenceRun()[conformanceCase.id])
    }

    /// Runs one case.
    package static func run(
        _ conformanceCase: ConformanceCase, adapter makeAdapter: AdapterFactory = { ReferenceBridgeAdapter() }
    ) async throws -> CaseResult {
        try await run([conformanceCase], adapter: makeAdapter)[0]
    }

    /// Runs `cases` in `dialect`'s profile against the reference bridge speaking that dialect (JS side under test).
    package static func runReference(_ cases: [ConformanceCase], in dialect: WireDialect) async throws -> [CaseResult] {
        try await run(cases, configuration: .init(javaScriptSideUnderTest: true, dialect: dialect)) {
            ReferenceBridgeAdapter(dialect: dialect)
        }
    }

    /// Runs `cases` against `mutant` (with its broken JS side, for JS-side mutants).
    package static func run(_ cases: [ConformanceCase], against mutant: Mutant) async throws -> [CaseResult] {
        try await run(cases, configuration: mutant.configuration()) { mutant.makeAdapter() }
    }

    /// A case made for a test, with a script of its own.
    package static func adHocCase(
        _ id: String = "test.ad-hoc", accepts: CaseLeftovers.Kinds = [],
        body: @escaping @MainActor @Sendable (CaseContext) async throws -> Void
    ) -> ConformanceCase {
        ConformanceCase(id: id, clauses: ["TEST-1"], accepts: accepts, summary: "a case made by a test", body: body)
    }
}

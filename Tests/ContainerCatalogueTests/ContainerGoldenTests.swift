import ConformanceCatalogue
import ConformanceReports
import ContainerCatalogue
import Foundation
import ReferenceContainer
import Testing

/// Every container case's transcript on the reference container matches its golden in `Fixtures/golden/container`,
/// compared as the WVJB goldens are (GoldenStore). Recording is explicit, as for GoldenTests:
/// `CONFORMANCE_RECORD=missing|failed|all swift test --filter ContainerGoldenTests`, refused when `CI` is set.
@MainActor
@Suite struct ContainerGoldenTests {
    /// The container profile's goldens.
    nonisolated static let store = GoldenStore(
        directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/golden/container"))

    static var mode: GoldenStore.RecordMode {
        ProcessInfo.processInfo.environment["CONFORMANCE_RECORD"].flatMap(GoldenStore.RecordMode.init(rawValue:))
            ?? .never
    }

    @Test func referenceMatchesTheGoldens() async throws {
        let mode = Self.mode
        if mode != .never, ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("CONFORMANCE_RECORD is refused on CI: record goldens locally, review them, and commit them")
            return
        }
        let results = await (try ContainerRunner()).run(ContainerCatalogue.all) { ReferenceContainerAdapter() }
        for result in results {
            switch Self.store.check(result, mode: mode) {
            case .matches: break
            case .missing(let path):
                Issue.record("no golden for \(result.caseID) at \(path): record it with CONFORMANCE_RECORD=missing")
            case let .stale(path, difference):
                Issue.record("the golden of \(result.caseID) is stale (\(path)).\n\(difference)")
            case .recorded(let path):
                Issue.record(
                    "recorded \(path); review it, commit it, and run the tests again without CONFORMANCE_RECORD")
            case let .malformed(path, problem): Issue.record("the golden \(path) is unreadable: \(problem)")
            case let .skipped(path, reason):
                Issue.record("\(result.caseID) did not run to its end (\(path)): \(reason)")
            }
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.store.directory.path)) ?? []
        let ids = Set(ContainerCatalogue.all.map { $0.id + ".json" })
        #expect(files.filter { !ids.contains($0) }.sorted() == [], "goldens without a container case")
    }
}

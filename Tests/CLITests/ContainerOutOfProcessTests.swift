import ConformanceKit
import Foundation
import TestTiers
import Testing

/// The container profile out of process: the container-style port served by `AdapterHost.serveContainer`
/// (`Sources/container-port-testee`), one process for every case, gets the verdicts it gets in process, synchronous
/// calls included; the cases whose handlers throw are not applicable there, saying why.
@MainActor
@Suite struct ContainerOutOfProcessTests {
    /// The cases run: every one in the full tier; in the quick tier a synchronous call, an event's value and a
    /// throwing handler (not applicable).
    static let cases =
        TestTier.current == .full
        ? ContainerCatalogue.all
        : ContainerCatalogue.all.filter {
            ["sync.inside-event", "event.return-value", "failure.throwing-handler"].contains($0.id)
        }

    @Test(
        "ADP-25, ADP-26: a container testee gets its in-process verdicts out of process, synchronous calls included"
    )
    func portTesteePassesOutOfProcess() async throws {
        let testee = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("container-port-testee").path
        // One process serves every case (ADP-17), each with a fresh adapter, container and page.
        let process = PersistentTestee(configuration: .init(command: "'\(testee)'"))
        defer { process.close() }
        let runner = try ContainerRunner()
        let results = await runner.run(Self.cases) { try ProcessBridgeAdapter(persistent: process) }
        #expect(process.processesStarted == 1, "\(process.processesStarted) processes")
        let throwing = Set(ContainerCatalogue.all.filter(\.usesThrowingHandlers).map(\.id))
        for result in results {
            if throwing.contains(result.caseID) {
                #expect(result.verdict == .notApplicable, "\(result.caseID): \(result.verdict)")
                #expect(result.interruption?.text.contains("a handler that throws") == true)
            } else {
                #expect(result.verdict == .pass, "\(result.caseID): \(result.verdict)\n\(result.report)")
            }
        }
        #expect(results.count == Self.cases.count)
    }
}

import ConformanceCatalogue
import ConformanceReports
import ContainerCatalogue
import ReferenceContainer
import Testing
import WireDialects

/// A container's transcripts read in a WVJB profile get the hint that it is the other protocol, in either shipped
/// profile; WVJB runs never do.
@MainActor
@Suite struct ContainerRecognitionTests {
    @Test func containerTranscriptsAreRecognised() async throws {
        let cases = ContainerCatalogue.all.filter { $0.id.hasPrefix("call.") }.prefix(4)
        let results = await (try ContainerRunner()).run(Array(cases)) { ReferenceContainerAdapter() }
        for profile in [WireDialect.canonical, .wkwvjb] {
            let hint = DialectRecognition.hint(for: results, profile: .wire(profile)) ?? "none"
            #expect(hint.hasPrefix("this looks like the messageHandler container"), "\(hint)")
            #expect(hint.contains("run with --profile container"), "\(hint)")
        }
        // In the container profile itself, no hint.
        #expect(DialectRecognition.hint(for: results, profile: .container) == nil)
    }
}

import KitTestSupport
import ReferenceBridge
import TestTiers
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceCatalogue
@testable import ConformanceKit

/// The page-host seam: the cases and the runner drive any `PageHost` the run's configuration makes. A second,
/// deliberately small implementation (it records every call and delegates) runs the whole catalogue with the
/// verdicts and transcripts of the simulated browser itself, so another engine behind the same web view is a new
/// type, not a change to the cases.
@Suite("Page hosts: the catalogue runs on any PageHost")
@MainActor
struct PageHostSeamTests {
    @Test(
        "a page host that records every call and delegates runs the whole catalogue with the same verdicts and transcripts",
        .fullTier
    )
    func recordingHostRunsTheCatalogue() async throws {
        let calls = CallLog()
        var configuration = ConformanceRunner.Configuration(javaScriptSideUnderTest: true)
        configuration.pageHost = { environment in
            SchedulingRecordingPageHost(delegate: try simulatedBrowserPageHost(environment), log: calls)
        }
        let results = try await Kit.run(Catalogue.all, configuration: configuration)
        let reference = try await Kit.referenceRun()
        #expect(results.count == Catalogue.all.count)
        for result in results {
            let expected = try #require(reference[result.caseID])
            #expect(result.verdict == expected.verdict, "\(result.caseID): \(result.report)")
            #expect(
                result.transcript == expected.transcript,
                "\(result.caseID)'s transcript differs through the recording host")
        }
        // Every case went through the seam: its page was made, loaded, run, finished and closed there.
        let hosts = calls.entries.filter { $0 == "make" }.count
        #expect(hosts == Catalogue.all.filter { $0.dialects.contains(.canonical) }.count)
        #expect(
            calls.entries.filter { $0 == "finish" }.count == hosts
                && calls.entries.filter { $0 == "close" }.count == hosts)
        #expect(
            calls.entries.contains("load") && calls.entries.contains("runUntilIdle") && calls.entries.contains("record")
        )
    }

    @Test(
        "a page host without the simulation's facilities makes exactly the cases that need them not applicable, saying which and why"
    )
    func missingFacilitiesMakeCasesNotApplicable() async throws {
        var configuration = ConformanceRunner.Configuration(javaScriptSideUnderTest: true)
        configuration.pageHost = { environment in
            RecordingPageHost(delegate: try simulatedBrowserPageHost(environment), log: CallLog(), facilities: [])
        }
        let needing = Catalogue.all.filter { !$0.needsPage.isEmpty }
        #expect(!needing.isEmpty)
        let results = try await Kit.run(
            needing + [try #require(Catalogue.case(withID: "messages.native-to-js.keys"))],
            configuration: configuration)
        for (result, conformanceCase) in zip(results, needing) {
            #expect(result.verdict == .notApplicable, "\(result.caseID): \(result.report)")
            #expect(
                result.interruption?.text.contains(conformanceCase.needsPage.missingReason) == true,
                "\(result.interruption?.text ?? "")")
            #expect(result.interruption?.text.contains("a real WebKit") == true)
        }
        #expect(results.last?.verdict == .pass, "a case that needs nothing more runs")
    }

    @Test(
        "a page host whose tasks do not run on the virtual clock makes a case that needs task delays not applicable"
    )
    func hostWithoutTaskSchedulesMakesTheirCaseNotApplicable() async throws {
        var configuration = ConformanceRunner.Configuration(javaScriptSideUnderTest: true)
        configuration.pageHost = { environment in
            RecordingPageHost(delegate: try simulatedBrowserPageHost(environment), log: CallLog())
        }
        let twoInOneTurn = try #require(Catalogue.case(withID: "bootstrap.navigation.two-in-one-turn"))
        let results = try await Kit.run([twoInOneTurn], configuration: configuration)
        let result = try #require(results.first)
        #expect(result.verdict == .notApplicable, "\(result.report)")
        #expect(result.interruption?.text.contains("a real WebKit") == true, "\(result.interruption?.text ?? "")")
    }
}

/// The calls a `RecordingPageHost` saw, in order.
@MainActor
final class CallLog {
    private(set) var entries: [String] = []
    func append(_ call: String) { entries.append(call) }
}

/// A page host that writes down every call and hands it to another page host.
@MainActor
class RecordingPageHost: PageHost {
    fileprivate let delegate: any PageHost
    fileprivate let log: CallLog

    private let facilitiesOverride: PageFacilities?

    init(delegate: any PageHost, log: CallLog, facilities: PageFacilities? = nil) {
        self.delegate = delegate
        self.log = log
        facilitiesOverride = facilities
        log.append("make")
    }

    var webView: SimulatedWebView { delegate.webView }
    var facilities: PageFacilities { facilitiesOverride ?? delegate.facilities }
    var transcript: Transcript { delegate.transcript }
    var nativeActivity: Int { delegate.nativeActivity }

    func load(_ definition: PageDefinition) {
        log.append("load")
        delegate.load(definition)
    }

    func reload() {
        log.append("reload")
        delegate.reload()
    }

    func runHarnessScript(_ script: String) {
        log.append("runHarnessScript")
        delegate.runHarnessScript(script)
    }

    func runUntilIdle(horizon: Int64) async throws(PageInterruption) {
        log.append("runUntilIdle")
        try await delegate.runUntilIdle(horizon: horizon)
    }

    func record(_ event: TranscriptEvent) {
        log.append("record")
        delegate.record(event)
    }

    func finish() -> PageLeftovers {
        log.append("finish")
        return delegate.finish()
    }

    func close() {
        log.append("close")
        delegate.close()
    }
}

/// A `RecordingPageHost` whose tasks run on the virtual clock, as its simulated delegate's do.
@MainActor
final class SchedulingRecordingPageHost: RecordingPageHost, TaskSchedulingPageHost {
    var taskDelays: TaskDelays? {
        get { (delegate as? any TaskSchedulingPageHost)?.taskDelays }
        set {
            log.append("taskDelays")
            (delegate as? any TaskSchedulingPageHost)?.taskDelays = newValue
        }
    }
}

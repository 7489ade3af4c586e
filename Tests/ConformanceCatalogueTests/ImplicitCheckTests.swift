import ConformanceBrowser
import ConformanceObligations
import Testing

@testable import ConformanceCatalogue

@Suite("Implicit checks: the checks every case makes when it ends come from one list")
struct ImplicitCheckTests {
    @Test("every case's result counts each implicit check once, under its obligation, in the list's order")
    func oneListCounted() {
        #expect(CaseContext.implicitChecks == ImplicitCheck.allCases.map(\.check))
        #expect(Set(ImplicitCheck.allCases.map(\.obligation)).count == ImplicitCheck.allCases.count)
        #expect(Set(ImplicitCheck.allCases.map(\.message)).count == ImplicitCheck.allCases.count)
        #expect(
            ImplicitCheck.allCases.map(\.obligation) == [
                .boot1f, .boot1g, .thr1a, .thr1b, .safe3a, .disp12c, .esc2j, .cb2a, .esc1a, .esc1b, .esc1c, .esc2a,
                .esc2c, .esc2d, .esc2e, .esc2g, .esc2h, .esc2i, .esc3a, .esc5a, .esc5b,
            ])
    }

    @Test("the end of a case cites the implicit check it makes: a pending timer, an undecided navigation, a tripwire")
    func endCitesItsChecks() {
        var transcript = Transcript()
        transcript.append(.tripwire(label: "t"), at: 1)
        let end = EndOfCaseChecks(accepted: [], unansweredCallbacks: [], transcript: transcript)
        let page = PageLeftovers(
            timers: [.init(id: 1, dueAt: 9)], tasks: [], undecidedNavigations: [.init(id: 3, url: "u")])
        let (leftovers, failures) = end.judge(page)
        #expect(leftovers == CaseLeftovers(page: page))
        #expect(
            failures.map(\.citedID)
                == [
                    ImplicitCheck.navigationDecided, .noPendingTimer, .noTripwire,
                ].map(\.obligation.id))
    }
}

/// A port written in a hurry: several independent defects of different kinds (its native core, its JS side or
/// page snippet, its WebKit glue) at once, as the ports and the newcomer's bridge of issue 42 had. Each defect
/// is a mutant's (`MutantCombination`), so each has its obligation: the port's real causes, which "Fix first"
/// should name once each (`conformance-benchmarks fix-first`, `FixFirstTests`).
package struct MultiDefectPort: Sendable, Identifiable {
    /// A stable name.
    package let id: String
    /// The port, in one sentence: what its author was after, and where it went wrong.
    package let story: String
    /// The mutants whose defects it has.
    package let mutantIDs: [String]

    /// The port's defects as one adapter and configuration.
    /// - Throws: `MutantCatalogue.CombinationProblem` when the defects no longer combine (a mutant renamed or
    ///   changed).
    @MainActor
    package func combination() throws(MutantCatalogue.CombinationProblem) -> MutantCombination {
        try MutantCombination(mutantIDs)
    }

    /// The ports, each with three or more defects of at least two kinds.
    package static let all: [MultiDefectPort] = [
        MultiDefectPort(
            id: "newcomer-glue-port",
            story:
                "a newcomer's bridge on its own WebKit glue: a bridge request decided twice, the app's delegate never told of failures, an escaping chain that doubles backslashes last (a literal a payload can break out of), repeated calls dropped, a JS queue built newest first, a setup snippet that ignores pending callbacks",
            mutantIDs: [
                "glue-bridge-request-decided-twice", "glue-app-delegate-hears-no-failures",
                "escape-chain-backslash-last",
                "repeated-call-deduplicated", "js-queue-built-newest-first", "setup-snippet-ignores-pending-callbacks",
            ]),
        MultiDefectPort(
            id: "decided-twice-port",
            story:
                "a port whose navigation decisions are made twice for bridge URLs, whose startup queue goes out last-first, whose JS responders read a shared callback id and whose JS side hands out sixteen messages per fetch",
            mutantIDs: [
                "decides-navigation-twice", "startup-queue-reversed", "js-responder-reads-shared-callback-id",
                "js-fetch-hands-out-sixteen",
            ]),
        MultiDefectPort(
            id: "optional-ids-port",
            story:
                "a port that interpolates an Optional into response ids, whose reset() does nothing, whose handlers get nil for NSNull, whose JS side dispatches the latest message and whose snippet appends its iframe to the body",
            mutantIDs: [
                "response-id-interpolated-optional", "reset-does-nothing", "null-data-as-nil",
                "js-dispatch-reads-latest-message", "setup-snippet-iframe-in-body",
            ]),
        MultiDefectPort(
            id: "first-page-glue-port",
            story:
                "a port on its own WebKit glue that injects into the first page only and fetches twice per signal, escapes no U+2028, and whose JS responders answer once",
            mutantIDs: [
                "glue-injects-into-first-page-only", "glue-fetches-twice-per-signal", "line-separator-step-missing",
                "js-responder-one-shot",
            ]),
    ]
}

import ConformanceBrowser
import ConformanceObligations
import WireDialects

/// Which of the spec's clauses hold in a dialect, read from the dialect's signals and features (spec,
/// "Dialects"): a case runs in a dialect it is not written for with its words renamed
/// (`DialectRenaming`) unless it cites a clause that does not hold there, and is then not applicable with
/// the reason. A dialect given as data gets its applicability without code.
package enum DialectApplicability {
    /// The clauses that need the page to signal through iframe navigations to bridge URLs.
    static let navigationSignalClauses = [Clause.boot1, .boot2, .boot5, .boot6, .boot9, .boot10, .disp1, .flush1]
    /// The clauses of the alert safety timeout and its switch.
    static let safetyTimeoutClauses = [Clause.safe1, .safe2, .safe3, .safe4]
    /// The clauses of signalling through script messages (spec 13.2, written in the wkwvjb dialect's words).
    static let scriptMessageSignalClauses = [Clause.wk1, .wk2, .wk3, .wk4, .wk5]

    /// The clause that takes the place of a navigation-signal clause in a dialect that signals through
    /// script messages (spec 13.1): the JS side's signal per send, the native side's fetch per signal, the
    /// page snippet. Navigations themselves are then no signal at all (WK-1: the JS side MUST NOT signal so).
    private static let scriptMessageCounterparts: [Clause: Clause] = [
        .disp1: .wk1, .boot1: .wk1, .boot2: .wk1, .boot6: .wk1, .flush1: .wk2, .boot5: .wk4,
    ]

    /// Why `clause` (an id such as `BOOT-1`) does not hold in `dialect`, or nil when it does.
    /// - Parameters:
    ///   - clause: A clause id.
    ///   - dialect: The wire.
    package static func whyNot(_ clause: Clause, in dialect: WireDialect) -> String? {
        if navigationSignalClauses.contains(clause), !signalsByNavigation(dialect) {
            return "the \(dialect.name) dialect signals through script messages, not iframe navigations to bridge URLs"
        }
        if scriptMessageSignalClauses.contains(clause), !signalsByScriptMessage(dialect) {
            return "the \(dialect.name) dialect signals through iframe navigations, not script messages"
        }
        if safetyTimeoutClauses.contains(clause), dialect.disableSafetyTimeoutHandler == nil {
            return "the \(dialect.name) dialect has no alert safety timeout"
        }
        return nil
    }

    /// The clause to cite in `dialect` for a deviation the kit reads as breaking `clause`: `clause` itself
    /// where it holds, else the clause that takes its place there (spec 13.1), else `clause`.
    package static func citable(_ clause: Clause, in dialect: WireDialect) -> Clause {
        guard whyNot(clause, in: dialect) != nil, signalsByScriptMessage(dialect),
            let counterpart = scriptMessageCounterparts[clause]
        else { return clause }
        return counterpart
    }

    /// The dialect whose words `conformanceCase` is read in when it runs in `dialect`, or nil when it cannot
    /// run there: `dialect` itself when the case is written for it; else the first dialect it is written for
    /// that signals as `dialect` does and has its features (renamed word for word: a case of the wkwvjb
    /// dialect's own clauses in another script-message dialect); else the canonical dialect when the case is
    /// written in it (renamed word for word, its clauses deciding whether it runs).
    package static func wordsSource(of conformanceCase: ConformanceCase, in dialect: WireDialect) -> WireDialect? {
        if conformanceCase.dialects.contains(dialect) { return dialect }
        if let alike = conformanceCase.dialects.first(where: { DialectRenaming(from: $0, to: dialect) != nil }) {
            return alike
        }
        return conformanceCase.dialects.contains(.canonical) ? .canonical : nil
    }

    /// Why `conformanceCase` cannot run in `dialect`, or nil when it can: written for it, or written in a
    /// dialect it can be renamed from (`wordsSource(of:in:)`) and citing only clauses that hold in `dialect`.
    /// - Parameters:
    ///   - conformanceCase: The case.
    ///   - dialect: The run's wire.
    package static func whyNotApplicable(_ conformanceCase: ConformanceCase, in dialect: WireDialect) -> String? {
        guard let source = wordsSource(of: conformanceCase, in: dialect) else {
            return
                "the case is written for the \(conformanceCase.dialects.map(\.name).joined(separator: " and ")) dialect"
        }
        if source == dialect { return nil }
        for clause in conformanceCase.clauses.compactMap(Clause.init(id:)) {
            if let reason = whyNot(clause, in: dialect) { return "\(clause) does not hold here: \(reason)" }
        }
        return conformanceCase.needsDialect.whyMissing(in: dialect)
    }

    private static func signalsByNavigation(_ dialect: WireDialect) -> Bool {
        dialect.loadSignal.navigation != nil && dialect.queueSignal.navigation != nil
    }

    private static func signalsByScriptMessage(_ dialect: WireDialect) -> Bool {
        if case .scriptMessage = dialect.loadSignal, case .scriptMessage = dialect.queueSignal { return true }
        return false
    }
}

import WireDialects

/// Which of the spec's clauses hold in a dialect, read from the dialect's signals and features (spec,
/// "Dialects"): a case written in the canonical dialect runs in another with its words renamed
/// (`DialectRenaming(wordsFrom:to:)`) unless it cites a clause that does not hold there, and is then not
/// applicable with the reason. A dialect given as data gets its applicability without code.
package enum DialectApplicability {
    /// The clauses that need the page to signal through iframe navigations to bridge URLs.
    static let navigationSignalClauses = ["BOOT-1", "BOOT-2", "BOOT-5", "BOOT-6", "BOOT-9", "DISP-1", "FLUSH-1"]
    /// The clauses of the alert safety timeout and its switch.
    static let safetyTimeoutClauses = ["SAFE-1", "SAFE-2", "SAFE-3", "SAFE-4"]

    /// Why `clause` (an id such as `BOOT-1`) does not hold in `dialect`, or nil when it does.
    /// - Parameters:
    ///   - clause: A clause id.
    ///   - dialect: The wire.
    package static func whyNot(_ clause: String, in dialect: WireDialect) -> String? {
        if navigationSignalClauses.contains(clause),
            dialect.loadSignal.navigation == nil || dialect.queueSignal.navigation == nil
        {
            return "the \(dialect.name) dialect signals through script messages, not iframe navigations to bridge URLs"
        }
        if safetyTimeoutClauses.contains(clause), dialect.disableSafetyTimeoutHandler == nil {
            return "the \(dialect.name) dialect has no alert safety timeout"
        }
        return nil
    }

    /// Why `conformanceCase` cannot run in `dialect`, or nil when it can: written for it, or written in the
    /// canonical dialect and citing only clauses that hold in `dialect`.
    /// - Parameters:
    ///   - conformanceCase: The case.
    ///   - dialect: The run's wire.
    package static func whyNotApplicable(_ conformanceCase: ConformanceCase, in dialect: WireDialect) -> String? {
        if conformanceCase.dialects.contains(dialect) { return nil }
        guard conformanceCase.dialects.contains(.canonical) else {
            return
                "the case is written for the \(conformanceCase.dialects.map(\.name).joined(separator: " and ")) dialect"
        }
        for clause in conformanceCase.clauses {
            if let reason = whyNot(clause, in: dialect) { return "\(clause) does not hold here: \(reason)" }
        }
        return nil
    }
}

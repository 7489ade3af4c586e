import WireDialects

/// What a case needs of the run's dialect beyond its clauses: a feature some dialects that the clauses hold in
/// still lack. A case needing a feature the dialect lacks is not applicable there, and says why.
package struct DialectFeatures: OptionSet, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    /// A second, older scheme for the load URL (`wvjbscheme://__BRIDGE_LOADED__`, BOOT-1.d).
    package static let olderLoadScheme = DialectFeatures(rawValue: 1 << 0)

    /// WVJB's page setup snippet and its global array of waiting callbacks (`window.WVJBCallbacks`, BOOT-5,
    /// BOOT-7.b, BOOT-8), which the case sets or looks at; a page SDK object (`PageSetupShape.readyObject`) has
    /// none.
    package static let waitingCallbacksArray = DialectFeatures(rawValue: 1 << 1)

    /// Why `dialect` lacks one of these features, or nil when it has them all.
    package func whyMissing(in dialect: WireDialect) -> String? {
        if contains(.olderLoadScheme), (dialect.loadSignal.navigation?.schemes.count ?? 0) < 2 {
            return
                "the case asks with the older load URL (BOOT-1.d), and the \(dialect.name) dialect accepts one scheme"
        }
        if contains(.waitingCallbacksArray), dialect.pageSetupShape != .waitingCallbacks {
            return
                "the case looks at the page setup snippet's array of waiting callbacks, and the \(dialect.name) dialect's page set-up is an SDK object (\(dialect.pageSetupCall))"
        }
        return nil
    }
}

import WireDialects

/// What a case needs of the run's dialect beyond its clauses: a feature some dialects that the clauses hold in
/// still lack. A case needing a feature the dialect lacks is not applicable there, and says why.
package struct DialectFeatures: OptionSet, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    /// A second, older scheme for the load URL (`wvjbscheme://__BRIDGE_LOADED__`, BOOT-1.d).
    package static let olderLoadScheme = DialectFeatures(rawValue: 1 << 0)

    /// Why `dialect` lacks one of these features, or nil when it has them all.
    package func whyMissing(in dialect: WireDialect) -> String? {
        if contains(.olderLoadScheme), (dialect.loadSignal.navigation?.schemes.count ?? 0) < 2 {
            return
                "the case asks with the older load URL (BOOT-1.d), and the \(dialect.name) dialect accepts one scheme"
        }
        return nil
    }
}

import ConformanceAdapter
import ConformanceBrowser
import ConformanceObligations
import WireDialects

/// One conformance check: a stable id, the spec clauses it checks, and a script that drives the
/// implementation through a `CaseContext` and records expectations.
public struct ConformanceCase: Sendable, Identifiable {
    /// A stable, hierarchical id such as `escaping.line-separators.native-to-js`; never positional.
    public let id: String
    /// The spec clauses (`spec/protocol.md`) the case checks, e.g. `ESC-2`.
    public let clauses: [String]
    /// How binding the checked rule is.
    package let level: RequirementLevel
    /// The optional capabilities the implementation must declare for the case to apply.
    package let requires: BridgeCapabilities
    /// The wires the case is written for; in a run that speaks another dialect it does not apply.
    package let dialects: [WireDialect]
    /// What the case needs of a dialect it runs in besides its clauses holding there.
    package let needsDialect: DialectFeatures
    /// The leftovers the case accepts when it ends; any other leftover fails it.
    package let accepts: CaseLeftovers.Kinds
    /// Whether the app sets a navigation delegate of its own on the web view before the bridge attaches
    /// (BOOT-9): the runner installs the kit's recorder there (`AppNavigationDelegate`).
    package let hasAppNavigationDelegate: Bool
    /// What the case needs of the web view beyond what every page host does (`PageFacilities`).
    package let needsPage: PageFacilities
    /// One line saying what the case checks.
    public let summary: String
    let body: @MainActor @Sendable (CaseContext) async throws -> Void

    /// Creates a case.
    /// - Parameters:
    ///   - id: The stable hierarchical id.
    ///   - clauses: The spec clauses checked; the first is the main one.
    ///   - level: MUST, SHOULD, MAY or informational.
    ///   - requires: Capabilities the implementation needs.
    ///   - dialects: The wires the case is written for (the canonical one by default).
    ///   - needsDialect: What the case needs of a dialect it runs in besides its clauses (nothing by default).
    ///   - accepts: Leftovers the case accepts at its end (none by default).
    ///   - hasAppNavigationDelegate: Whether the app sets a navigation delegate before the bridge attaches.
    ///   - needsPage: What the case needs of the web view beyond what every page host does.
    ///   - summary: One line saying what is checked.
    ///   - body: Drives the case; throw only what `CaseContext` throws.
    package init(
        id: String, clauses: [String], level: RequirementLevel = .must, requires: BridgeCapabilities = [],
        dialects: [WireDialect] = [.canonical], needsDialect: DialectFeatures = [], accepts: CaseLeftovers.Kinds = [],
        hasAppNavigationDelegate: Bool = false, needsPage: PageFacilities = [],
        summary: String,
        body: @escaping @MainActor @Sendable (CaseContext) async throws -> Void
    ) {
        self.id = id
        self.clauses = clauses
        self.level = level
        self.requires = requires
        self.dialects = dialects
        self.needsDialect = needsDialect
        self.accepts = accepts
        self.hasAppNavigationDelegate = hasAppNavigationDelegate
        self.needsPage = needsPage
        self.summary = summary
        self.body = body
    }

    /// Creates a case of the catalogue, checking `clauses` of the spec (the first is the main one); the other
    /// parameters are the other initializer's.
    package init(
        id: String, clauses: [Clause], level: RequirementLevel = .must, requires: BridgeCapabilities = [],
        dialects: [WireDialect] = [.canonical], needsDialect: DialectFeatures = [], accepts: CaseLeftovers.Kinds = [],
        hasAppNavigationDelegate: Bool = false, needsPage: PageFacilities = [],
        summary: String,
        body: @escaping @MainActor @Sendable (CaseContext) async throws -> Void
    ) {
        self.init(
            id: id, clauses: clauses.map(\.id), level: level, requires: requires, dialects: dialects,
            needsDialect: needsDialect, accepts: accepts,
            hasAppNavigationDelegate: hasAppNavigationDelegate, needsPage: needsPage, summary: summary, body: body)
    }

    /// The area the case belongs to: the first segment of its id.
    package var area: String { String(id.prefix { $0 != "." }) }

    /// The component the case judges: the JS side for the `js-side` area, the native side otherwise.
    package var subject: Subject { area == "js-side" ? .javaScriptSide : .nativeSide }

    /// A component of a bridge that a case judges.
    package enum Subject: Sendable {
        /// The native side: the implementation behind the adapter.
        case nativeSide
        /// The JS side the native side injects: the kit's reference one unless a run supplies another.
        case javaScriptSide
    }
}

/// How binding a rule is, in RFC 2119 terms.
public enum RequirementLevel: String, Sendable, CaseIterable, Comparable {
    /// Breaking it is a conformance failure.
    case must = "MUST"
    /// Breaking it is reported as non-strict, not as a failure.
    case should = "SHOULD"
    /// Optional behaviour; reported for information.
    case may = "MAY"
    /// Observed and reported, never judged.
    case informational = "INFO"

    /// Stricter levels sort first: MUST < SHOULD < MAY < INFO.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

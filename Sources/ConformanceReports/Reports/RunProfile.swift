import WireDialects

/// The profile a run spoke: a dialect of the WVJB wire (`spec/protocol.md`, "Dialects"), or the messageHandler
/// container protocol (`spec/container.md`). Reports name it, and read the dialect where one applies (coverage,
/// goldens, the dialect hint).
package enum RunProfile: Equatable, Sendable {
    /// A WVJB dialect: the canonical wire, a shipped one or a dialect file's.
    case wire(WireDialect)
    /// The messageHandler container protocol.
    case container

    /// The canonical WVJB wire, the default.
    package static let canonical = RunProfile.wire(.canonical)

    /// The name reports give it (`canonical`, `wkwvjb`, a dialect file's name, `container`), and the folder of its
    /// goldens under `Fixtures/golden/` for a shipped one.
    package var name: String {
        switch self {
        case .wire(let dialect): dialect.name
        case .container: "container"
        }
    }

    /// What a report of a run in this profile is titled (and its badge labelled): `WVJB conformance`, or
    /// `container conformance`.
    package var reportTitle: String {
        switch self {
        case .wire: "WVJB conformance"
        case .container: "container conformance"
        }
    }

    /// The WVJB dialect, or nil for the container protocol.
    package var dialect: WireDialect? {
        if case .wire(let dialect) = self { return dialect }
        return nil
    }

    /// Whether the kit ships goldens of this profile (`Fixtures/golden/<name>/`).
    package var hasGoldens: Bool {
        switch self {
        case .wire(let dialect): WireDialect.shipped.contains(dialect)
        case .container: true
        }
    }
}

/// The kit's version, written here and nowhere else: every report names it (`RunMetadata`), and
/// `conformance --version` prints it. Raise it when a release changes what a bridge author sees (cases,
/// verdicts, reports, the adapter protocol); CONTRIBUTING.md says how.
package enum KitVersion {
    /// The version, `MAJOR.MINOR.PATCH` (semantic versioning).
    package static let current = "0.1.0"
}

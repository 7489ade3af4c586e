import ConformanceAdapter
import ConformanceCatalogue
import ConformanceSupport

/// How the kit of one run differs from the kit of another: its version, its catalogue (the cases run and the
/// clauses they cite), or both. `conformance diff` and the baseline gate say so before they list new
/// failures, which may then be the kit's doing rather than the bridge's.
package enum KitChange: Sendable, Equatable {
    /// The kit a run was made with, as its report's `metadata` and a baseline written from it name it.
    package struct Kit: Sendable, Equatable {
        /// The kit's version (`KitVersion.current` of the kit that ran).
        package var version: String
        /// The digest of the cases the run ran (`RunMetadata.catalogueDigest(of:)`).
        package var catalogueDigest: String

        /// A kit.
        package init(version: String, catalogueDigest: String) {
            self.version = version
            self.catalogueDigest = catalogueDigest
        }

        /// This kit, as it names a run of `results`.
        /// - Parameter results: The run's results.
        package init(running results: [CaseResult]) {
            self.init(version: KitVersion.current, catalogueDigest: RunMetadata.catalogueDigest(of: results))
        }
    }

    /// A value that differs between the two runs.
    package struct Values: Sendable, Equatable {
        /// The old run's.
        package var old: String
        /// The new run's.
        package var new: String
    }

    /// The kits differ: the versions, the catalogue digests, or both (nil where they are equal).
    case changed(version: Values?, catalogueDigest: Values?)
    /// The old run's kit is not known: its report was written before reports named their kit.
    case oldUnknown
    /// The new run's kit is not known: its report was written before reports named their kit.
    case newUnknown

    /// What differs between the kits of two runs; nil when they are the same, or neither is known.
    /// - Parameters:
    ///   - old: The old run's kit, nil when its report does not say.
    ///   - new: The new run's kit, nil when its report does not say.
    package init?(from old: Kit?, to new: Kit?) {
        switch (old, new) {
        case (nil, nil): return nil
        case (nil, _?): self = .oldUnknown
        case (_?, nil): self = .newUnknown
        case (let old?, let new?):
            guard old != new else { return nil }
            self = .changed(
                version: old.version == new.version ? nil : Values(old: old.version, new: new.version),
                catalogueDigest: old.catalogueDigest == new.catalogueDigest
                    ? nil : Values(old: old.catalogueDigest, new: new.catalogueDigest))
        }
    }

    /// What differs, in words: `kit 0.1.0 -> 0.2.0, catalogue sha256:0123456789ab -> sha256:ba9876543210 (the
    /// cases, or the clauses they cite, differ)`, or that a run's kit is unknown. Printable and bounded, whatever
    /// a report holds; the frontend escapes it for where it goes (Markdown).
    package var differences: String {
        switch self {
        case .changed(let version, let digest):
            let parts = [
                version.map { "kit \(Self.shown($0.old)) -> \(Self.shown($0.new))" },
                digest.map { digest in
                    let (old, new) = Self.shortDigests(digest)
                    return "catalogue \(old) -> \(new) (the cases, or the clauses they cite, differ)"
                },
            ]
            return parts.compactMap { $0 }.joined(separator: ", ")
        case .oldUnknown: return "the old run's kit is unknown: its report predates reports naming their kit"
        case .newUnknown: return "the new run's kit is unknown: its report predates reports naming their kit"
        }
    }

    /// A version as shown: printable, at most about 40 characters.
    private static func shown(_ value: String) -> String { PrintableText.abbreviate(value, limit: 40) }

    /// The digests cut to `sha256:` and 12 hexadecimal digits, as tables show them, unless that makes them
    /// look equal: then as they are (bounded).
    private static func shortDigests(_ digests: Values) -> (old: String, new: String) {
        let length = "sha256:".count + 12
        let (old, new) = (String(digests.old.prefix(length)), String(digests.new.prefix(length)))
        guard old == new else { return (shown(old), shown(new)) }
        return (PrintableText.abbreviate(digests.old, limit: 80), PrintableText.abbreviate(digests.new, limit: 80))
    }
}

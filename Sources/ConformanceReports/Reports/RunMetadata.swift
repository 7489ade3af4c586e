import ConformanceCatalogue
import ConformanceSupport
import Foundation
import StrictJSON

/// What every report says about a run besides its results, so that two reports can be told apart and compared
/// fairly: the kit that ran it, a digest of the cases it ran, when it started, the platform, and the profile.
///
/// The date follows `ReportTimings`: with timings off a report carries none, so the same run gives the same
/// bytes. The other fields are the same for the same run on the same build.
package struct RunMetadata: Equatable, Sendable {
    /// The kit's version (`KitVersion.current`).
    package var kitVersion: String
    /// `sha256:` and the SHA-256, in hexadecimal, of the cases in the report: each case's id and clauses, in id
    /// order (`catalogueDigest(of:)`). Equal digests mean the same cases citing the same clauses.
    package var catalogueDigest: String
    /// When the run started, `2025-01-31T09:05:00Z` (UTC, to the second); nil with timings off or when the
    /// run's start is not known.
    package var date: String?
    /// The operating system and processor the kit was built for, `Linux x86_64`.
    package var platform: String
    /// The profile (wire dialect) the run spoke.
    package var profile: String

    /// The metadata of a run.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The run: its profile, start date and whether reports carry times.
    package init(_ results: [CaseResult], context: RunContext) {
        kitVersion = KitVersion.current
        catalogueDigest = Self.catalogueDigest(of: results)
        date = context.timings == .on ? context.date.map(Self.dateText) : nil
        platform = Self.platform
        profile = context.profile.name
    }

    /// `sha256:<hex>` over the canonical JSON of `[[id, [clause, ...]], ...]`, the cases sorted by id (so the
    /// order they ran in does not matter). The exploration's findings are left out: they are what the bridge did,
    /// not cases of the kit.
    package static func catalogueDigest(of results: [CaseResult]) -> String {
        let cases = results.filter { !$0.isExplorationFinding }.sorted { $0.caseID < $1.caseID }.map {
            result -> JSONValue in
            .array([.string(result.caseID), .array(result.clauses.map(JSONValue.string))])
        }
        return "sha256:" + SHA256Digest.hex(of: JSONValue.array(cases).canonicalText)
    }

    /// `catalogueDigest` cut to its first 12 hexadecimal digits, for a table cell.
    package var shortCatalogueDigest: String { String(catalogueDigest.prefix("sha256:".count + 12)) }

    /// The platform the kit was built for.
    package static let platform: String = {
        #if os(Linux)
            let system = "Linux"
        #elseif os(macOS)
            let system = "macOS"
        #else
            let system = "another system"
        #endif
        #if arch(x86_64)
            return system + " x86_64"
        #elseif arch(arm64)
            return system + " arm64"
        #else
            return system
        #endif
    }()

    /// `date` as ISO 8601 in UTC, to the second: `2025-01-31T09:05:00Z`.
    package static func dateText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The JSON report's `metadata` object.
    package var jsonValue: JSONValue {
        var fields: [String: JSONValue] = [
            "kitVersion": .string(kitVersion), "catalogueDigest": .string(catalogueDigest),
            "platform": .string(platform), "profile": .string(profile),
        ]
        if let date { fields["date"] = .string(date) }
        return .object(fields)
    }

    /// One line for people: `kit 0.1.0 · Linux x86_64 · profile canonical · catalogue sha256:0123456789ab ·
    /// started 2025-01-31T09:05:00Z` (the date only when known).
    package var summaryLine: String {
        ["kit \(kitVersion)", platform, "profile \(profile)", "catalogue \(shortCatalogueDigest)"]
            .joined(separator: " · ") + (date.map { " · started \($0)" } ?? "")
    }
}

import ConformanceAdapter
import ConformanceCatalogue
import ConformanceSupport
import Foundation
import StrictJSON

/// A fork's exact set of expected failures: each entry names cases (an id or a glob), the verdict they
/// are expected to get, the obligations they fail, why, and optionally the platforms it holds on. Format:
/// `Fixtures/schemas/baseline.schema.json`.
public struct Baseline: Sendable, Equatable {
    /// One expected failure.
    package struct Entry: Sendable, Hashable {
        /// A case id or glob (`*` within a segment, `**` across).
        package var caseGlob: String
        /// The verdict the matching cases are expected to get.
        package var verdict: Verdict
        /// Why the failure is accepted, for the humans reading the file.
        package var reason: String
        /// The platforms the entry holds on, or nil for every platform. Foundation differs between
        /// them (`JSONSerialization` accepts trailing commas on Linux only), so a port can fail a case
        /// on one platform and pass it on another.
        package var platforms: [Platform]?
        /// The obligations each matching case fails (`CheckFailure.citedID`: an obligation, or the clause of
        /// a failure that names none), in the spec's order; nil in an entry written before baselines pinned
        /// them, which accepts any failure with its verdict. A glob's entry pins the same obligations for
        /// every case it matches, as it pins the same verdict: cases that fail differently take an entry
        /// each (what `--update-baseline` writes).
        package var obligations: [String]?

        /// Creates an entry.
        package init(
            caseGlob: String, verdict: Verdict, reason: String, platforms: [Platform]? = nil,
            obligations: [String]? = nil
        ) {
            self.caseGlob = caseGlob
            self.verdict = verdict
            self.reason = reason
            self.platforms = platforms
            self.obligations = obligations
        }

        /// Whether the entry is explore's: its glob's first segment is `explore`, the namespace of
        /// `conformance explore`'s finding ids and of case files' cases. A catalogue run does not see what
        /// explore finds (its programs are random), so it neither calls such an entry stale nor drops it
        /// when it rewrites the baseline: one file serves `conformance run` and `conformance explore`.
        package var isExploreEntry: Bool { caseGlob == "explore" || caseGlob.hasPrefix("explore.") }

        /// Whether the entry holds on `platform` (nil: a platform no entry can name); an entry for other
        /// platforms is neither matched nor reported stale there.
        package func applies(on platform: Platform?) -> Bool {
            guard let platforms else { return true }
            return platform.map(platforms.contains) ?? false
        }
    }

    /// An operating system a baseline entry can be limited to, by its name in the file.
    package enum Platform: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        // Declared in the order errors list them (`allCases`).

        /// Linux (swift-corelibs-foundation).
        case linux
        /// macOS.
        case macOS = "macos"
        /// iOS and iPadOS.
        case iOS = "ios"
        /// tvOS.
        case tvOS = "tvos"
        /// watchOS.
        case watchOS = "watchos"
        /// visionOS.
        case visionOS = "visionos"
        /// Windows.
        case windows
        /// Android.
        case android

        /// The name.
        package var description: String { rawValue }

        /// The platform this process runs on; nil on one no entry can name, where only entries for every
        /// platform hold.
        package static var current: Platform? {
            #if os(Linux)
                .linux
            #elseif os(macOS)
                .macOS
            #elseif os(iOS)
                .iOS
            #elseif os(tvOS)
                .tvOS
            #elseif os(watchOS)
                .watchOS
            #elseif os(visionOS)
                .visionOS
            #elseif os(Windows)
                .windows
            #elseif os(Android)
                .android
            #else
                nil
            #endif
        }
    }

    /// The verdicts an entry may expect: every verdict but the clean ones, which let a case succeed quietly.
    package static let expectableVerdicts: [Verdict] = Verdict.allCases.filter { $0.category != .clean }

    /// The entries, in file order.
    package var entries: [Entry]
    /// The ids of the implementer's own cases (`knowing(_:)`): entries naming them are not stale.
    package var ownCaseIDs: [String] = []

    /// This baseline, told of your own cases (`ConformanceCase.custom`, case files), so that its entries for
    /// them are gated like any other and never reported stale. From `swift test`, where the gate sees one case
    /// at a time and cannot know which of your cases run.
    /// - Parameter cases: Your own cases.
    /// - Returns: The baseline, knowing them.
    public func knowing(_ cases: [ConformanceCase]) -> Baseline {
        var baseline = self
        baseline.ownCaseIDs += cases.map(\.id)
        return baseline
    }

    /// The name of the profile (wire dialect, `--profile`) whose runs the baseline gates: a failure expected
    /// in one dialect says nothing about another. A file without the field is the canonical profile's.
    package var profile: String

    /// The kit that wrote the baseline (`--update-baseline`): its version and the digest of the cases of the run
    /// it was written from, as that run's report names them. Nil in a file written before baselines named it.
    /// The gate says when this run's kit differs (`BaselineGate.kitChange`).
    package var kit: KitChange.Kit?

    /// Creates a baseline.
    /// - Parameters:
    ///   - entries: The expected failures.
    ///   - profile: The profile whose runs it gates.
    ///   - kit: The kit that wrote it, if known.
    package init(entries: [Entry], profile: String = "canonical", kit: KitChange.Kit? = nil) {
        self.entries = entries
        self.profile = profile
        self.kit = kit
    }

    /// Why this baseline cannot gate a run in `profile`, or nil when it can.
    /// - Parameters:
    ///   - profile: The run's profile name.
    ///   - path: The baseline's file, to name it in the message, if it has one.
    package func mismatch(withRunIn profile: String, path: String? = nil) -> String? {
        guard profile != self.profile else { return nil }
        return
            "the baseline\(path.map { " " + $0 } ?? "") gates the \(self.profile) profile, and this run speaks \(profile): run with --profile \(self.profile), or keep a baseline file per profile"
    }

    /// Reads a baseline file, checking every entry: a missing or unreadable file, text that is not JSON,
    /// an unknown field, a wrong type, an unknown verdict or platform, an empty reason, a malformed
    /// case glob and an entry that repeats an earlier one's case on a platform both hold on are all
    /// refused, never skipped.
    /// - Parameter url: The file (`conformance-baseline.json`).
    /// - Throws: `HarnessError` (`invalidInput`) naming the file, the entry and the field, for example
    ///   `baseline.json: entries[3] (case "flush.x").verdict: "flaky" is not a verdict a baseline can expect
    ///   (fail, ...)`.
    public static func load(from url: URL) throws(HarnessError) -> Baseline {
        let file = FixtureFile(
            userFile: url,
            remedy: "Check the path, or write the file with `conformance run --baseline FILE --update-baseline`.")
        do throws(FixtureFile.Failure) {
            let document = try file.decode(Document.self, labelKey: "case")
            return Baseline(entries: document.entries, profile: document.profile, kit: document.kit)
        } catch {
            throw error.harnessError
        }
    }

    /// The version of the format this kit writes: 2 added `obligations` (and, before any release, `kitVersion` and
    /// `catalogueDigest`). It reads every version up to it.
    package static let formatVersion = 2

    /// The file text: canonical JSON, one entry per line, so diffs stay readable; the kit that wrote it, when
    /// known, on the first line.
    package var fileText: String {
        let lines = entries.map { entry -> String in
            var object: [String: JSONValue] = [
                "case": .string(entry.caseGlob), "verdict": .string(entry.verdict.rawValue),
                "reason": .string(entry.reason),
            ]
            if let platforms = entry.platforms { object["platforms"] = .array(platforms.map { .string($0.rawValue) }) }
            if let obligations = entry.obligations { object["obligations"] = .array(obligations.map(JSONValue.string)) }
            return "  " + JSONValue.object(object).canonicalText
        }
        let kitFields = kit.map {
            ",\"kitVersion\":" + JSONValue.string($0.version).canonicalText + ",\"catalogueDigest\":"
                + JSONValue.string($0.catalogueDigest).canonicalText
        }
        return "{\"format\":\"wvjb-conformance-baseline\",\"version\":\(Self.formatVersion)" + (kitFields ?? "")
            + ",\"profile\":" + JSONValue.string(profile).canonicalText + ",\"entries\":[\n"
            + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// The reason `--update-baseline` wrote before it wrote one of its own (`generatedReason(for:)`): an entry
    /// that still has it gets a generated reason when the baseline is rewritten.
    package static let formerPlaceholderReason = "recorded by --update-baseline: say why this failure is accepted"

    /// The baseline that makes `results` pass exactly on `platform`, naming the kit that ran them: one entry
    /// per failing case, by exact id, pinning the obligations it fails, keeping the reason and platforms of an
    /// existing entry that matched it. A new entry's reason is made from its first failure
    /// (`generatedReason(for:)`), and it holds on the platforms whose behaviour the kit saw as the cause of every
    /// failure of its case (`CheckFailure.likelyCause`: Foundation on Linux), or, beside an entry for the same
    /// case on other platforms, on `platform` alone. Entries for other platforms, and explore's entries no case of
    /// `results` matched (`Entry.isExploreEntry`), are kept as they are, since this run says nothing about them.
    /// - Parameters:
    ///   - results: A run's results.
    ///   - old: The baseline being replaced.
    ///   - platform: The platform the run was made on.
    package static func updated(from results: [CaseResult], keeping old: Baseline, on platform: Platform? = .current)
        -> Baseline
    {
        let applicable = old.entries.filter { $0.applies(on: platform) }
        let elsewhere = old.entries.filter { !$0.applies(on: platform) }
        let recorded = results.filter { $0.verdict.category != .clean }.map { result in
            let kept = applicable.first { CaseSelector.matches($0.caseGlob, result.caseID) }
            let keptReason = kept.map(\.reason).flatMap { $0 == formerPlaceholderReason ? nil : $0 }
            let causedOnly = result.platformsOfLikelyCause.flatMap { causes in
                platform.flatMap { causes.contains($0) ? causes : nil }
            }
            let beside = elsewhere.contains { $0.caseGlob == result.caseID }
            return Entry(
                caseGlob: result.caseID, verdict: result.verdict, reason: keptReason ?? generatedReason(for: result),
                platforms: kept?.platforms ?? causedOnly ?? (beside ? platform.map { [$0] } : nil),
                obligations: result.failedObligations)
        }
        // Explore's entries stay unless a case of this run (a case file's) is what they name.
        let explore = applicable.filter { entry in
            entry.isExploreEntry && !results.contains { CaseSelector.matches(entry.caseGlob, $0.caseID) }
        }
        return Baseline(
            entries: recorded + explore + elsewhere, profile: old.profile, kit: KitChange.Kit(running: results))
    }

    /// The reason `--update-baseline` writes for a failure it records: the obligation and message of its
    /// first failure at the level that decided its verdict (its first MUST one, when it has one), its likely
    /// cause in a few words in place of the hint that ends the message when the kit saw one; or the verdict
    /// and why the case stopped, for one with no failure; on one printable line of at most about 200
    /// characters, for the humans to replace with why the failure is accepted.
    /// - Parameter result: A failing case's result.
    static func generatedReason(for result: CaseResult) -> String {
        let what: String
        if let failure = result.failures.first(where: { $0.level == .must }) ?? result.failures.first {
            var message = failure.message
            // The hint the check appended (`CaseContext.fail`), told in a few words instead.
            if let cause = failure.likelyCause, message.hasSuffix(cause.hint) {
                message = String(message.dropLast(cause.hint.count)) + " (likely: \(cause.summary))"
            }
            what = "\(failure.citedID): \(message)"
        } else {
            let stop = result.interruption.map { $0.text.prefix { $0 != "\n" } }.map(String.init) ?? ""
            what = "\(result.verdict)" + (stop.isEmpty ? "" : ": " + stop)
        }
        return PrintableText.abbreviate(what, limit: 200)
    }

    /// Compares a run with the entries that hold on `platform`: each case with the verdict and the
    /// obligations its entry pins (`ObligationChange`; an entry that pins none accepts any failure with its
    /// verdict, and the gate says once that the baseline has such entries).
    /// - Parameters:
    ///   - results: The run's results.
    ///   - catalogueIDs: Every case id the kit has (an entry matching none of them is stale, unless it is
    ///     explore's: `Entry.isExploreEntry`).
    ///   - platform: The platform the run was made on.
    ///   - runKit: The kit of the whole run (`KitChange.Kit(running:)`), compared with the one that wrote the
    ///     baseline; nil where the gate sees one case at a time (`swift test`) and cannot know the run's cases.
    package func gate(
        _ results: [CaseResult], catalogueIDs: [String], on platform: Platform? = .current,
        runKit: KitChange.Kit? = nil
    ) -> BaselineGate {
        let applicable = entries.filter { $0.applies(on: platform) }
        var gate = BaselineGate()
        // A baseline that does not name its kit (written before baselines did) says nothing here.
        if let kit, let runKit { gate.kitChange = KitChange(from: kit, to: runKit) }
        // Explore's entries name a finding's clause in their id: they need no obligations.
        gate.entriesWithoutObligations = applicable.filter { $0.obligations == nil && !$0.isExploreEntry }
        for result in results {
            let matching = applicable.filter { CaseSelector.matches($0.caseGlob, result.caseID) }
            if let entry = matching.first(where: { $0.verdict == result.verdict }) {
                let change = ObligationChange(result, against: entry)
                if let change { gate.changedObligations.append(change) }
                if change?.failsGate != true { gate.expected.append((result, entry)) }
            } else if let entry = matching.first {
                switch result.verdict.category {
                case .clean: gate.unexpectedPasses.append((result, entry))
                case .finding, .error: gate.changed.append((result, entry))
                }
            } else if result.verdict.failsRun {
                gate.newFailures.append(result)
            } else if result.verdict.category != .clean {
                gate.nonStrict.append(result)
            }
        }
        let known = catalogueIDs + ownCaseIDs
        gate.stale = applicable.filter { entry in
            !entry.isExploreEntry && !known.contains { CaseSelector.matches(entry.caseGlob, $0) }
        }
        return gate
    }
}

extension Baseline.Entry: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case caseGlob = "case", verdict, reason, platforms, obligations
    }

    /// Decodes one entry, checking each field as the schema does.
    package init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        caseGlob = try fields.decodeDottedID(allowing: "-*", kind: "a case id or glob", forKey: .caseGlob)
        let verdictName = try fields.decode(String.self, forKey: .verdict)
        guard let verdict = Baseline.expectableVerdicts.first(where: { $0.rawValue == verdictName }) else {
            let names = Baseline.expectableVerdicts.map(\.rawValue).joined(separator: ", ")
            let problem =
                Verdict(rawValue: verdictName) != nil
                ? "is a passing verdict; a baseline lists the failures it expects"
                : "is not a verdict a baseline can expect"
            throw DecodingError.dataCorruptedError(
                forKey: .verdict, in: fields,
                debugDescription: "\(JSONValueDecoder.quoted(verdictName)) \(problem) (\(names))")
        }
        self.verdict = verdict
        reason = try fields.decodeNonBlankString(forKey: .reason)
        if fields.contains(.platforms) {
            let platforms = try fields.decode([Baseline.Platform].self, forKey: .platforms)
            guard !platforms.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .platforms, in: fields,
                    debugDescription: "lists no platform; leave the field out for an entry that holds everywhere")
            }
            self.platforms = platforms
        } else {
            platforms = nil
        }
        obligations = fields.contains(.obligations) ? try Self.decodeObligations(in: fields) : nil
    }

    /// The longest obligation or clause id an entry may pin: the spec's are under 16 characters.
    private static let longestObligation = 64

    /// The `obligations` field: ids of letters, digits and dashes in dot-separated segments (`BOOT-2.b`, a
    /// custom case's `APP-1`), each once.
    private static func decodeObligations(in fields: KeyedDecodingContainer<CodingKeys>) throws -> [String] {
        let obligations = try fields.decode([String].self, forKey: .obligations)
        for (index, obligation) in obligations.enumerated() {
            let segments = obligation.split(separator: ".", omittingEmptySubsequences: false)
            let valid =
                obligation.utf8.count <= longestObligation
                && segments.allSatisfy { segment in
                    !segment.isEmpty
                        && segment.utf8.allSatisfy { byte in
                            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                        }
                }
            let problem =
                !valid
                ? "is not an obligation or clause id (BOOT-2.b, APP-1: dot-separated segments of letters, digits and -, at most \(longestObligation) characters)"
                : obligations[..<index].contains(obligation) ? "is listed twice; list it once" : nil
            if let problem {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: fields.codingPath + [CodingKeys.obligations, Baseline.ArrayIndex(intValue: index)],
                        debugDescription: "\(JSONValueDecoder.quoted(obligation)) \(problem)"))
            }
        }
        return obligations
    }
}

extension Baseline.Platform: Decodable {
    /// Decodes a platform name, refusing names that are not a case.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let platform = Self(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "\(JSONValueDecoder.quoted(name)) is not a platform (\(Self.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        self = platform
    }
}

extension Baseline {
    /// The whole file: its format marker, version and entries.
    private struct Document: Decodable {
        private enum CodingKeys: String, CodingKey, CaseIterable {
            case format, version, kitVersion, catalogueDigest, profile, entries
        }

        var entries: [Entry]
        var profile: String
        var kit: KitChange.Kit?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            try fields.expectConstant("wvjb-conformance-baseline", forKey: .format)
            let version = try fields.decode(JSONValue.self, forKey: .version)
            guard (1...Baseline.formatVersion).contains(where: { version == .number(Double($0)) }) else {
                var newer = false
                if case .number(let number) = version { newer = number > Double(Baseline.formatVersion) }
                throw DecodingError.dataCorruptedError(
                    forKey: .version, in: fields,
                    debugDescription:
                        "this kit reads versions 1 to \(Baseline.formatVersion), found \(JSONValueDecoder.describe(version))"
                        + (newer ? "; a newer kit wrote the file: update the kit" : ""))
            }
            profile =
                fields.contains(.profile)
                ? try fields.decodeDottedID(allowing: "-", kind: "a profile name", forKey: .profile) : "canonical"
            kit = try Self.decodeKit(in: fields)
            entries = try fields.decode([Entry].self, forKey: .entries)
            try Self.refuseRepeatedEntries(entries, codingPath: fields.codingPath + [CodingKeys.entries])
        }

        /// `kitVersion` and `catalogueDigest`, both or neither (a file written before baselines named their kit),
        /// each of the form a report's `metadata` gives it.
        private static func decodeKit(in fields: KeyedDecodingContainer<CodingKeys>) throws -> KitChange.Kit? {
            switch (fields.contains(.kitVersion), fields.contains(.catalogueDigest)) {
            case (false, false): return nil
            case (true, false), (false, true):
                let (given, missing): (CodingKeys, CodingKeys) =
                    fields.contains(.kitVersion) ? (.kitVersion, .catalogueDigest) : (.catalogueDigest, .kitVersion)
                throw DecodingError.dataCorruptedError(
                    forKey: given, in: fields,
                    debugDescription:
                        "is given without \(missing.rawValue): give both (--update-baseline writes them), or neither")
            case (true, true):
                let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
                let version = try fields.decode(String.self, forKey: .kitVersion)
                let parts = version.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
                guard parts.count == 3,
                    parts.allSatisfy({ (1...9).contains($0.count) && $0.allSatisfy(digits.contains) })
                else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .kitVersion, in: fields,
                        debugDescription: "\(JSONValueDecoder.quoted(version)) is not a kit version (MAJOR.MINOR.PATCH)"
                    )
                }
                let digest = try fields.decode(String.self, forKey: .catalogueDigest)
                let hex = digest.dropFirst("sha256:".count)
                let letters = UInt8(ascii: "a")...UInt8(ascii: "f")
                guard digest.hasPrefix("sha256:"), hex.utf8.count == 64,
                    hex.utf8.allSatisfy({ digits.contains($0) || letters.contains($0) })
                else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .catalogueDigest, in: fields,
                        debugDescription:
                            "\(JSONValueDecoder.quoted(digest)) is not a catalogue digest (sha256: and 64 lowercase hexadecimal digits)"
                    )
                }
                return KitChange.Kit(version: version, catalogueDigest: digest)
            }
        }

        /// Refuses an entry for the same case glob as an earlier one on a platform both hold on: the gate
        /// would judge the case by one of them and never read the other.
        private static func refuseRepeatedEntries(_ entries: [Entry], codingPath: [any CodingKey]) throws {
            for (index, entry) in entries.enumerated() {
                for (earlier, previous) in entries[..<index].enumerated() where previous.caseGlob == entry.caseGlob {
                    let shared = Platform.allCases.filter { entry.applies(on: $0) && previous.applies(on: $0) }
                    guard !shared.isEmpty else { continue }
                    let platforms =
                        entry.platforms == nil && previous.platforms == nil
                        ? "" : " on \(shared.map(\.rawValue).joined(separator: ", "))"
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: codingPath + [ArrayIndex(intValue: index)],
                            debugDescription:
                                "repeats entries[\(earlier)], for the same case\(platforms); keep one entry per case (and platform)"
                        ))
                }
            }
        }
    }

    /// A position in an array of the file (an entry in `entries`, an id in `obligations`), for errors that name it.
    fileprivate struct ArrayIndex: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}

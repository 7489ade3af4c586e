import ConformanceKit

/// The shards of one run joined (`conformance merge`): every selected case once, in the selection's order, then the
/// exploration's findings deduplicated by id (of each, the one of the earliest program in the whole exploration,
/// as one unsharded run would have found it), in the order of those programs; the explorations' programs added up.
struct MergedShards {
    /// `--profile` as the shards were given it.
    let profile: String
    /// `--adapter` as the shards were given it.
    let adapter: String
    /// The results of the whole run.
    let results: [CaseResult]
    /// Each result's rerun (or replay) command words, by case id.
    let rerun: [String: [String]]
    /// The exploration after the cases, joined over the shards; nil when none ran.
    let exploration: ExplorationSummary?
    /// Why a shard stopped early (the first such), with every shard's cases that did not run; nil for a whole run.
    let stop: RunStop?

    /// Joins `documents`, read from `files`.
    /// - Throws: `ShardMismatch` naming the files that do not belong together, or the shard missing or repeated.
    init(_ documents: [ShardDocument], files: [String]) throws(ShardMismatch) {
        let first = documents[0]
        let facts: [(String, (ShardDocument) -> String)] = [
            ("kit version", \.kit), ("catalogue", \.catalogue), ("profile", \.profile), ("adapter", \.adapter),
            ("shard count", { String($0.shard.count) }), ("selection", { $0.selection.joined(separator: ",") }),
            ("exploration seed", { $0.exploration.map { String($0.seed) } ?? "none" }),
        ]
        for (what, value) in facts {
            if let index = documents.indices.first(where: { value(documents[$0]) != value(first) }) {
                throw ShardMismatch(
                    "\(files[0]) and \(files[index]) are shards of different runs (their \(what) differs); merge the shards of one run"
                )
            }
        }
        if first.kit != KitVersion.current {
            throw ShardMismatch(
                "the shards ran with kit \(first.kit) and this is kit \(KitVersion.current); merge them with the kit that ran them"
            )
        }
        if first.catalogue != ShardDocument.catalogueDigest(container: first.profile == ProfileChoice.containerName) {
            throw ShardMismatch(
                "the shards ran another catalogue than this kit's; merge them with the kit that ran them")
        }
        let count = first.shard.count
        let present = documents.map(\.shard.index)
        if let repeated = present.first(where: { index in present.filter { $0 == index }.count > 1 }) {
            throw ShardMismatch("shard \(repeated)/\(count) is given twice; give each shard once")
        }
        let missing = (1...count).filter { !present.contains($0) }
        if !missing.isEmpty {
            throw ShardMismatch(
                "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) of the run \(missing.count == 1 ? "is" : "are") missing; merge all \(count)"
            )
        }
        let shards = documents.sorted { $0.shard.index < $1.shard.index }
        profile = first.profile
        adapter = first.adapter
        // The cases in the selection's order; a case of the selection in no shard did not run (a shard stopped).
        var byID: [String: CaseResult] = [:]
        // Each finding id's earliest program (its index in the whole exploration, then its place in its shard: one
        // program can show several findings), its result and rerun words.
        var findings: [String: (program: Int, place: Int, result: CaseResult, rerun: [String]?)] = [:]
        var rerun: [String: [String]] = [:]
        for shard in shards {
            for (place, result) in shard.results.enumerated() {
                guard result.isExplorationFinding else {
                    byID[result.caseID] = result
                    rerun[result.caseID] = shard.rerun[result.caseID]
                    continue
                }
                // A shard without program indexes (a kit fault's harness error) ranks after those with them.
                let program = shard.findingPrograms?[result.caseID] ?? Int.max
                if let kept = findings[result.caseID], kept.program <= program { continue }
                findings[result.caseID] = (program, place, result, shard.rerun[result.caseID])
            }
        }
        let earliestFirst = findings.values.sorted { ($0.program, $0.place) < ($1.program, $1.place) }
        for finding in earliestFirst { rerun[finding.result.caseID] = finding.rerun }
        results = first.selection.compactMap { byID[$0] } + earliestFirst.map(\.result)
        self.rerun = rerun
        let explorations = shards.compactMap(\.exploration)
        exploration = explorations.first.map { base in
            var joined = base
            joined.plannedPrograms = explorations.map(\.plannedPrograms).reduce(0, +)
            joined.programsRun = explorations.map(\.programsRun).reduce(0, +)
            joined.findings = earliestFirst.map(\.result.caseID)
            joined.knownFindings = explorations.flatMap(\.knownFindings).reduce(into: [String]()) { known, id in
                if !known.contains(id) { known.append(id) }
            }
            return joined
        }
        let ran = Set(byID.keys)
        stop = shards.compactMap(\.stop).first.map { stopped in
            RunStop(reason: stopped.reason, notRun: first.selection.filter { !ran.contains($0) })
        }
    }
}

/// Shard files that do not make one run.
struct ShardMismatch: Error, CustomStringConvertible {
    /// What does not match, and what to do.
    let description: String

    init(_ description: String) { self.description = description }
}

import ConformanceKit
import Foundation
import StrictJSON

/// What `run --shard K/N --shard-file PATH` writes and `conformance merge` reads: one shard's whole results (every
/// case with its transcript, which no report carries whole) and what the merge checks before it joins shards: the
/// kit and its catalogue, the profile, the adapter, the shard and the whole selection.
struct ShardDocument: Codable {
    /// The document's format; a merge refuses any other.
    var format = ShardDocument.currentFormat
    /// The kit that ran the shard (`KitVersion.current`).
    var kit: String
    /// The digest of the profile's catalogue in that kit (ids and clauses of every case).
    var catalogue: String
    /// `--profile` as given: a shipped profile's name, `container` or a dialect file's path.
    var profile: String
    /// `--adapter` as given.
    var adapter: String
    /// Which part of the run this is.
    var shard: Shard
    /// The ids of the whole selection, every shard's, in run order.
    var selection: [String]
    /// The words of each result's rerun (or replay) command, by case id.
    var rerun: [String: [String]]
    /// The exploration after the shard's cases, if one ran.
    var exploration: ExplorationSummary?
    /// The index in the whole exploration (from 0, over every shard's programs) of each new finding's first
    /// program, by finding id: a merge keeps the finding of the earliest program, as one unsharded run would.
    var findingPrograms: [String: Int]?
    /// Why the shard ended before every case ran; nil for a whole shard.
    var stop: RunStop?
    /// The shard's results, in run order.
    var results: [CaseResult]

    /// The format this kit writes and reads.
    static let currentFormat = 1
    /// The largest shard document a merge reads.
    static let maximumBytes = 512 << 20

    /// The index in the whole exploration of each finding's first program: program `run` (from 1) of shard K/N is
    /// program `(K - 1) + (run - 1) * N` of the whole.
    static func findingPrograms(of report: ExploreReport, shard: Shard) -> [String: Int] {
        Dictionary(
            report.findings.map { ($0.id, (shard.index - 1) + ($0.firstRun - 1) * shard.count) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The digest of `profile`'s catalogue in this kit: its cases' ids and clauses, sorted by id.
    static func catalogueDigest(container: Bool) -> String {
        let outline: [(String, [String])] =
            container ? ContainerCatalogue.all.map { ($0.id, $0.clauses) } : Catalogue.all.map { ($0.id, $0.clauses) }
        let cases = outline.sorted { $0.0 < $1.0 }.map { id, clauses -> JSONValue in
            .array([.string(id), .array(clauses.map(JSONValue.string))])
        }
        return "sha256:" + SHA256Digest.hex(of: JSONValue.array(cases).canonicalText)
    }

    /// Writes the document to `path` (through a symlink, never replacing it: `TextDestination`).
    /// - Returns: Whether it was written; when not, standard error says why.
    func write(to path: String) -> Bool { Self.write(self, to: path) }

    /// Writes a shard file (a run's or a comparison's) to `path` (through a symlink, never replacing it).
    /// - Returns: Whether it was written; when not, standard error says why.
    static func write(_ document: some Encodable, to path: String) -> Bool {
        do {
            let text = CanonicalJSON.encodeKeepingNonASCII(try JSONValueEncoder.encode(document))
            try TextDestination(path: path, dashIsStandardOutput: false).write(text + "\n")
            return true
        } catch {
            printError("cannot write the shard file: \(error)")
            return false
        }
    }

    /// Reads the document at `path`.
    /// - Throws: A message saying what is wrong with the file and what to do.
    static func read(from path: String) throws(ShardFileFailure) -> ShardDocument {
        try decode(readJSON(from: path), path: path)
    }

    /// Decodes a shard document read from `path`.
    static func decode(_ value: JSONValue, path: String) throws(ShardFileFailure) -> ShardDocument {
        do { return try JSONValueDecoder.decode(ShardDocument.self, from: value) } catch {
            throw ShardFileFailure(path: path, problem: "it is not a shard document (\(error))")
        }
    }

    /// The JSON of the shard file at `path` (of a run or of a comparison), once its format is this kit's.
    /// - Throws: A message saying what is wrong with the file and what to do.
    static func readJSON(from path: String) throws(ShardFileFailure) -> JSONValue {
        let text: String
        do throws(FixtureFile.Failure) {
            text = try FixtureFile(
                userFile: URL(fileURLWithPath: path),
                remedy: "Give the files `conformance run`, `explore` or `compare` wrote with --shard-file.",
                maximumBytes: maximumBytes
            ).text()
        } catch {
            throw ShardFileFailure(path: path, problem: error.problem)
        }
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            throw ShardFileFailure(path: path, problem: "it is not JSON (\(error)); give a file `--shard-file` wrote")
        }
        if case .object(let members) = value, members["format"] != .number(Double(currentFormat)) {
            throw ShardFileFailure(
                path: path,
                problem:
                    "it is not a shard document of this kit (format \(members["format"].map(\.canonicalText) ?? "missing"), this kit reads \(currentFormat)); run the shards and the merge with one kit"
            )
        }
        return value
    }
}

/// A shard document that cannot be read: which file, and why.
struct ShardFileFailure: Error, CustomStringConvertible {
    /// The file as given.
    var path: String
    /// What is wrong with it, and what to do.
    var problem: String

    var description: String { "cannot merge \(path): \(problem)" }
}

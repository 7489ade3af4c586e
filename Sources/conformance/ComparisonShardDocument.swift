import ConformanceKit
import StrictJSON

/// What `compare --shard K/N --shard-file PATH` writes and `conformance merge` reads: one shard of a comparison,
/// each implementation's shard document (as its `conformance run --shard` wrote it) under its column's label, with
/// the words its reports' rerun commands start with.
struct ComparisonShardDocument: Codable {
    /// One implementation's part of the shard.
    struct Column: Codable {
        /// The column's label (`--adapter LABEL=ADAPTER`).
        var label: String
        /// The words of the column's rerun command before `--case <id>` (adapter, profile, JS side, case files).
        var rerunWords: [String]
        /// The implementation's shard, as its run wrote it.
        var shard: ShardDocument
    }

    /// The document's format; a merge refuses any other.
    var format = ShardDocument.currentFormat
    /// Says the file is a comparison's shard, not a run's.
    var kind = ComparisonShardDocument.kindName
    /// Which part of the comparison this is.
    var shard: Shard
    /// The implementations, in the order the adapters were given.
    var columns: [Column]

    /// `kind`'s value.
    static let kindName = "comparison"

    /// Whether the shard file's JSON is a comparison's (`kind`), rather than a run's.
    static func isComparison(_ value: JSONValue) -> Bool {
        if case .object(let members) = value, members["kind"] == .string(kindName) { return true }
        return false
    }

    /// Decodes a comparison's shard document read from `path`.
    static func decode(_ value: JSONValue, path: String) throws(ShardFileFailure) -> ComparisonShardDocument {
        do { return try JSONValueDecoder.decode(ComparisonShardDocument.self, from: value) } catch {
            throw ShardFileFailure(path: path, problem: "it is not a comparison's shard document (\(error))")
        }
    }

    /// Writes the document to `path` (through a symlink, never replacing it: `TextDestination`).
    /// - Returns: Whether it was written; when not, standard error says why.
    func write(to path: String) -> Bool { ShardDocument.write(self, to: path) }
}

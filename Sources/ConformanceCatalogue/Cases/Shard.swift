/// One of `count` parts of a run (`--shard K/N`), for a CI matrix whose machines each run a part and a last job
/// that merges them (`conformance merge`). The partition depends only on what is partitioned, never on the
/// machine, the order or the selection: a case belongs to the shard its id's FNV-1a hash (of its UTF-8 bytes)
/// names, and program `i` of an exploration to shard `i mod count + 1`. The `count` shards together run every
/// selected case and every program exactly once.
package struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which part, from 1 to `count`.
    package let index: Int
    /// How many parts.
    package let count: Int

    /// The most parts a run may be split into.
    package static let maximumCount = 1_000

    /// A shard.
    /// - Precondition: `1 <= index <= count <= maximumCount`.
    package init(index: Int, count: Int) {
        precondition((1...Self.maximumCount).contains(count) && (1...count).contains(index), "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// Parses `K/N`; nil for anything else (K from 1 to N, N from 1 to `maximumCount`, decimal digits only).
    package init?(parsing argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
            let index = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.maximumCount).contains(count), (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`.
    package var description: String { "\(index)/\(count)" }

    /// Whether the case of `id` is this shard's.
    package func contains(caseID id: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count)) == index - 1
    }

    /// Whether program `run` (counted from 0) of an exploration is this shard's.
    package func contains(program run: Int) -> Bool { run % count == index - 1 }
}

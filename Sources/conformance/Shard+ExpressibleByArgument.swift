import ArgumentParser
import ConformanceKit

/// `run --shard K/N`: one of N parts of the run (`Shard`).
extension Shard: ExpressibleByArgument {
    public init?(argument: String) {
        guard let shard = Shard(parsing: argument) else { return nil }
        self = shard
    }

    public var defaultValueDescription: String { description }
}

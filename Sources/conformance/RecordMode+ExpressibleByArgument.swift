import ArgumentParser
import ConformanceKit

/// `record --mode never|missing|failed|all`; help and errors list the values.
extension GoldenStore.RecordMode: ExpressibleByArgument {}

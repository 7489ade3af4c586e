import ArgumentParser
import ConformanceKit

/// `--level MUST|SHOULD|MAY|INFO`, in any case; help and errors list the values.
extension RequirementLevel: ExpressibleByArgument {
    /// The level spelled `argument`, ignoring case (`must` is MUST).
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}

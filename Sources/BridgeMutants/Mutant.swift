import ConformanceKit

/// A deliberately broken variant of the reference bridge with one realistic defect, and the case that
/// must catch it. The suite's strength is measured by running every mutant.
public struct Mutant: Sendable, Identifiable {
    /// A stable kebab-case name, used as `--adapter mutant:<name>`.
    public let id: String
    /// The defect, in one sentence.
    public let defect: String
    /// The cases that must catch it (others may catch it too).
    public let caughtBy: [String]
    let make: @MainActor @Sendable () -> any BridgeAdapter

    /// A fresh adapter running this mutant.
    @MainActor
    public func makeAdapter() -> any BridgeAdapter { make() }
}

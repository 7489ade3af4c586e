/// One conformance case at a time in a process. swift-testing runs a parameterized test's arguments side by side,
/// and cases interleaved on the main actor would share whatever a bridge keeps for the whole process (upstream's
/// logging switch is a class property): one case's setting would reach another, and the verdict would be the
/// arrangement's doing, not the bridge's. Cases take turns in the order they ask.
@MainActor
final class CaseTurns {
    /// The process's turns.
    static let shared = CaseTurns()

    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once no other case runs, then hands the turn to the case that asked next.
    func take<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        if isTaken {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isTaken = true
        }
        defer {
            if waiting.isEmpty { isTaken = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}

/// One check of the messageHandler container profile (`spec/container.md`): a stable id, the clauses it checks, and
/// a script that drives the container through a `ContainerCaseContext`.
public struct ContainerCase: Sendable, Identifiable {
    /// A stable, hierarchical id such as `call.answer-with-callback`.
    public let id: String
    /// The clauses of `spec/container.md` the case checks; the first is the main one.
    public let clauses: [String]
    /// Whether the case makes synchronous calls (`prompt()`): not applicable to a container that does not adopt
    /// `SupportsSynchronousCalls`.
    package let needsSynchronousCalls: Bool
    /// Whether a handler the case registers throws: not applicable out of process, where the container calls a
    /// proxy of the handler that cannot throw.
    package let usesThrowingHandlers: Bool
    /// One line saying what the case checks.
    public let summary: String
    let body: @MainActor @Sendable (ContainerCaseContext) async throws -> Void

    /// Creates a case.
    /// - Parameters:
    ///   - id: The stable hierarchical id.
    ///   - clauses: The clauses checked; the first is the main one.
    ///   - needsSynchronousCalls: Whether the page makes synchronous calls.
    ///   - usesThrowingHandlers: Whether a handler the case registers throws.
    ///   - summary: One line saying what is checked.
    ///   - body: Drives the case.
    package init(
        id: String, clauses: [String], needsSynchronousCalls: Bool = false, usesThrowingHandlers: Bool = false,
        summary: String,
        body: @escaping @MainActor @Sendable (ContainerCaseContext) async throws -> Void
    ) {
        self.id = id
        self.clauses = clauses
        self.needsSynchronousCalls = needsSynchronousCalls
        self.usesThrowingHandlers = usesThrowingHandlers
        self.summary = summary
        self.body = body
    }
}

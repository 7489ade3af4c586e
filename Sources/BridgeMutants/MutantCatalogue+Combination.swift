import ConformanceKit

extension MutantCatalogue {
    /// Makes a fresh adapter of combined mutants, for each case.
    package typealias CombinedPort = @MainActor @Sendable () -> any BridgeAdapter

    /// Why native mutants cannot be combined.
    package struct CombinationProblem: Error, CustomStringConvertible {
        /// What is wrong, naming the mutants.
        package var description: String
    }

    /// The reference bridge with the defects of several native mutants at once: a port with several
    /// defects, for what explore's `--max-findings` groups (the kit's tests, `conformance-testees
    /// mutants:<id>+<id>`). Each defect keeps its own hooks at the seams, so only mutants whose defects
    /// use different hooks combine (their operations left undone add up).
    /// - Parameter ids: Two or more native mutants' ids.
    /// - Returns: Makes a fresh adapter with every defect, for each case.
    /// - Throws: `CombinationProblem` for an unknown id, a mutant that is not native (a JS-side or page
    ///   snippet mutant), or two defects that use the same hook.
    @MainActor
    package static func combination(of ids: [String]) throws(CombinationProblem) -> CombinedPort {
        var makers: [@MainActor @Sendable () -> Defect] = []
        for id in ids {
            guard let mutant = mutant(named: id) else { throw CombinationProblem(description: "no mutant \(id)") }
            guard let defect = mutant.makeDefect else {
                throw CombinationProblem(description: "\(id) is not a native mutant; only native defects combine")
            }
            makers.append(defect)
        }
        guard makers.count >= 2 else { throw CombinationProblem(description: "name two or more mutants to combine") }
        if let conflict = Defect.combining(makers.map { $0() }).conflict {
            throw CombinationProblem(
                description: "\(ids.joined(separator: ", ")): more than one defect uses the hook \(conflict)")
        }
        return { DefectiveBridgeAdapter(Defect.combining(makers.map { $0() }).defect) }
    }
}

extension Defect {
    /// The defects as one: every hook the one defect that sets it gives, the operations any leaves undone;
    /// `conflict` names a hook more than one sets (the combination then keeps the first's).
    static func combining(_ defects: [Defect]) -> (defect: Defect, conflict: String?) {
        var combined = Defect(), conflict: String?
        func take<Hook>(_ path: WritableKeyPath<Defect, Hook?>, _ name: String) {
            let setting = defects.compactMap { $0[keyPath: path] }
            if setting.count > 1, conflict == nil { conflict = name }
            combined[keyPath: path] = setting.first
        }
        let styles = Set(defects.map { $0.evaluationStyle == .synchronous })
        if styles.count > 1 { conflict = "evaluationStyle" }
        combined.evaluationStyle =
            defects.first { $0.evaluationStyle == .synchronous }?.evaluationStyle ?? .asynchronous
        combined.ignoredOperations = defects.reduce(into: []) { $0.formUnion($1.ignoredOperations) }
        take(\.afterAttach, "afterAttach")
        take(\.interceptRegistration, "interceptRegistration")
        take(\.interceptRemoval, "interceptRemoval")
        take(\.afterRemoveHandler, "afterRemoveHandler")
        take(\.afterReset, "afterReset")
        take(\.interceptCall, "interceptCall")
        take(\.wrapHandler, "wrapHandler")
        take(\.wrapCallback, "wrapCallback")
        take(\.rewriteScript, "rewriteScript")
        take(\.rewriteFetchResult, "rewriteFetchResult")
        take(\.fetchFailed, "fetchFailed")
        take(\.rewriteNavigation, "rewriteNavigation")
        take(\.rewriteDecision, "rewriteDecision")
        take(\.leavesUndecided, "leavesUndecided")
        take(\.rewriteLog, "rewriteLog")
        take(\.backgroundSend, "backgroundSend")
        combined.decidesCancelledNavigationsTwice = defects.contains { $0.decidesCancelledNavigationsTwice }
        combined.decidesOffMainThread = defects.contains { $0.decidesOffMainThread }
        combined.decidesFromOneSlot = defects.contains { $0.decidesFromOneSlot }
        return (combined, conflict)
    }
}

import ConformanceKit
import ConformanceObligations

/// Every mutant the kit ships.
package enum MutantCatalogue {
    /// All mutants, in a stable order: native, interplay, obligation, flush, JS-side, threading, then
    /// those written from the obligations of appendix C (escaping, flow, native, batch, JS side), then
    /// those only exact checks catch.
    package static let all: [Mutant] =
        nativeMutants + interplayMutants + obligationMutants + flushMutants + javaScriptSideMutants
        + threadingMutants + escapingObligationMutants + flowObligationMutants + nativeObligationMutants
        + batchObligationMutants + javaScriptObligationMutants
        + pageSnippetMutants + wireFormMutants + situationMutants + exactnessMutants + glueMutants + wkwvjbMutants

    /// MUST and SHOULD obligations no mutant breaks, each with the reason no realistic, observable defect
    /// of a bridge can (an equivalent mutant) or why the kit cannot run one yet.
    package static let obligationsWithoutMutants: [Obligation: String] = [
        .esc4a:
            "a crash ends an in-process run; the out-of-process testee `conformance-testees crash-on-unserializable` is the defect (OutOfProcessTests)"
    ]

    /// The mutant named `name`, if any.
    /// - Parameter name: A mutant's id.
    package static func mutant(named name: String) -> Mutant? {
        all.first { $0.id == name }
    }

    /// A native mutant: the reference bridge with the defect `make` builds (fresh for every case, so
    /// that state a defect keeps never leaks between cases).
    static func native(
        _ id: String, _ defect: String, obligation: Obligation, caughtBy: [String],
        _ make: @escaping @MainActor @Sendable () -> Defect
    ) -> Mutant {
        Mutant(id: id, defect: defect, obligation: obligation, caughtBy: caughtBy, makeDefect: make) {
            DefectiveBridgeAdapter(make())
        }
    }
}

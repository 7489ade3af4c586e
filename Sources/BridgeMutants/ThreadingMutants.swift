import ConformanceKit
import ReferenceBridge

extension MutantCatalogue {
    /// Mutants of sends from other threads.
    static let threadingMutants: [Mutant] = [
        Mutant(
            id: "background-sends-wait-for-main",
            defect: "a send from a background thread blocks on DispatchQueue.main.sync, which deadlocks when the main thread waits for it",
            caughtBy: ["threading.background-sends.no-deadlock"],
            make: { ReferenceBridgeAdapter(evaluationStyle: .asynchronous, faults: [], glueFaults: [], afterAttach: nil, threadingFault: .waitsForMainThread) }),
        Mutant(
            id: "background-sends-evaluate-off-main",
            defect: "a send from a background thread evaluates JavaScript on that thread",
            caughtBy: ["threading.background-sends.no-deadlock"],
            make: { ReferenceBridgeAdapter(evaluationStyle: .asynchronous, faults: [], glueFaults: [], afterAttach: nil, threadingFault: .evaluatesOnCallingThread) }),
    ]
}

import ConformanceKit
import ConformanceObligations
import Dispatch
import Foundation
import ReferenceBridgeCore

extension MutantCatalogue {
    /// Mutants of sends from other threads.
    static let threadingMutants: [Mutant] = [
        native(
            "background-sends-wait-for-main",
            "a send from a background thread blocks on DispatchQueue.main.sync, which deadlocks when the main thread waits for it",
            obligation: .thr3a,
            caughtBy: ["threading.background-sends.no-deadlock"]
        ) {
            Defect(backgroundSend: { adapter in
                let bridge = adapter.bridge
                return { name, data in
                    // The canonical synchronous hop (upstream issue 377).
                    let data = UncheckedSendable(data)
                    DispatchQueue.main.sync {
                        MainActor.assumeIsolated {
                            bridge?.core.callHandler(name, data: data.value, responseCallback: nil)
                        }
                    }
                }
            })
        },
        native(
            "background-sends-evaluate-off-main", "a send from a background thread evaluates JavaScript on that thread",
            obligation: .thr1a,
            caughtBy: ["threading.background-sends.no-deadlock"]
        ) {
            Defect(backgroundSend: { adapter in
                let webView = adapter.page?.inner
                return { name, data in
                    guard let command = WireRewriting.command(forCall: name, data: data) else { return }
                    webView?.evaluateJavaScript(command)
                }
            })
        },
        native(
            "background-sends-dropped",
            "a send made off the main thread is dropped (`guard Thread.isMainThread else { return }` at the top of callHandler)",
            obligation: .thr2a, caughtBy: ["threading.background-sends.no-deadlock"]
        ) {
            Defect(backgroundSend: { _ in { _, _ in } })
        },
    ]
}

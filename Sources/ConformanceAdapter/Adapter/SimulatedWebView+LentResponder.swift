import ConformanceObligations
import Dispatch
import Foundation

extension SimulatedWebView {
    /// Lends `body` an escaping responder that forwards to `respond`, the non-escaping responder a bridge
    /// hands its handlers (`(Any?, (Any?) -> Void) -> Void`), for as long as `respond` is valid: until
    /// this call returns.
    ///
    /// Use it in an adapter's `registerHandler` for such a bridge:
    ///
    ///     bridge.registerHandler(name) { data, respond in
    ///         webView.lendResponder(respond) { responder in handler(data, responder) }
    ///     }
    ///
    /// Spec FLUSH-7 asks for a responder that still works after its handler returned. When a case calls
    /// the lent responder later, the answer cannot reach the bridge: it is dropped, and the case fails
    /// FLUSH-7.c with a message naming the situation, instead of the process trapping as
    /// `withoutActuallyEscaping` does when its closure outlives the call.
    /// - Parameters:
    ///   - respond: The bridge's non-escaping responder.
    ///   - body: Gets the escaping responder to hand the harness's handler.
    public func lendResponder(_ respond: (Any?) -> Void, to body: (@escaping AdapterResponseCallback) -> Void) {
        withoutActuallyEscaping(respond) { respond in
            let loan = ResponderLoan(respond)
            body { [weak self] answer in
                guard !loan.forward(answer) else { return }
                self?.reportLateAnswer()
            }
            // The loan must not keep `respond` once the call returns, or `withoutActuallyEscaping` traps.
            loan.end()
        }
    }

    /// Records that a lent responder was called after its loan ended (on the main thread).
    private nonisolated func reportLateAnswer() {
        let message =
            "a native handler answered after it returned, but the bridge's responder is non-escaping (valid only while the handler runs): "
            + "the answer was dropped; FLUSH-7 needs a responder that can be called later"
        if MainQueuePump.isOnMainQueue {
            MainActor.assumeIsolated { backend.reportViolation(clause: .flush7c, message: message) }
        } else {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.backend.reportViolation(clause: .flush7c, message: message) }
            }
        }
    }
}

/// A bridge's responder, usable until its handler returns.
private final class ResponderLoan: @unchecked Sendable {
    private let lock = NSLock()
    private var respond: ((Any?) -> Void)?

    init(_ respond: @escaping (Any?) -> Void) { self.respond = respond }

    /// Forwards `answer` while the loan lasts; false once it has ended.
    func forward(_ answer: Any?) -> Bool {
        guard let respond = lock.withLock({ respond }) else { return false }
        respond(answer)
        return true
    }

    /// Ends the loan, releasing the responder.
    func end() { lock.withLock { respond = nil } }
}

import ConformanceKit
import Dispatch
import Foundation
import ReferenceBridge

/// A conforming port with a threading habit many real ports have: every operation runs through
/// `Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }`.
///
/// It passes wherever the main actor runs on the main thread (the CLI, XCTest, Apple platforms). Under
/// swift-testing on Linux the main actor runs off the main thread, so it calls `DispatchQueue.main.sync`
/// from the main queue and traps; `InProcessCrashNote` then says why.
package final class MainThreadSyncPortAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset,
    SupportsDisablingSafetyTimeout
{
    private let reference = ReferenceBridgeAdapter()

    /// Creates the port.
    package init() {}

    /// The port's hop to the main thread.
    private func onMain(_ work: @MainActor () throws -> Void) rethrows {
        if Thread.isMainThread {
            try MainActor.assumeIsolated { try work() }
        } else {
            try DispatchQueue.main.sync { try MainActor.assumeIsolated { try work() } }
        }
    }

    package func attach(to webView: SimulatedWebView) throws { try onMain { try reference.attach(to: webView) } }

    package func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try onMain { try reference.registerHandler(name, handler: handler) }
    }

    package func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try onMain { try reference.callHandler(name, data: data, responseCallback: responseCallback) }
    }

    package func removeHandler(_ name: String) throws { try onMain { try reference.removeHandler(name) } }

    package func reset() throws { try onMain { try reference.reset() } }

    package func disableJavscriptAlertBoxSafetyTimeout() throws {
        try onMain { try reference.disableJavscriptAlertBoxSafetyTimeout() }
    }
}

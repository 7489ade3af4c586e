import ConformanceKit
import Foundation
import Testing
import WireDialects

/// A port of this package: its adapter, the profile it speaks, and the cases it is known to fail, with why.
enum PortUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case propertyDelegate = "PropertyDelegatePort"
    case setterDelegate = "SetterDelegatePort"
    case initDelegate = "InitDelegatePort"
    case scriptMessage = "ScriptMessagePort"

    var testDescription: String { rawValue }

    /// The dialect the port speaks.
    var profile: WireDialect { self == .scriptMessage ? .wkwvjb : .canonical }

    /// Makes the port's adapter.
    @MainActor
    func makeAdapter() -> any BridgeAdapter {
        switch self {
        case .propertyDelegate: PropertyDelegatePortAdapter()
        case .setterDelegate: SetterDelegatePortAdapter()
        case .initDelegate: InitDelegatePortAdapter()
        case .scriptMessage: ScriptMessagePortAdapter()
        }
    }

    /// The cases the port is known to fail, with the verdict and why: Foundation on Linux's. Its own JS side costs
    /// it nothing: the kit recognises the injection by what the page does, not by the script's text.
    var knownFailures: [KnownFailure] { KnownFailure.foundationOnLinux }

    /// The known failures as the kit's baseline, so that they go through its gate.
    func baseline() throws -> Baseline {
        try Self.baselines[self]!.get()
    }

    /// Each port's baseline, read once.
    private static let baselines = Dictionary(
        uniqueKeysWithValues: allCases.map { port in
            (port, Result { try KnownFailure.baseline(port.knownFailures, profile: port.profile) })
        })
}

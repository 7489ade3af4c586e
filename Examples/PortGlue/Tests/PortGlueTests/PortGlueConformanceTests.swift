import ConformanceKit
import ConformanceTesting
import Foundation
import ReferenceBridge
import Testing
import WireDialects

@testable import PropertyDelegatePort

/// The catalogue against each port of this package, through its adapter, in the port's profile: each case passes as
/// the kit's reference passes it, or is one of the port's known failures (`PortUnderTest.knownFailures`), which must
/// fail exactly so; a case the port cannot take (sends from other threads, traffic logging, throwing handlers) does
/// not apply. The known failures go through the kit's baseline gate, so one that starts passing fails the test too.
@MainActor
@Test(arguments: PortUnderTest.allCases, Catalogue.all)
func portPassesWhatTheReferencePasses(_ port: PortUnderTest, _ conformanceCase: ConformanceCase) async throws {
    await ConformanceExpectations.expectConformance(
        conformanceCase, adapter: { port.makeAdapter() }, baseline: try port.baseline(), profile: port.profile)
}

/// The kit's reference passes every case in each profile the ports run in: what the ports are held to.
@MainActor
@Test(arguments: [WireDialect.canonical, .wkwvjb], Catalogue.all)
func referencePassesEveryCase(_ profile: WireDialect, _ conformanceCase: ConformanceCase) async {
    await ConformanceExpectations.expectConformance(
        conformanceCase, adapter: { ReferenceBridgeAdapter(dialect: profile) }, profile: profile)
}

/// Recipe (b) of docs/webkit-glue.md, for a port that reads its own JS side from its bundle with no seam: the run is
/// told which JS side the port injects (`javaScriptSide:` here, `--js-side` on the command line), so every case,
/// the JS-side cases included, judges that one; only Foundation on Linux's failures remain.
@MainActor
@Test(arguments: Catalogue.all)
func bundleReadingPortJudgedWithItsOwnJSSide(_ conformanceCase: ConformanceCase) async throws {
    await ConformanceExpectations.expectConformance(
        conformanceCase, adapter: { PropertyDelegatePortAdapter() },
        javaScriptSide: WKWebViewJavascriptBridge.javascript,
        baseline: try foundationOnLinuxBaseline.get())
}

/// Foundation on Linux's failures as a baseline, read once.
private let foundationOnLinuxBaseline = Result {
    try KnownFailure.baseline(KnownFailure.foundationOnLinux, profile: .canonical)
}

// swift-tools-version:6.0
import Foundation
import PackageDescription

// Four bridges' WebKit glue written the way ports write it, each compiled against SimulatedWebKit with only the
// import swap (`#if canImport(WebKit) import WebKit #else import SimulatedWebKit #endif`) and the optional-method
// edit of docs/webkit-glue.md, in the language mode asked for (`PORT_GLUE_SWIFT_MODE=5` or `6`, 6 by default):
// the app's navigation delegate taken by property (PropertyDelegatePort, which reads its JS side from its bundle),
// by setter (SetterDelegatePort), by initializer (InitDelegatePort), and a wkwvjb-dialect port whose `isolated
// deinit` removes its script message handlers (ScriptMessagePort). `swift test` runs the catalogue against each
// through its adapter (Tests/PortGlueTests). CI builds both modes with warnings as errors and runs the tests once.
let mode: SwiftLanguageMode = ProcessInfo.processInfo.environment["PORT_GLUE_SWIFT_MODE"] == "5" ? .v5 : .v6

/// SimulatedWebKit on every platform: this package is the glue's test package, so the glue compiles against the
/// facade even where WebKit exists (CONFORMANCE_FACADE, below; docs/webkit-glue.md, "On Apple platforms").
let simulatedWebKit = Target.Dependency.product(name: "SimulatedWebKit", package: "WVJBConformance")

let package = Package(
    name: "PortGlue",
    dependencies: [
        .package(name: "WVJBConformance", path: "../..")
    ],
    targets: [
        // The ports' platform-free core (a port's WebViewJavascriptBridgeBase), shared so that the glue is what
        // differs; Foundation only.
        .target(name: "BridgeBase"),
        .target(
            name: "PropertyDelegatePort", dependencies: ["BridgeBase", simulatedWebKit],
            resources: [.copy("Resources/WebViewJavascriptBridge.js")]),
        .target(name: "SetterDelegatePort", dependencies: ["BridgeBase", simulatedWebKit]),
        .target(name: "InitDelegatePort", dependencies: ["BridgeBase", simulatedWebKit]),
        .target(name: "ScriptMessagePort", dependencies: ["BridgeBase", simulatedWebKit]),
        // The ports' adapters and the catalogue against each.
        .testTarget(
            name: "PortGlueTests",
            dependencies: [
                "PropertyDelegatePort", "SetterDelegatePort", "InitDelegatePort", "ScriptMessagePort",
                .product(name: "SimulatedWebKit", package: "WVJBConformance"),
                .product(name: "ConformanceKit", package: "WVJBConformance"),
                .product(name: "ConformanceTesting", package: "WVJBConformance"),
            ]),
    ]
)

for target in package.targets {
    target.swiftSettings = [.swiftLanguageMode(mode), .define("CONFORMANCE_FACADE")]
}

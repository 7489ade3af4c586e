// swift-tools-version:6.0
import Foundation
import PackageDescription

// The Swift snippets of the kit's README and guides, as an implementer's package that depends on the kit: CI
// builds it in both language modes (`DOC_SNIPPETS_SWIFT_MODE=5` or `6`), and the kit's DocSnippetTests check
// that every snippet is a run of lines of a file built here or in the kit. The bridge is the kit's WebKit-style
// test port and its adapter (links to Sources/webkit-port-testee), a Swift 5 bridge as most ports are.
let mode: SwiftLanguageMode = ProcessInfo.processInfo.environment["DOC_SNIPPETS_SWIFT_MODE"] == "5" ? .v5 : .v6

let package = Package(
    name: "DocSnippets",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "WVJBConformance", path: "../..")
    ],
    targets: [
        .target(
            name: "WebKitPortAdapter",
            dependencies: [
                "WebKitStylePort", .product(name: "ConformanceAdapter", package: "WVJBConformance"),
                .product(name: "SimulatedWebKit", package: "WVJBConformance"),
            ]),
        .testTarget(
            name: "WebKitPortConformanceTests",
            dependencies: [
                "WebKitPortAdapter", .product(name: "ConformanceKit", package: "WVJBConformance"),
                .product(name: "ConformanceTesting", package: "WVJBConformance"),
            ]),
        // The guides' snippets, which call the adapter `MyBridgeAdapter`.
        .testTarget(
            name: "GuideSnippetTests",
            dependencies: [
                "WebKitPortAdapter", .product(name: "ConformanceKit", package: "WVJBConformance"),
                .product(name: "ConformanceTesting", package: "WVJBConformance"),
            ]),
        // A messageHandler container (docs/container.md): the kit's container-style test port and its adapter.
        .target(
            name: "ContainerPortAdapter",
            dependencies: [
                "HybridContainerPort", .product(name: "ConformanceAdapter", package: "WVJBConformance"),
                .product(name: "SimulatedWebKit", package: "WVJBConformance"),
            ]),
        .testTarget(
            name: "ContainerConformanceTests",
            dependencies: [
                "ContainerPortAdapter", .product(name: "ConformanceKit", package: "WVJBConformance"),
                .product(name: "ConformanceTesting", package: "WVJBConformance"),
            ]),
        .target(
            name: "HybridContainerPort",
            dependencies: [.product(name: "SimulatedWebKit", package: "WVJBConformance")],
            swiftSettings: [.swiftLanguageMode(.v5), .define("CONFORMANCE_FACADE")]),
        // The bridge: the kit's WebKit-style test port, Swift 5 as most ports are. Its glue compiles against the
        // facade on every platform, Apple's included, where it would otherwise import WebKit (CONFORMANCE_FACADE).
        .target(
            name: "WebKitStylePort",
            dependencies: [.product(name: "SimulatedWebKit", package: "WVJBConformance")],
            swiftSettings: [.swiftLanguageMode(.v5), .define("CONFORMANCE_FACADE")]),
    ]
)

// The adapter and the tests in the language mode asked for; the port stays Swift 5, as most ports are.
for target in package.targets where !["WebKitStylePort", "HybridContainerPort"].contains(target.name) {
    target.swiftSettings = [.swiftLanguageMode(mode)]
}

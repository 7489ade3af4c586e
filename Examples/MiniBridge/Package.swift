// swift-tools-version:6.0
import PackageDescription

// An example of a bridge author's own package: a small native side of the WebViewJavascriptBridge
// protocol, an adapter for the conformance kit, and a `swift test` that runs the kit's catalogue.
let package = Package(
    name: "MiniBridge",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "MiniBridge", targets: ["MiniBridge"]),
        .library(name: "MiniBridgeConformanceAdapter", targets: ["MiniBridgeConformanceAdapter"]),
        .executable(name: "mini-bridge-adapter", targets: ["mini-bridge-adapter"]),
    ],
    dependencies: [
        // The conformance kit. A real project names its repository URL and a version instead.
        .package(name: "WVJBConformance", path: "../..")
    ],
    targets: [
        // The bridge itself: Foundation only, no dependency on the test kit.
        .target(name: "MiniBridge"),
        // Connects MiniBridge to the kit's simulated web view: what an adapter sees, no JavaScriptCore.
        .target(
            name: "MiniBridgeConformanceAdapter",
            dependencies: ["MiniBridge", .product(name: "ConformanceAdapter", package: "WVJBConformance")]
        ),
        // The same adapter in a process of its own, for `conformance run --adapter <this executable>`.
        .executableTarget(
            name: "mini-bridge-adapter",
            dependencies: [
                "MiniBridgeConformanceAdapter", .product(name: "ConformanceAdapter", package: "WVJBConformance"),
            ]
        ),
        .testTarget(
            name: "MiniBridgeTests",
            dependencies: [
                "MiniBridge", "MiniBridgeConformanceAdapter",
                .product(name: "ConformanceKit", package: "WVJBConformance"),
                .product(name: "ConformanceTesting", package: "WVJBConformance"),
            ]
        ),
    ]
)

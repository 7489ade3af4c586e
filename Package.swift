// swift-tools-version:6.0
import PackageDescription

/// What each of the kit's own test targets sees: the harness's modules (for `@testable` access), the reference,
/// its oracles and mutants, fixtures, the tiers and the shared helpers.
var kitTestDependencies: [Target.Dependency] {
    [
        "ConformanceKit", "ConformanceSupport", "ConformanceEngine", "ConformanceBrowser", "ConformanceCatalogue",
        "ConformanceReports", "ConformanceExplore", "ConformanceFixtures", "ConformanceTesting", "ReferenceBridge",
        "ReferenceBridgeCore", "ReferenceOracle", "BridgeMutants", "StrictJSON", "TestTiers", "WireDialects",
        "KitTestSupport", "ConformanceObligations",
    ]
}

/// Compiles WebKit glue against the kit's SimulatedWebKit facade even where WebKit exists: the glue's files import
/// WebKit under `#if canImport(WebKit) && !CONFORMANCE_FACADE` (docs/webkit-glue.md, "On Apple platforms").
let facade = SwiftSetting.define("CONFORMANCE_FACADE")

let package = Package(
    name: "WVJBConformance",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ConformanceAdapter", targets: ["ConformanceAdapter"]),
        .library(name: "SimulatedWebKit", targets: ["SimulatedWebKit"]),
        .library(name: "ConformanceKit", targets: ["ConformanceKit"]),
        .library(name: "ReferenceBridgeCore", targets: ["ReferenceBridgeCore"]),
        .library(name: "WireDialects", targets: ["WireDialects"]),
        .library(name: "ReferenceBridge", targets: ["ReferenceBridge"]),
        .library(name: "ConformanceTesting", targets: ["ConformanceTesting"]),
        .executable(name: "conformance", targets: ["conformance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // The JavaScriptCore C API: WebKitGTK's library on Linux (found and linked through pkg-config), the
        // system framework on Apple platforms (the shim header includes it; ConformanceKit links it).
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // The protocol's JSON, shared by the harness and the reference core: one strict RFC 8259 parser,
        // JSON values, and the canonical encoder transcripts use.
        .target(name: "StrictJSON"),
        // The wire's vocabulary as a value (`WireDialect`): globals, entry points, commands, signal URLs,
        // message keys, callback id forms; the canonical and wkwvjb dialects. Shared by the harness and the
        // reference core (a product: the reference's public API names a dialect); no dependencies.
        .target(name: "WireDialects"),
        // The files the kit loads at run time (reference JS side, ...), shipped as a resource bundle
        // so that `swift test`, `swift run` and dependent packages all find them.
        .target(
            name: "ConformanceFixtures",
            path: "Fixtures",
            resources: [.copy("js"), .copy("payloads"), .copy("schemas"), .copy("golden")]
        ),
        // The written spec, shipped so tools can quote and count its clauses.
        .target(
            name: "ConformanceSpec",
            path: "spec",
            exclude: ["adapter-protocol.md"],
            resources: [.copy("protocol.md"), .copy("container.md")]
        ),
        // The spec's clauses and obligations (appendix C) as values, one member each, generated from the spec and
        // checked against it by ObligationTableTests: what every module below the CLI cites them by.
        .target(name: "ConformanceObligations"),
        // What an adapter sees, with no engine in it: the adapter protocol and its `Supports…` protocols, the
        // simulated web view's public face, navigation actions and policies, and `AdapterHost` with the wire of
        // the out-of-process protocol. An implementer's adapter executable links this and no JavaScriptCore.
        .target(
            name: "ConformanceAdapter",
            dependencies: ["ConformanceObligations", "StrictJSON"]
        ),
        // WebKit's shape (`WKWebView`, its delegates, user content controller, user scripts, script messages;
        // `UIWebView`) in front of the simulated web view, so a bridge's own WebKit glue compiles and runs
        // unchanged where WebKit does not exist: `#if canImport(WebKit) import WebKit #else import SimulatedWebKit`.
        .target(
            name: "SimulatedWebKit",
            dependencies: ["ConformanceAdapter", "ConformanceObligations"]
        ),
        // The harness, in modules along its layers (lowest first); each sees only the modules below it, so the
        // compiler keeps the layers apart. `ConformanceKit` re-exports them all with ConformanceAdapter.
        // Shared ground: bounded text, the kit's version, crash notes, shell quoting, fixture and payload
        // loading, the harness's error type.
        .target(
            name: "ConformanceSupport",
            dependencies: ["ConformanceAdapter", "ConformanceFixtures", "StrictJSON"]
        ),
        // The only importer of the JavaScriptCore C API: contexts, values, host functions, watchdogs.
        .target(
            name: "ConformanceEngine",
            dependencies: ["CJavaScriptCore", "ConformanceAdapter", "ConformanceSupport", "StrictJSON"],
            linkerSettings: [.linkedFramework("JavaScriptCore", .when(platforms: [.macOS, .iOS, .tvOS, .visionOS]))]
        ),
        // The browser side of a run: the wire's inspection, the transcript, the simulated web view behind the
        // `PageHost` seam, and the harness side of the out-of-process adapter protocol.
        .target(
            name: "ConformanceBrowser",
            dependencies: [
                "ConformanceAdapter", "ConformanceEngine", "ConformanceFixtures", "ConformanceObligations",
                "ConformanceSupport", "StrictJSON", "WireDialects",
            ],
            resources: [.copy("WebView/Resources/page-shim.js"), .copy("WebView/Resources/page-dom-shim.js")]
        ),
        // The catalogue: the cases and their checks, the runner that judges them, the written spec's clauses.
        .target(
            name: "ConformanceCatalogue",
            dependencies: [
                "ConformanceAdapter", "ConformanceBrowser", "ConformanceEngine", "ConformanceFixtures",
                "ConformanceObligations", "ConformanceSpec", "ConformanceSupport", "StrictJSON", "WireDialects",
            ]
        ),
        // What a run becomes: reports in every format, Fix first, goldens, baselines and their gate, diffs.
        .target(
            name: "ConformanceReports",
            dependencies: [
                "ConformanceAdapter", "ConformanceBrowser", "ConformanceCatalogue", "ConformanceFixtures",
                "ConformanceObligations", "ConformanceSupport", "StrictJSON", "WireDialects",
            ]
        ),
        // Differential exploration: generated programs against the bridge and the reference, shrunk findings.
        .target(
            name: "ConformanceExplore",
            dependencies: [
                "ConformanceAdapter", "ConformanceBrowser", "ConformanceCatalogue", "ConformanceEngine",
                "ConformanceObligations",
                "ConformanceReports", "ConformanceSupport", "StrictJSON", "WireDialects",
            ]
        ),
        // The product: the modules above, re-exported with ConformanceAdapter, so one import gives the harness.
        .target(
            name: "ConformanceKit",
            dependencies: [
                "ConformanceAdapter", "ConformanceSupport", "ConformanceEngine", "ConformanceBrowser",
                "ConformanceCatalogue", "ConformanceReports", "ConformanceExplore", "ContainerCatalogue",
            ]
        ),
        // The platform-free native side of the protocol: no web view, no JavaScriptCore.
        .target(
            name: "ReferenceBridgeCore",
            dependencies: ["StrictJSON", "WireDialects"],
            path: "Sources/ReferenceBridge/Core"
        ),
        // The reference native side attached to the simulated web view, and its adapter: the model an
        // implementer copies, so nothing in its folder serves the kit's own tests (see ReferenceOracle).
        .target(
            name: "ReferenceBridge",
            dependencies: ["ReferenceBridgeCore", "ConformanceAdapter", "WireDialects"],
            path: "Sources/ReferenceBridge",
            exclude: ["Core"]
        ),
        // The reference messageHandler container (spec/container.md): WebKit glue (`WKScriptMessageHandler`, the UI
        // delegate's text input panel) importing WebKit or SimulatedWebKit, and its adapter.
        .target(
            name: "ReferenceContainer",
            dependencies: ["ConformanceAdapter", "SimulatedWebKit"],
            swiftSettings: [facade]
        ),
        // The messageHandler container profile: its cases, their context and runner, judged by spec/container.md.
        .target(
            name: "ContainerCatalogue",
            dependencies: [
                "ConformanceAdapter", "ConformanceBrowser", "ConformanceCatalogue", "ConformanceEngine",
                "ConformanceExplore", "ConformanceFixtures", "ConformanceSpec", "ConformanceSupport", "StrictJSON",
            ]
        ),
        // The harness's oracles built on the reference: explore against the reference bridge, and ESC-2's
        // replace chain that the escaper tests, its benchmark and the escaping mutants compare with.
        .target(
            name: "ReferenceOracle",
            dependencies: ["ConformanceKit", "ReferenceBridge"]
        ),
        // Glue for implementers' own `swift test` (swift-testing and XCTest); the core stays free of both.
        .target(
            name: "ConformanceTesting",
            dependencies: ["ConformanceKit", "ReferenceBridge", "ReferenceOracle", "WireDialects"]
        ),
        // Deliberately broken variants of the reference bridge, one defect each.
        .target(
            name: "BridgeMutants",
            dependencies: [
                "ReferenceBridge", "ReferenceBridgeCore", "ReferenceContainer", "ReferenceOracle", "ConformanceKit",
                "ConformanceObligations", "SimulatedWebKit", "WireDialects",
            ]
        ),
        .executableTarget(
            name: "conformance",
            dependencies: [
                "ConformanceKit", "ConformanceFixtures", "ReferenceBridge", "ReferenceContainer", "ReferenceOracle",
                "BridgeMutants",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Out-of-process testees (a passing one, and ones that crash, hang or break the protocol) for the
        // kit's tests and for trying `--adapter '<command>'`.
        .executableTarget(
            name: "conformance-testees",
            dependencies: ["ConformanceKit", "ReferenceBridge", "BridgeMutants"]
        ),
        // The reference alone, served out of process: what the native mutation study rebuilds per mutant.
        .executableTarget(
            name: "reference-testee",
            dependencies: ["ConformanceAdapter", "ReferenceBridge", "WireDialects"]
        ),
        // A Swift 5 testee built the way the README tells implementers to: its adapter in a target of its own,
        // and an executable whose `main.swift` is the README's, both in Swift 5 language mode.
        .target(
            name: "MyBridgeConformanceAdapter",
            dependencies: ["ConformanceAdapter"],
            path: "Sources/swift5-testee/Adapter",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "swift5-testee",
            dependencies: ["ConformanceAdapter", "MyBridgeConformanceAdapter"],
            path: "Sources/swift5-testee/Main",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A typical WKWebView-style Swift 5 port (its WebKit glue importing WebKit or SimulatedWebKit), its adapter,
        // and the testee that serves it out of process: the kit's proof that a bridge's own glue runs unchanged.
        .target(
            name: "WebKitStylePort",
            dependencies: ["SimulatedWebKit"],
            path: "Sources/webkit-port-testee/Port",
            swiftSettings: [.swiftLanguageMode(.v5), facade]
        ),
        .target(
            name: "WebKitPortAdapter",
            dependencies: ["ConformanceAdapter", "SimulatedWebKit", "WebKitStylePort"],
            path: "Sources/webkit-port-testee/Adapter",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "webkit-port-testee",
            dependencies: ["ConformanceAdapter", "WebKitPortAdapter"],
            path: "Sources/webkit-port-testee/Main",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A typical port in the wkwvjb dialect (the WKWebViewJavascriptBridge package's wire: script message
        // handlers, no bridge URLs), its adapter and testee: `conformance run --profile wkwvjb --adapter ...`.
        .target(
            name: "WKWVJBPort",
            dependencies: ["SimulatedWebKit"],
            path: "Sources/wkwvjb-port-testee/Port",
            swiftSettings: [.swiftLanguageMode(.v5), facade]
        ),
        .target(
            name: "WKWVJBPortAdapter",
            dependencies: ["ConformanceAdapter", "SimulatedWebKit", "WKWVJBPort"],
            path: "Sources/wkwvjb-port-testee/Adapter",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "wkwvjb-port-testee",
            dependencies: ["ConformanceAdapter", "WKWVJBPortAdapter"],
            path: "Sources/wkwvjb-port-testee/Main",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A container-style Swift 5 port of the messageHandler design (its own page library and WebKit glue) and its
        // adapter: `--profile container` on code the kit did not write.
        .target(
            name: "HybridContainerPort",
            dependencies: ["SimulatedWebKit"],
            path: "Sources/container-port-testee/Port",
            swiftSettings: [.swiftLanguageMode(.v5), facade]
        ),
        .target(
            name: "ContainerPortAdapter",
            dependencies: ["ConformanceAdapter", "SimulatedWebKit", "HybridContainerPort"],
            path: "Sources/container-port-testee/Adapter",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "container-port-testee",
            dependencies: ["ConformanceAdapter", "ContainerPortAdapter"],
            path: "Sources/container-port-testee/Main",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Release-build measurements against the budgets: `swift run -c release conformance-benchmarks`.
        .executableTarget(
            name: "conformance-benchmarks",
            dependencies: [
                "BridgeMutants", "CJavaScriptCore", "ConformanceKit", "ConformanceObligations", "ReferenceBridge",
                "ReferenceBridgeCore", "ReferenceContainer", "ReferenceOracle", "WireDialects",
            ]
        ),
        .testTarget(
            name: "ReferenceBridgeCoreTests",
            dependencies: ["ReferenceBridgeCore", "ReferenceOracle", "WireDialects"]
        ),
        // The kit's own tests, a target per harness module (most run cases, so they see the whole kit), and
        // ConformanceKitTests for what spans the package: architecture, public API digests, docs, wire words.
        .target(
            name: "KitTestSupport",
            dependencies: ["ConformanceKit", "ConformanceTesting", "ReferenceBridge", "BridgeMutants", "WireDialects"],
            path: "Tests/KitTestSupport"
        ),
        .testTarget(name: "ConformanceSupportTests", dependencies: kitTestDependencies),
        .testTarget(name: "ConformanceEngineTests", dependencies: kitTestDependencies),
        .testTarget(name: "ConformanceBrowserTests", dependencies: kitTestDependencies),
        .testTarget(name: "ConformanceCatalogueTests", dependencies: kitTestDependencies),
        .testTarget(
            name: "ConformanceReportsTests", dependencies: kitTestDependencies,
            exclude: ["Expectations"]),
        .testTarget(name: "ConformanceExploreTests", dependencies: kitTestDependencies),
        .testTarget(
            name: "ContainerCatalogueTests",
            dependencies: kitTestDependencies + ["ContainerCatalogue", "ReferenceContainer", "ContainerPortAdapter"]
        ),
        .testTarget(
            name: "ConformanceKitTests",
            dependencies: kitTestDependencies,
            // Digests of the public API, read from the source tree by PublicAPITests.
            exclude: ["PublicAPI"]
        ),
        .testTarget(
            name: "Swift5AdapterTests",
            dependencies: [
                "ConformanceKit", "ConformanceTesting", "SimulatedWebKit", "StrictJSON", "TestTiers",
                "WebKitPortAdapter", "WebKitStylePort", "WKWVJBPortAdapter", "WireDialects",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "ConformanceTestingTests",
            dependencies: ["ConformanceTesting", "ConformanceKit", "ReferenceBridge", "BridgeMutants"]
        ),
        // Process exits as events for the process tests (Linux pidfd), so they wait instead of polling /proc.
        .target(name: "CProcessExit", path: "Tests/CProcessExit"),
        // The two tiers of the kit's own tests: `swift test` (quick) and `CONFORMANCE_TESTS=full swift test` (CI).
        .target(name: "TestTiers", path: "Tests/TestTiers"),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "conformance", "conformance-testees", "swift5-testee", "wkwvjb-port-testee", "container-port-testee",
                "ConformanceKit",
                "ConformanceFixtures", "ReferenceBridge", "StrictJSON", "CProcessExit", "TestTiers", "WireDialects",
                // The gate-issue agreement test runs swift-testing's and XCTest's frontends beside the CLI.
                "ConformanceTesting", "BridgeMutants",
            ]
        ),
    ]
)

// The real-engine page host (WebKitGTK, `conformance run --web-view webkitgtk`), built only when asked for with
// CONFORMANCE_WEBKITGTK=1, so that the default build and an implementer's `swift test` need no WebKitGTK.
// Needs `apt-get install libwebkit2gtk-4.1-dev xvfb`; runs under `xvfb-run -a` (README: "A real browser engine").
if Context.environment["CONFORMANCE_WEBKITGTK"] == "1" {
    package.targets += [
        // WebKitGTK 4.1 and its JavaScriptCore, found and linked through pkg-config.
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev"])]
        ),
        // A small C face of one web view: signals as callbacks with plain C types, evaluations as JSON text.
        .target(name: "WebKitGTKShim", dependencies: ["CWebKitGTK"]),
        // The page host on a real WebKitGTK web view, behind the same `PageHost` seam as the simulated browser.
        .target(
            name: "WebKitGTKHost",
            dependencies: [
                "ConformanceKit", "ConformanceAdapter", "ConformanceObligations", "StrictJSON", "WebKitGTKShim",
            ],
            resources: [.copy("Resources/webkitgtk-page-host.js")]
        ),
        // The simulation proven faithful: `conformance run` on both web views, verdict by verdict.
        .testTarget(
            name: "WebKitGTKFidelityTests",
            dependencies: [
                "conformance", "conformance-testees", "ConformanceKit", "StrictJSON", "BridgeMutants", "WireDialects",
            ]
        ),
    ]
    // The command gets `--web-view webkitgtk` (WebViewChoice.swift); a define, not `canImport`, so that a
    // module left in .build by an earlier build with WebKitGTK does not switch it on.
    for target in package.targets where target.name == "conformance" {
        target.dependencies.append("WebKitGTKHost")
        target.swiftSettings = (target.swiftSettings ?? []) + [.define("CONFORMANCE_WEBKITGTK")]
    }
}

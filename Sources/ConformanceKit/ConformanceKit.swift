// ConformanceKit is the product implementers and the CLI import: the harness's modules (CONTRIBUTING.md lists
// them lowest layer first), and what adapters see (`BridgeAdapter`, `SimulatedWebView`, `AdapterHost`, ...), which
// lives in ConformanceAdapter with no engine in it. Each module's imports are checked by the compiler: a module
// sees only those below it (CONTRIBUTING.md, "Architecture").
@_exported import ConformanceAdapter
@_exported import ConformanceBrowser
@_exported import ConformanceCatalogue
@_exported import ConformanceEngine
@_exported import ConformanceExplore
@_exported import ConformanceReports
@_exported import ConformanceSupport
@_exported import ContainerCatalogue

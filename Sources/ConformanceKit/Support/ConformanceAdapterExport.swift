// What adapters see (`BridgeAdapter`, `SimulatedWebView`, `AdapterHost`, ...) lives in ConformanceAdapter, which has
// no engine in it; code that runs the harness in process imports ConformanceKit and sees both.
@_exported import ConformanceAdapter

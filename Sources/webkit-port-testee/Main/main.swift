import ConformanceAdapter
import WebKitPortAdapter

AdapterHost.serve(name: "WebKit-style port") { WebKitPortAdapter() }

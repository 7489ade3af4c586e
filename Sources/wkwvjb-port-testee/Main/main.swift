import ConformanceAdapter
import WKWVJBPortAdapter

AdapterHost.serve(name: "wkwvjb-dialect port") { WKWVJBPortAdapter() }

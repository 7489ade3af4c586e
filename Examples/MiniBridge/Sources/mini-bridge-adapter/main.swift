// MiniBridge as an out-of-process adapter: `conformance run --adapter .build/debug/mini-bridge-adapter`.
// Each case starts this program; AdapterHost speaks the kit's JSON-lines protocol on stdin and stdout.
import ConformanceAdapter
import MiniBridgeConformanceAdapter

AdapterHost.serve(name: "MiniBridge") { MiniBridgeAdapter() }

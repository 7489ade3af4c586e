import ConformanceAdapter
import MyBridgeConformanceAdapter  // the target with your BridgeAdapter (see "Write an adapter")

AdapterHost.serve(name: "MyBridge") { MyBridgeAdapter() }

import ConformanceAdapter
import ContainerPortAdapter

AdapterHost.serveContainer(name: "container-port") { ContainerPortAdapter() }

import ConformanceKit
import ConformanceTesting
import ContainerPortAdapter
import Testing

@MainActor @Test(arguments: ContainerCatalogue.all)
func containerConformance(_ containerCase: ContainerCase) async {
    await ContainerExpectations.expectConformance(containerCase, adapter: { ContainerPortAdapter() })
}

import ConformanceKit
import ConformanceTesting
import XCTest

final class WVJBConformanceTests: XCTestCase {
    @MainActor func testConformance() async {
        await ConformanceXCTest.assertConformance(adapter: { MyBridgeAdapter() })
    }
}

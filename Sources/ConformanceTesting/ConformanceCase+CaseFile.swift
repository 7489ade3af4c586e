import ConformanceKit
import Foundation
import ReferenceBridge
import ReferenceOracle
import WireDialects

extension ConformanceCase {
    /// A case file (docs/case-files.md: `conformance explore --write-case` writes them, and you can write your
    /// own) as a case to run beside the catalogue: its program runs on your bridge and on the reference bridge,
    /// and every observable difference fails it under the clause it breaks, as `conformance run --case-file` does.
    ///
    /// ```swift
    /// let regression = try ConformanceCase.loadCaseFile(URL(fileURLWithPath: "Tests/Cases/explore.found.json"))
    /// await ConformanceExpectations.expectConformance(regression, adapter: { MyBridgeAdapter() })
    /// ```
    /// - Parameters:
    ///   - url: The file (`Fixtures/schemas/case-file.schema.json`).
    ///   - profile: The dialect your bridge speaks; the reference bridge speaks it too.
    /// - Returns: The case, under the file's id.
    /// - Throws: `HarnessError` (`invalidInput`) naming the file and what is wrong with it.
    @MainActor
    public static func loadCaseFile(_ url: URL, profile: WireDialect = .canonical) throws(HarnessError)
        -> ConformanceCase
    {
        let file: ExploreCaseFile
        do throws(ExploreCaseFile.Failure) {
            file = try ExploreCaseFile.load(from: url.path)
        } catch {
            throw HarnessError(code: .invalidInput, message: error.description)
        }
        let explorer = try Explorer.againstReference(
            { ReferenceBridgeAdapter(dialect: profile) }, configuration: .init(dialect: profile))
        return explorer.regressionCase(for: file)
    }
}

import ConformanceKit
import Foundation

/// Reads the `--baseline` file `conformance run` and `conformance explore` share, before anything runs.
/// - Parameter path: The file, as given.
/// - Returns: The baseline.
/// - Throws: `ExitCodes.configuration` after printing what is wrong with the file (`Baseline.load(from:)`
///   names the file, the entry and the field).
func loadBaselineFile(_ path: String) throws -> Baseline {
    do { return try Baseline.load(from: URL(fileURLWithPath: path)) } catch {
        printError(error.description)
        throw ExitCodes.configuration
    }
}

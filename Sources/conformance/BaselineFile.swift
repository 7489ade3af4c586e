import ConformanceKit
import Foundation

/// Reads the `--baseline` file `conformance run` and `conformance explore` share, before anything runs.
/// - Parameters:
///   - path: The file, as given.
///   - profile: The run's profile (`--profile`): the baseline must gate that one.
/// - Returns: The baseline.
/// - Throws: `ExitCodes.configuration` after printing what is wrong with the file (`Baseline.load(from:)`
///   names the file, the entry and the field), or that it gates another profile.
func loadBaselineFile(_ path: String, profile: String) throws -> Baseline {
    let baseline: Baseline
    do { baseline = try Baseline.load(from: URL(fileURLWithPath: path)) } catch {
        printError(error.description)
        throw ExitCodes.configuration
    }
    if let mismatch = baseline.mismatch(withRunIn: profile, path: path) {
        printError(mismatch)
        throw ExitCodes.configuration
    }
    return baseline
}

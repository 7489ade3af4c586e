import ConformanceKit
import Foundation
import StrictJSON

/// The whole results of one `conformance run`, as `conformance compare` reads them back from each run it
/// started (`--results-file`): every case with its transcript, which no report carries whole. Not a report
/// format: the file lives in a temporary folder of `compare`'s for the length of the comparison.
struct ComparisonResults: Codable {
    /// The cases that finished, in run order.
    var results: [CaseResult]
    /// Why the run ended early; nil for a whole run.
    var stop: RunStop?

    /// Writes `results` to `path`; says why on standard error and returns false when it cannot.
    static func write(_ results: [CaseResult], stop: RunStop?, to path: String) -> Bool {
        do {
            let value = try JSONValueEncoder.encode(ComparisonResults(results: results, stop: stop))
            try Data(CanonicalJSON.encodeKeepingNonASCII(value).utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            printError("cannot write the results for conformance compare to \(path): \(error)")
            return false
        }
    }

    /// Reads what `write` wrote.
    /// - Throws: When the file is missing or is not such a document.
    static func read(from path: String) throws -> ComparisonResults {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try JSONValueDecoder.decode(ComparisonResults.self, from: try JSONParser.parse(text))
    }
}

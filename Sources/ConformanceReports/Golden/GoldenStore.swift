import ConformanceCatalogue
import ConformanceSupport
import Foundation
import StrictJSON

/// Reads and writes golden transcripts: one file per case, `<case id>.json`, in a folder.
///
/// A golden records a case that ran to its end: `check(_:mode:)` never writes (nor checks) one from a
/// result whose case was not applicable or was cut short (a timeout, a crash, an adapter or harness
/// error): that transcript holds only what happened before the case stopped, an empty one for a case
/// that never started, and would replace a good golden with it.
package struct GoldenStore: Sendable {
    /// When goldens are written. Recording is always explicit, and refused on CI.
    package enum RecordMode: String, Sendable, CaseIterable {
        /// Never write; a missing or stale golden fails.
        case never
        /// Write goldens that do not exist yet.
        case missing
        /// Rewrite goldens that differ from this run.
        case failed
        /// Rewrite every golden.
        case all
    }

    /// What comparing one case with its golden gave.
    package enum Outcome: Equatable, Sendable {
        /// The run matches its golden.
        case matches
        /// No golden exists for the case.
        case missing(path: String)
        /// The golden differs from the run; the text says where.
        case stale(path: String, difference: String)
        /// A golden was written; the run must still fail so that the new file gets reviewed.
        case recorded(path: String)
        /// The golden file is unreadable or not JSON; the problem says why (for text that is not JSON,
        /// at which byte, line and column).
        case malformed(path: String, problem: String)
        /// The case did not run to its end, so its golden was neither written nor compared, and is left
        /// as it was; the reason says why (`not applicable: needs ...`, `timeout: ...`).
        case skipped(path: String, reason: String)
    }

    /// The folder holding the goldens.
    package let directory: URL

    /// Creates a store.
    /// - Parameter directory: The goldens folder (in this package: `Fixtures/golden`).
    package init(directory: URL) { self.directory = directory }

    /// The file of a case's golden.
    package func url(for caseID: String) -> URL { directory.appendingPathComponent(caseID + ".json") }

    /// Compares a case's run with its stored golden, writing the run's golden when `mode` says so, but
    /// only when the case ran to its end.
    /// - Parameters:
    ///   - result: The case's result.
    ///   - mode: The record mode.
    /// - Returns: The outcome; `.skipped`, writing nothing, when the case did not run to its end.
    package func check(_ result: CaseResult, mode: RecordMode) -> Outcome {
        if let reason = Self.whyNotRecordable(result) {
            return .skipped(path: url(for: result.caseID).path, reason: reason)
        }
        let document = GoldenTranscript.document(
            for: result.transcript, bridgeJavaScriptSource: result.bridgeJavaScriptSource)
        return check(document, caseID: result.caseID, mode: mode)
    }

    /// Why `result` cannot give a golden: its case was not applicable or did not run to its end (a
    /// timeout, a crash, an adapter or a harness error). Nil for a case that ran to its end, conformant
    /// or not (`pass`, `fail`, `non-strict`, `insecure`).
    /// - Parameter result: A case's result.
    /// - Returns: Why, in a line or more (the result's own account when it has one), or nil.
    package static func whyNotRecordable(_ result: CaseResult) -> String? {
        switch result.verdict {
        case .pass, .fail, .nonStrict, .insecure:
            return nil
        case .notApplicable, .timeout, .crash, .adapterError, .harnessError:
            return result.interruption?.text ?? result.verdict.rawValue
        }
    }

    /// Compares a run's golden document with the stored one, writing it when `mode` says so.
    /// - Parameters:
    ///   - document: The run's golden document (`GoldenTranscript.document`).
    ///   - caseID: The case's id.
    ///   - mode: The record mode.
    /// - Returns: The outcome; only `.matches` is a pass.
    package func check(_ document: JSONValue, caseID: String, mode: RecordMode) -> Outcome {
        let url = url(for: caseID)
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            return mode == .never ? .missing(path: path) : write(document, to: url)
        }
        if mode == .all { return write(document, to: url) }
        let stored: JSONValue
        do throws(FixtureFile.Failure) {
            stored = try FixtureFile(userFile: url, remedy: "").json()
        } catch {
            return mode == .never ? .malformed(path: path, problem: error.problem) : write(document, to: url)
        }
        guard let difference = GoldenTranscript.firstDifference(expected: stored, actual: document) else {
            return .matches
        }
        return mode == .failed ? write(document, to: url) : .stale(path: path, difference: difference)
    }

    /// Writes the golden; a symlink at its path is written through (`TextDestination`), not replaced.
    private func write(_ document: JSONValue, to url: URL) -> Outcome {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return .malformed(path: url.path, problem: "could not write: \(error)")
        }
        do throws(TextDestination.Failure) {
            try TextDestination(path: url.path, dashIsStandardOutput: false).write(
                GoldenTranscript.fileText(of: document))
            return .recorded(path: url.path)
        } catch {
            return .malformed(path: url.path, problem: "could not write: \(error)")
        }
    }
}

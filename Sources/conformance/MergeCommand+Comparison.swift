import ArgumentParser
import ConformanceKit
import Foundation
import StrictJSON

extension MergeCommand {
    /// Joins the shards of a comparison (`compare --shard K/N --shard-file PATH`): each implementation's shards are
    /// merged as a run's are, then printed under its label and written as one report of them all, as `compare`
    /// writes it. Exit status: the worst of the implementations' (78, then 1), 74 when a report is not written.
    func mergeComparison(_ values: [JSONValue]) throws {
        if let request = report.first(where: { !CompareCommand.comparableKinds.contains($0.kind) }) {
            printError(
                "a \(request.kind.rawValue) report is of one run: a comparison's merge writes html, json and markdown")
            throw ExitCodes.usage
        }
        if baseline != nil {
            printError(
                "a baseline gates a whole run: gate each implementation with `conformance run`, not a comparison")
            throw ExitCodes.usage
        }
        var documents: [ComparisonShardDocument] = []
        for (path, value) in zip(files, values) {
            do throws(ShardFileFailure) {
                documents.append(try ComparisonShardDocument.decode(value, path: path))
            } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
        }
        let labels = documents[0].columns.map(\.label)
        if let other = documents.indices.first(where: { documents[$0].columns.map(\.label) != labels }) {
            printError(
                "\(files[0]) and \(files[other]) are shards of different comparisons (their implementations differ); merge the shards of one comparison"
            )
            throw ExitCodes.configuration
        }
        for request in report {
            do throws(TextDestination.Failure) { try request.check() } catch {
                printError("the \(request.kind.rawValue) report cannot be written: \(error.message)")
                throw ExitCodes.configuration
            }
        }
        var columns: [ImplementationRun] = []
        var statuses: [Int32] = []
        for (index, label) in labels.enumerated() {
            let merged: MergedShards
            do throws(ShardMismatch) {
                merged = try MergedShards(documents.map { $0.columns[index].shard }, files: files)
            } catch {
                printError("\(PrintableText.terminalSafe(label)): \(error.description)")
                throw ExitCodes.configuration
            }
            guard let profile = ProfileChoice(argument: merged.profile) else {
                printError(
                    "the shards ran in a profile this kit does not know: \(PrintableText.terminalSafe(merged.profile))")
                throw ExitCodes.configuration
            }
            var context = RunContext(
                adapter: merged.adapter, rerunWords: documents[0].columns[index].rerunWords, timings: reportTimings,
                stop: merged.stop)
            context.label = label
            context.profile = profile.runProfile
            context.date = Date()
            let summary = RunReport(results: merged.results, context: context)
            print("== \(PrintableText.terminalSafe(label)) ==")
            print(summary.render(verbose: verbose))
            statuses.append(summary.exitCode.rawValue)
            columns.append(ImplementationRun(context: context, results: merged.results))
        }
        print(ComparisonReportWriter.summaryLine(columns))
        let written = ComparisonReportWriter.write(report, of: columns)
        fflush(nil)
        // The worst implementation's status, by compare's own order.
        let status = ExitCode(ComparedRun.worstStatus(statuses))
        throw ExitCodes.afterRun(status, outputsWritten: written, stoppedBy: nil)
    }
}

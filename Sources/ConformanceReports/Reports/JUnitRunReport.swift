import ConformanceAdapter
import ConformanceCatalogue

/// The JUnit XML report (`--report junit:PATH`) that CI systems read.
///
/// One `testcase` per case, named by its unique id; `failure` for fail, insecure and non-strict,
/// `error` for timeouts, adapter and harness errors, `skipped` for not applicable. All text goes through
/// `PrintableText.printable`, so the XML holds printable ASCII only: NUL, lone surrogates and other
/// characters XML 1.0 forbids never reach it, and `]]>` is escaped like any `>`. With timings on, each
/// `testcase` has a `time` attribute (its wall-clock duration in seconds, three decimals, as CI systems
/// read it) and `testsuite`/`testsuites` the sum; with timings off there is no `time` attribute. The cases
/// a run that ended early did not run are `skipped` test cases, with the reason. A failure's text is the
/// case's console report, within `CaseOutputLimits`, and its `message` the first failure, cut.
package enum JUnitRunReport {
    /// The report file's text.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - context: The adapter and the rerun command.
    package static func render(_ results: [CaseResult], context: RunContext) -> String {
        let failures = results.filter { Element($0.verdict) == .failure }.count
        let errors = results.filter { Element($0.verdict) == .error }.count
        let notRun = context.stop?.notRun ?? []
        let skipped = results.filter { Element($0.verdict) == .skipped }.count + notRun.count
        let total = time(ReportTimings.total(results), context: context)
        let tests = results.count + notRun.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"wvjb-conformance\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\"\(total)>",
            "  <testsuite name=\"\(escape("wvjb-conformance \(context.adapter)"))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\"\(total)>",
            "    <properties>",
            "      <property name=\"profile\" value=\"\(escape(context.profile.name))\"/>",
            "    </properties>",
        ]
        for result in results {
            let area = String(result.caseID.prefix { $0 != "." })
            let open =
                "    <testcase classname=\"\(escape(area))\" name=\"\(escape(result.caseID))\"\(time(result.duration, context: context))"
            let element = Element(result.verdict)
            switch element {
            case .none:
                lines.append(open + "/>")
            case .skipped:
                lines.append(open + ">")
                lines.append("      <skipped message=\"\(escape(result.interruption?.text ?? "not applicable"))\"/>")
                lines.append("    </testcase>")
            case .failure, .error:
                let headline = PrintableText.cut(
                    result.failures.first.map { "[\($0.citationLabel)] \($0.message)" } ?? result.interruption?.text
                        ?? result.verdict.rawValue,
                    limit: CaseOutputLimits.messageLength)
                lines.append(open + ">")
                let name = element.rawValue
                lines.append(
                    "      <\(name) type=\"\(result.verdict.rawValue)\" message=\"\(escape(headline))\">\(escape(result.report + "\nrerun: " + context.rerunCommand(for: result.caseID), inAttribute: false))</\(name)>"
                )
                lines.append("    </testcase>")
            }
        }
        if let stop = context.stop {
            for caseID in stop.notRun {
                let area = String(caseID.prefix { $0 != "." })
                lines.append("    <testcase classname=\"\(escape(area))\" name=\"\(escape(caseID))\">")
                lines.append("      <skipped message=\"\(escape("not run: the run was \(stop.summary)"))\"/>")
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a case's `testcase` holds: nothing (passed), or a `skipped`, `failure` or `error` element.
    private enum Element: String {
        case none, skipped, failure, error

        /// The element of a case with `verdict`: `failure` for what the case found, `error` for a case
        /// that could not finish, `skipped` for one that does not apply.
        init(_ verdict: Verdict) {
            switch verdict {
            case .pass: self = .none
            case .notApplicable: self = .skipped
            case .fail, .insecure, .nonStrict: self = .failure
            case .timeout, .crash, .adapterError, .harnessError: self = .error
            }
        }
    }

    /// ` time="S.mmm"` for `duration`, or nothing when timings are off or there is no duration.
    private static func time(_ duration: Duration?, context: RunContext) -> String {
        guard context.timings == .on, let duration else { return "" }
        return " time=\"\(ReportTimings.secondsText(duration))\""
    }

    /// XML text (or, with `inAttribute`, an attribute value): printable ASCII, the five XML specials as
    /// entities, line breaks kept in text and written as `&#10;` in attributes, every other character as
    /// `<U+XXXX>` (escaped), so nothing XML 1.0 forbids can appear.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n": output += inAttribute ? "&#10;" : "\n"
            case " "..."~": output.unicodeScalars.append(scalar)
            default: output += "&lt;" + PrintableText.printable(String(scalar)).dropFirst().dropLast() + "&gt;"
            }
        }
        return output
    }
}

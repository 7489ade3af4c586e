import ConformanceCatalogue

/// Whether reports carry each case's wall-clock duration (`conformance run --report-timings on|off`), and
/// how they write it.
///
/// Durations are wall clock, so a report that carries them is never the same twice. With `off`, the JSON,
/// JUnit and Markdown reports and the verbose console are written exactly as if no case had been timed:
/// same input, same bytes. Transcripts, goldens and baselines never carry durations either way.
package enum ReportTimings: String, Sendable, CaseIterable {
    /// Each case's duration, the run's total and the slowest cases (the default).
    case on
    /// No durations anywhere, for those who compare reports byte for byte.
    case off

    /// How many of the slowest cases the Markdown report and the verbose console list.
    package static let slowestCount = 5

    /// `duration` in whole milliseconds, rounded half up.
    package static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }

    /// `duration` in seconds with exactly three decimals (`0.012`, `1.250`), as JUnit's `time` attribute
    /// and the other reports write it; the same text in every locale.
    package static func secondsText(_ duration: Duration) -> String {
        let milliseconds = Self.milliseconds(duration)
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        let fraction = String(magnitude % 1_000)
        return sign + String(magnitude / 1_000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `duration` in seconds rounded to the millisecond, as the JSON report writes it.
    package static func seconds(_ duration: Duration) -> Double {
        Double(milliseconds(duration)) / 1_000
    }

    /// The results that carry a duration, the slowest first (ties in run order), at most `limit` of them.
    package static func slowest(_ results: [CaseResult], limit: Int = slowestCount) -> [(
        result: CaseResult, duration: Duration
    )] {
        let timed = results.enumerated().compactMap { index, result in result.duration.map { (index, result, $0) } }
        let sorted = timed.sorted { $0.2 != $1.2 ? $0.2 > $1.2 : $0.0 < $1.0 }
        return sorted.prefix(limit).map { (result: $0.1, duration: $0.2) }
    }

    /// The sum of the durations `results` carry; nil when none carries one.
    package static func total(_ results: [CaseResult]) -> Duration? {
        let durations = results.compactMap(\.duration)
        return durations.isEmpty ? nil : durations.reduce(.zero, +)
    }
}

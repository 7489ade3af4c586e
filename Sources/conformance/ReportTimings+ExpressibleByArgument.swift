import ArgumentParser
import ConformanceKit

/// `run --report-timings on|off`; help and errors list the values.
extension ReportTimings: ExpressibleByArgument {}

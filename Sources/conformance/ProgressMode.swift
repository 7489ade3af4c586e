import ArgumentParser

/// `run --progress always|never|auto`: whether `conformance run` prints a line per case on standard error
/// as it goes; help and errors list the values. Standard output is the same either way.
enum ProgressMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Progress lines whatever standard error is (a log file, a CI console, a test's pipe).
    case always
    /// No progress lines.
    case never
    /// Progress when standard error is a terminal (the default).
    case auto

    /// Whether progress is printed.
    /// - Parameter standardErrorIsTerminal: Whether standard error is a terminal (`isatty(2)`).
    func isEnabled(standardErrorIsTerminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: standardErrorIsTerminal
        }
    }
}

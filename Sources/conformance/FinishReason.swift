import ConformanceKit
import Foundation

/// Why a command finishes before its work is done, decided outside its main flow (`VerbFinisher`).
///
/// Today the only trigger is a signal (`SignalTrigger`); the value is explicit so that another trigger
/// (a watchdog that finds the main thread stuck) can finish a command the same way, for its own reason.
enum FinishReason: Sendable, Equatable {
    /// SIGINT, SIGTERM or SIGHUP arrived.
    case signal(Int32)

    /// The signals every command handles: Ctrl-C, a CI runner's or a service manager's stop, and a
    /// terminal or ssh session that went away.
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The process's exit status: 128 + the signal, as shells report a command a signal ended
    /// (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
    var exitStatus: Int32 {
        switch self {
        case .signal(let number): 128 + number
        }
    }

    /// The cause in a word or two: `SIGINT`.
    var name: String {
        switch self {
        case .signal(let number): Self.name(ofSignal: number)
        }
    }

    /// What happened, for a summary line: `interrupted by SIGINT`.
    var summary: String {
        switch self {
        case .signal: "interrupted by \(name)"
        }
    }

    /// The reason as reports carry it (`stopped` in the JSON report).
    var runStopReason: RunStop.Reason {
        switch self {
        case .signal: .interrupted(signal: name)
        }
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`, or `signal N`.
    static func name(ofSignal number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}

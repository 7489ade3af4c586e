import ConformanceAdapter

/// Why a case did not run to its end: it could not run here (not applicable), or something stopped it (a
/// timeout, the adapter, the kit, a crash), with what happened. `text` is the case's interruption line, the
/// one place it is worded.
package enum CaseInterruption: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The case cannot run on this adapter, page host or profile.
    case notApplicable(NotApplicable)
    /// Something stopped the case, during `stage` when known; `detail` says what happened.
    case stopped(Stop, during: String?, detail: String)

    /// Why a case cannot run here.
    package enum NotApplicable: Sendable, Hashable, Codable {
        /// The run's profile (`profile`, its dialect's name) lacks what the case is written for.
        case profile(String, reason: String)
        /// The page host lacks facilities the case needs (`PageFacilities.missingReason`).
        case pageLacks(String)
        /// The case judges the JS side, and the run injects the kit's own.
        case javaScriptSideNotUnderTest
        /// The adapter lacks capabilities the case requires: what it needs and what the adapter offers.
        case adapterLacks(needs: String, offers: String)
        /// The page host found it could not run the case, as it ran.
        case pageHost(String)
    }

    /// What stopped a case: each gives the case its verdict.
    package enum Stop: String, Sendable, Hashable, Codable {
        /// The implementation ran past a limit, or never let the page go idle.
        case timeout
        /// The adapter threw, broke its protocol or could not be made.
        case adapterError
        /// The kit failed.
        case harnessError
        /// The implementation's process died.
        case crash

        /// The stop that gives `verdict`, nil for a verdict no stop gives (a case that ran to its end, or one
        /// not applicable).
        /// - Parameter verdict: A verdict.
        package init?(verdict: Verdict) {
            switch verdict {
            case .timeout: self = .timeout
            case .adapterError: self = .adapterError
            case .harnessError: self = .harnessError
            case .crash: self = .crash
            case .pass, .fail, .nonStrict, .insecure, .notApplicable: return nil
            }
        }

        /// The words that start its line.
        var label: String {
            switch self {
            case .timeout: return "timeout"
            case .adapterError: return "adapter error"
            case .harnessError: return "harness error"
            case .crash: return "crash"
            }
        }
    }

    /// The verdict of a case interrupted so.
    package var verdict: Verdict {
        switch self {
        case .notApplicable: return .notApplicable
        case .stopped(.timeout, _, _): return .timeout
        case .stopped(.adapterError, _, _): return .adapterError
        case .stopped(.harnessError, _, _): return .harnessError
        case .stopped(.crash, _, _): return .crash
        }
    }

    /// The case's interruption line (more lines for a crash report): what reports, goldens' skips and the
    /// console print.
    package var text: String {
        switch self {
        case .notApplicable(.profile(let profile, let reason)):
            return "not applicable in the \(profile) profile: \(reason)"
        case .notApplicable(.pageLacks(let missing)):
            return "not applicable: needs \(missing), which this web view does not have"
        case .notApplicable(.javaScriptSideNotUnderTest):
            return "not applicable: the case judges a JS side alone, and this run was given none to judge (it "
                + "holds the kit's reference JS side there, whatever the bridge injects); give yours (--js-side, or "
                + "javaScriptSide:) to judge it"
        case .notApplicable(.adapterLacks(let needs, let offers)):
            return "not applicable: needs \(needs), the adapter offers \(offers)"
        case .notApplicable(.pageHost(let reason)):
            return "not applicable: \(reason)"
        case .stopped(let stop, let stage, let detail):
            // The stage quotes the request, whose data may be megabytes: cut, so that the reason after it is
            // never what the bounded text loses.
            let during = stage.map { " during " + PrintableText.cut($0, limit: CaseOutputLimits.messageLength) }
            return stop.label + (during ?? "") + ": " + detail
        }
    }

    /// `text`.
    package var description: String { text }
}

import ConformanceAdapter
import ConformanceObligations

/// A page host whose transcript, native activity and page log a `PageRecorder` keeps: the recording members of
/// `PageHost` and `WebViewBackend` are the recorder's, written once here for every host that has one.
@MainActor
package protocol RecordedPageHost: PageHost, WebViewBackend {
    /// What the host keeps of the case.
    var recorder: PageRecorder { get }
}

extension RecordedPageHost {
    /// Everything observed so far.
    package var transcript: Transcript { recorder.transcript }

    /// Counts the times native code ran or called the web view.
    package var nativeActivity: Int { recorder.nativeActivity }

    /// Records an event the harness observed.
    package func record(_ event: TranscriptEvent) {
        recorder.record(event)
    }

    /// Records the call in the transcript.
    package func recordAppDelegateNotification(method: String, url: String) {
        recorder.record(.appDelegateNotified(method: method, url: url))
    }

    /// Records the line in the transcript.
    package func recordNativeLog(_ message: String) {
        recorder.record(.nativeLog(message))
    }

    /// Records the violation in the transcript; the case reports it as a failure of `clause`, the obligation
    /// whose clause the failure names.
    package func reportViolation(clause: Obligation, message: String) {
        recorder.record(.violation(clause: clause.id, message: message))
    }

    /// Pages committed from now on read the web view's user scripts; nothing to do now.
    package func didAddUserScript(_ script: UserScript) { recorder.countNativeActivity() }

    /// Pages committed from now on read the web view's user scripts; nothing to do now.
    package func didRemoveAllUserScripts() { recorder.countNativeActivity() }
}

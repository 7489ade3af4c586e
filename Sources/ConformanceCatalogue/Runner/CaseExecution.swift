import ConformanceAdapter
import ConformanceBrowser
import ConformanceSupport

/// The second stage of a case's run: the case, applicable, on its page host and adapter, from attach to leftovers
/// (attach, the case's body, the page run until idle, the adapter's finish, the end of the case). What it gives is
/// what happened, unjudged (`CaseJudgement` judges it).
@MainActor
struct CaseExecution {
    /// What running a case gave, before judgement.
    struct Outcome {
        /// Why the case did not run to its end; nil when it did.
        var interruption: CaseInterruption?
        /// The failures the case's checks recorded, not yet judged at their clauses' levels.
        var failures: [CheckFailure] = []
        /// Every check the case made, its implicit end-of-case checks included.
        var checks: [CaseCheck] = []
        /// What was left over when the case ended.
        var leftovers = CaseLeftovers()
        /// Everything observed.
        var transcript = Transcript()
    }

    /// The case.
    let conformanceCase: ConformanceCase
    /// Its page host.
    let browser: any PageHost
    /// Its adapter, attached by `run()`.
    let adapter: any BridgeAdapter

    /// Runs the case to its end, or to what stopped it, and ends it.
    func run() async -> Outcome {
        InProcessCrashNote.caseWillRun(conformanceCase.id)
        defer { InProcessCrashNote.caseDidRun() }
        // A bridge that logs with print or NSLog: its standard-stream lines are native log lines of the case.
        let capture =
            adapter is any LogsToStandardStreams
            ? await StandardStreamCapture.start(for: browser) { [browser] in browser.webView.recordNativeLog($0) } : nil
        let context = CaseContext(conformanceCase: conformanceCase, browser: browser, adapter: adapter)
        var stop = await drive(context)
        capture?.stop()
        if let finishStop = finishAdapter(), stop == nil { stop = finishStop }
        let leftovers = context.finish(page: browser.finish())
        return Outcome(
            interruption: stop?.interruption, failures: context.failures, checks: context.checks, leftovers: leftovers,
            transcript: browser.transcript)
    }

    /// Attaches the implementation, runs the case's body and the page until idle: what stopped it, nil if nothing.
    private func drive(_ context: CaseContext) async -> CaseStop? {
        // An app sets its own navigation delegate before it creates the bridge (BOOT-9).
        if conformanceCase.hasAppNavigationDelegate { browser.webView.installAppNavigationDelegate() }
        do {
            try context.attach()
            try await conformanceCase.body(context)
            try await context.runUntilIdle()
            return nil
        } catch let caseStop as CaseStop {
            return caseStop
        } catch {
            return .harness("the case's script threw \(error)")
        }
    }

    /// Lets an adapter that finishes before judgement do so: what stopped it, nil when it finished or need not.
    private func finishAdapter() -> CaseStop? {
        guard let finishing = adapter as? any FinishesBeforeJudgement else { return nil }
        // An out-of-process testee that wrote after its last `done`, or failed ending the case, has broken down in
        // this case: the verdict says so rather than blaming the bridge for the rest.
        do {
            try finishing.finishBeforeJudgement()
            return nil
        } catch let error as AdapterFailure {
            return .adapterFailure(error, stage: "the end of the case")
        } catch {
            return .harness("the adapter failed to finish the case: \(error)")
        }
    }
}

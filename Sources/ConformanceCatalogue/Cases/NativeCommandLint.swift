import ConformanceAdapter
import ConformanceBrowser
import ConformanceObligations
import ConformanceSupport

/// The wire lint of a case's end: each native command the transcript holds, checked for how it is written
/// (`WireInspector`), and, when it threw, for why (a command that came before the page's JS side).
enum NativeCommandLint {
    /// The failures of the native commands of `transcript`, in order.
    /// - Parameter transcript: Everything a case observed, in its words.
    static func failures(in transcript: Transcript) -> [CheckFailure] {
        var failures: [CheckFailure] = []
        var errors: [Int: String] = [:]
        for entry in transcript.entries {
            if case let .evaluationFinished(id, _, error?) = entry.event { errors[id] = error }
        }
        for (index, evaluation) in transcript.nativeEvaluations.enumerated() {
            let problems = evaluation.command.problems
            // A literal a payload can break out of makes each escaping failure the lint finds in its command a
            // security finding.
            let breaksOut = problems.contains(where: \.breaksOutOfLiteral)
            var failed = problems.map { problem in
                (
                    problem,
                    [Clause.esc1, .esc2].contains(problem.clause) && breaksOut ? SecurityExposure.literalBreaksOut : nil
                )
            }
            // SimulatedBrowser runs each native evaluation as `native-evaluation-<id>.js`: an error located
            // there is the command's own, not one of the JS side or of a handler it called. It is what the command
            // did, not how it was escaped: no security finding of its own.
            if let error = errors[evaluation.id],
                let thrown = WireInspector.problem(
                    ofThrowingCommand: evaluation.command, error: error,
                    sourceURL: "native-evaluation-\(evaluation.id).js", in: transcript.dialect)
            {
                failed.append(
                    (
                        earlyCommandProblem(thrown, error: error, evaluationID: evaluation.id, in: transcript)
                            ?? thrown, nil
                    ))
            }
            for (problem, exposure) in failed {
                failures.append(
                    CheckFailure(
                        clause: problem.obligation.id,
                        message: "native evaluation #\(index + 1) (eval#\(evaluation.id)): \(problem.message)",
                        actual: PrintableText.abbreviate(evaluation.script, limit: 200), exposure: exposure))
            }
        }
        return failures
    }

    /// A command that threw because the page had no JS side at all is well formed and came too early: before
    /// the page loaded, it was not held in the startup queue (START-1.a); after, when the same page got its JS
    /// side later (the run's JS side evaluated, or a later command delivered), it was evaluated before the JS
    /// side (BOOT-3.b). Nil for a command that threw for another reason, or into a page whose JS side never
    /// came (its injection is at fault, BOOT-4).
    private static func earlyCommandProblem(
        _ thrown: WireInspector.Problem, error: String, evaluationID: Int, in transcript: Transcript
    )
        -> WireInspector.Problem?
    {
        guard error.contains("Can't find variable: \(transcript.dialect.javaScriptGlobal) ") else { return nil }
        let message = "the page had no JS side (`\(transcript.dialect.javaScriptGlobal)` undefined): \(thrown.message)"
        guard transcript.pageWasLoaded(whenEvaluationStarted: evaluationID) else {
            return WireInspector.Problem(
                obligation: .start1a,
                message: "evaluated before the page loaded instead of held in the startup queue; " + message)
        }
        let jsSide = transcript.javaScriptSideEvaluationIDs
        let gotItsJavaScriptSide = transcript.laterEvaluationSucceeded(
            inPageOfEvaluation: evaluationID,
            where: { id, command in jsSide.contains(id) || command.deliveredMessage != nil })
        guard gotItsJavaScriptSide else { return nil }
        return WireInspector.Problem(
            obligation: .boot3b,
            message: "evaluated after the page loaded but before its JS side, which came later; " + message)
    }
}

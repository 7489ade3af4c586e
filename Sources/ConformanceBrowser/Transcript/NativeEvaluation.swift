/// One evaluation the native side started (a harness one never is): its id, how it was evaluated and what
/// it is on the wire, as a transcript's queries (`Transcript.nativeEvaluations`) list them.
package struct NativeEvaluation: Equatable, Sendable {
    /// The evaluation's id in its transcript (`eval#<id>`).
    package var id: Int
    /// How the native side evaluated it.
    package var style: EvaluationStyle
    /// The script, read in the transcript's dialect.
    package var command: NativeCommand

    /// The script as evaluated.
    package var script: String { command.script }
}

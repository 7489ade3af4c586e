/// One mutant a mutator derived from a source file: the whole mutated source, and where and how it differs.
package struct MechanicalMutant: Sendable, Hashable {
    /// The file the mutant was derived from, as named to the mutator (`WebViewJavascriptBridge.js`).
    package let file: String
    /// The 1-based line of the change (of the first line, for a swap).
    package let line: Int
    /// The operator applied.
    package let mutationOperator: MutationOperator
    /// Which application of the operator on that line (1-based), for operators that fit more than once.
    package let occurrence: Int
    /// What changed, in source words: "`===` -> `!==`".
    package let change: String
    /// The mutated source.
    package let source: String

    /// A stable id: `<file>:<line>:<operator>` and `#<occurrence>` after the first.
    package var id: String {
        "\(file):\(line):\(mutationOperator.rawValue)" + (occurrence > 1 ? "#\(occurrence)" : "")
    }
}

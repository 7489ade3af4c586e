import Foundation

/// ESC-2's escaping written the way the clause says it: an ordered chain of literal replace-all passes,
/// backslash first.
///
/// The executable form of that sentence, and the oracle for everything that escapes: the tests check the
/// reference's one-pass escaper (`MessageEscaper`) against it, the escaper benchmark measures both, and
/// escaping mutants break it one step at a time (a step dropped, the order changed).
package enum ReplacementChain {
    /// The canonical chain: (what, its replacement), in the order they must run.
    package static let canonical: [(target: String, replacement: String)] = [
        ("\\", "\\\\"), ("\"", "\\\""), ("'", "\\'"), ("\n", "\\n"),
        ("\r", "\\r"), ("\u{0C}", "\\f"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"),
    ]

    /// Applies `steps` to `text` in order, each a replace-all pass.
    ///
    /// The passes use `.literal`: the default comparison would not match `"` followed by a combining mark.
    /// - Parameters:
    ///   - text: The compact JSON of one message.
    ///   - steps: The chain to run; the canonical one unless a mutant breaks it.
    /// - Returns: The text to put between the quotes of a single-quoted JS literal.
    package static func escape<Steps: Sequence<(target: String, replacement: String)>>(_ text: String, steps: Steps)
        -> String
    {
        var result = text
        for (target, replacement) in steps {
            result = result.replacingOccurrences(of: target, with: replacement, options: .literal)
        }
        return result
    }

    /// Applies the canonical chain to `text`: the same text as `MessageEscaper.escapeForSingleQuotedLiteral(_:)`.
    /// - Parameter text: The compact JSON of one message.
    /// - Returns: The text to put between the quotes of a single-quoted JS literal.
    package static func escape(_ text: String) -> String {
        escape(text, steps: canonical)
    }
}

import ArgumentParser
import ConformanceKit

/// A `compare` option that sets something for one adapter, `NAME=VALUE`: `--profile-of wk=wkwvjb`,
/// `--js-side-of wk=port.js`, `--baseline wk=wk-baseline.json`. NAME is the adapter's label (or the adapter
/// as given to `--adapter`, as older command lines wrote it). A label made from a command may hold `=`
/// itself (`adapter --mode=a`), so NAME is the longest label followed by `=` that the value starts with,
/// not the text before the first `=`.
struct AdapterAssignment: Sendable {
    /// The whole `NAME=VALUE`.
    let argument: String
    /// The text before the first `=`: the name when no label holds one, and what messages quote.
    let name: String

    /// Parses `NAME=VALUE`.
    /// - Parameter option: The option's name, for the message.
    /// - Throws: `ValidationError` when there is no `=`, or nothing before or after it.
    init(argument: String, option: String) throws(ValidationError) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
            argument.index(after: equals) != argument.endIndex
        else {
            throw ValidationError(
                "\(option) takes LABEL=VALUE, LABEL an --adapter's label (got \(PrintableText.terminalSafe(argument)))")
        }
        self.argument = argument
        name = String(argument[..<equals])
    }

    /// The adapter in `adapters` the assignment names, and its value: the adapter with the longest label
    /// that, with `=`, begins the assignment and leaves a value; else the same with the adapter as given.
    /// Nil when none is.
    func match(in adapters: [ComparedAdapter]) -> (index: Int, value: String)? {
        for names in [adapters.map(\.label), adapters.map(\.argument)] {
            let candidates = names.indices.filter { index in
                argument.hasPrefix(names[index] + "=") && argument.utf8.count > names[index].utf8.count + 1
            }
            if let index = candidates.max(by: { names[$0].utf8.count < names[$1].utf8.count }) {
                return (index, String(argument.dropFirst(names[index].count + 1)))
            }
        }
        return nil
    }

    /// The value for each of `adapters` (nil where none is given).
    /// - Parameters:
    ///   - assignments: The option's values, in the order given.
    ///   - adapters: The compared adapters.
    ///   - option: The option's name, for messages.
    /// - Throws: `ValidationError` for a NAME that is no adapter's, or an adapter given two values.
    static func values(
        _ assignments: [AdapterAssignment], for adapters: [ComparedAdapter], option: String
    ) throws(ValidationError) -> [String?] {
        var values = [String?](repeating: nil, count: adapters.count)
        for assignment in assignments {
            guard let (index, value) = assignment.match(in: adapters) else {
                throw ValidationError(
                    "\(option) \(PrintableText.terminalSafe(assignment.name))=...: no --adapter has the label \(PrintableText.terminalSafe(assignment.name)) (the labels: \(adapters.map { PrintableText.terminalSafe($0.label) }.joined(separator: ", ")))"
                )
            }
            guard values[index] == nil else {
                throw ValidationError(
                    "\(option) is given twice for \(PrintableText.terminalSafe(adapters[index].label)): give it once")
            }
            values[index] = value
        }
        return values
    }
}

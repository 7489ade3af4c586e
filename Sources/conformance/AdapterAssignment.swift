import ArgumentParser
import ConformanceKit

/// A `compare` option that sets something for one adapter, `NAME=VALUE`: `--profile-of wk=wkwvjb`,
/// `--js-side-of wk=port.js`, `--baseline wk=wk-baseline.json`. NAME is the adapter's label (or the adapter
/// as given to `--adapter`, as older command lines wrote it); it ends at the first `=`.
struct AdapterAssignment: Sendable {
    /// The label (or adapter) the value is for.
    let name: String
    /// The value.
    let value: String

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
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }

    /// The index in `adapters` of the adapter `name` names: the one with that label, else the one given as
    /// that adapter; nil when none is.
    func index(in adapters: [ComparedAdapter]) -> Int? {
        adapters.firstIndex { $0.label == name } ?? adapters.firstIndex { $0.argument == name }
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
            guard let index = assignment.index(in: adapters) else {
                throw ValidationError(
                    "\(option) \(PrintableText.terminalSafe(assignment.name))=...: no --adapter has the label \(PrintableText.terminalSafe(assignment.name)) (the labels: \(adapters.map { PrintableText.terminalSafe($0.label) }.joined(separator: ", ")))"
                )
            }
            guard values[index] == nil else {
                throw ValidationError(
                    "\(option) is given twice for \(PrintableText.terminalSafe(adapters[index].label)): give it once")
            }
            values[index] = assignment.value
        }
        return values
    }
}

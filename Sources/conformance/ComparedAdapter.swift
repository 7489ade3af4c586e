import ArgumentParser
import ConformanceKit
import Foundation

/// One `compare --adapter [LABEL=]ADAPTER`: the implementation, and the label its column, its console
/// section and the per-adapter options (`--profile-of`, `--js-side-of`, `--baseline`) name it by.
///
/// A value is `LABEL=ADAPTER` when the text before its first `=` holds neither a `/` nor a space: so
/// `wk=.build/debug/my-port` is labelled `wk`, and a command such as `./adapter --mode=a` or
/// `env A=1 ./adapter` is a plain adapter. Without a label the column is named by the adapter's short form
/// (`shortForm(of:)`): a built-in's name, or the command with each path cut to its last component.
/// A label is what the person running the comparison (or a CI configuration they copied) chose: it is checked
/// here (not empty, printable, at most `maximumLabelBytes`) and escaped by every report.
struct ComparedAdapter: Sendable {
    /// The most UTF-8 bytes of a label, given or made from a command.
    static let maximumLabelBytes = 64

    /// What the column is named by.
    let label: String
    /// The adapter as `run --adapter` takes it.
    let argument: String
    /// The adapter it names.
    let choice: AdapterChoice

    /// Parses an `--adapter` value of `compare`.
    /// - Throws: `ValidationError` (a usage error) for an empty, unprintable or too long label, an empty
    ///   adapter, or an adapter `run` would not take.
    init(argument value: String) throws(ValidationError) {
        if let equals = value.firstIndex(of: "="),
            !value[..<equals].contains(where: { $0 == "/" || $0.isWhitespace })
        {
            let label = String(value[..<equals]), adapter = String(value[value.index(after: equals)...])
            guard !label.isEmpty else {
                throw ValidationError(
                    "the label before = in --adapter \(PrintableText.terminalSafe(value)) is empty: write NAME=ADAPTER, or the adapter alone"
                )
            }
            guard PrintableText.terminalSafe(label) == label, label.utf8.count <= Self.maximumLabelBytes else {
                throw ValidationError(
                    "the label \(PrintableText.printable(PrintableText.cut(label, limit: 80))) is not a label: give at most \(Self.maximumLabelBytes) bytes of printable text, without spaces, / or ="
                )
            }
            guard !adapter.isEmpty else {
                throw ValidationError("--adapter \(PrintableText.terminalSafe(value)) names no adapter after the =")
            }
            self.label = label
            argument = adapter
        } else {
            label = Self.shortForm(of: value)
            argument = value
        }
        choice = try AdapterChoice(argument: argument)
    }

    /// The label of an adapter given without one: a built-in's name as it is, and a command with every word
    /// unquoted and, when it is a path, cut to its last component (`'.build/debug/my-port' --fast` is
    /// `my-port --fast`), its unprintable characters shown as `<U+XXXX>`, cut to `maximumLabelBytes`.
    static func shortForm(of adapter: String) -> String {
        let words = adapter.split(whereSeparator: \.isWhitespace).map { word in
            let unquoted = word.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            return unquoted.split(separator: "/").last.map(String.init) ?? unquoted
        }
        let short = PrintableText.terminalSafe(words.joined(separator: " "))
        guard short.utf8.count > maximumLabelBytes else { return short }
        var cut = ""
        for character in short {
            guard cut.utf8.count + String(character).utf8.count + "…".utf8.count <= maximumLabelBytes else { break }
            cut.append(character)
        }
        return cut + "…"
    }
}

import ConformanceSupport
import WireDialects

/// The names the kit's scripts already use, in a dialect, for something other than the wire's words: what no
/// word of that dialect may be.
///
/// The kit renders its JS side and page setup snippet into a dialect (`KitScriptTemplate`), but has its case
/// pages by renaming the catalogue's, which use the names of the shipped scripts and call the case page prelude
/// (`CasePagePrelude`). `DialectRenaming` is one-to-one: a dialect word that is no word of
/// the source dialect is swapped with the source word it replaces. So a dialect word that a renamed script
/// already holds as a name (`push` of `queue.push(message)`, `window`, `JSON`, `length`, the prelude's
/// `conformance`) is renamed away in it, and the script breaks: the reference fails cases, or the kit's
/// self-check blames its own files. The names are read from the scripts themselves (`ScriptNames`), so a
/// script changed or added is covered as it is.
struct RenamedScriptNames {
    /// One script renamed into the dialect: how to name it, its names, and the words renaming it moves as
    /// wire words (the source dialect's), which are no clash.
    private struct Script {
        let label: String
        let names: ScriptNames
        let sourceWords: Set<String>
    }

    private let scripts: [Script]
    /// The names case page scripts call the prelude by.
    private let preludeNames: Set<String>

    /// The names of the scripts the kit renames into `dialect`.
    /// - Throws: `HarnessError` when one of the kit's scripts cannot be read.
    init(renamedInto dialect: WireDialect) throws(HarnessError) {
        var scripts: [Script] = []
        // The kit's own scripts are rendered, not renamed, into any dialect, but case pages are renamed from the
        // canonical dialect's words (or those of a shipped dialect that signals alike) and use the names of the
        // canonical scripts, which stand for them; those scripts' wire words are renamed, not clashes.
        let source = WireDialect.shipped.first { DialectRenaming(from: $0, to: dialect) != nil } ?? .canonical
        let sourceWords = Set(WireDialect.canonical.wordFields.map(\.word) + source.wordFields.map(\.word))
        for path in [HarnessSelfCheck.javaScriptSidePath, HarnessSelfCheck.pageSetupPath] {
            scripts.append(
                Script(
                    label: path, names: ScriptNames(of: try HarnessEnvironment.kitScript(path, in: .canonical)),
                    sourceWords: sourceWords))
        }
        self.scripts = scripts
        preludeNames = Set(CasePagePrelude.names)
    }

    /// Where the kit's renamed scripts use `word` for something else, as the error of a dialect file says it
    /// (``js/wkwvjb/WKWebViewJavascriptBridge.js, line 40: `sendMessageQueue.push(message);` ``), or nil when none
    /// does.
    func clash(with word: String) -> String? {
        if preludeNames.contains(word) {
            return "the case page prelude, which every case page calls as conformance.<helper>"
        }
        for script in scripts where !script.sourceWords.contains(word) {
            guard let use = script.names.firstUse(of: word) else { continue }
            return "\(script.label), line \(use.line): `\(use.text)`"
        }
        return nil
    }
}

import BridgeMutants
import ConformanceKit
import ReferenceBridge

/// The adapters `--adapter` knows by name.
enum BuiltInAdapters {
    /// Names and one-line descriptions, for help and errors.
    static var descriptions: [(name: String, summary: String)] {
        [("reference", "the reference bridge, evaluating asynchronously like WKWebView"),
         ("reference-sync", "the reference bridge, evaluating synchronously like UIWebView")]
            + MutantCatalogue.all.map { ("mutant:\($0.id)", "broken on purpose: \($0.defect)") }
    }

    /// The mutant named by `name` (`mutant:<id>`), if any.
    static func mutant(named name: String) -> Mutant? {
        guard name.hasPrefix("mutant:") else { return nil }
        return MutantCatalogue.mutant(named: String(name.dropFirst("mutant:".count)))
    }

    /// The factory for the adapter named `name`, or nil.
    static func factory(named name: String) -> AdapterFactory? {
        switch name {
        case "reference": return { ReferenceBridgeAdapter(evaluationStyle: .asynchronous) }
        case "reference-sync": return { ReferenceBridgeAdapter(evaluationStyle: .synchronous) }
        default:
            guard let mutant = mutant(named: name) else { return nil }
            return { mutant.makeAdapter() }
        }
    }
}

import ArgumentParser
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

    /// The factory for `name`, or an error message and exit 78.
    /// - Throws: `ExitCodes.configuration` when no built-in adapter has that name.
    static func resolve(_ name: String) throws -> AdapterFactory {
        guard let factory = factory(named: name) else {
            printError("unknown adapter '\(name)'. Known adapters: \(descriptions.map(\.name).joined(separator: ", "))")
            throw ExitCodes.configuration
        }
        return factory
    }

    /// Runs `cases` on the main thread, with `javaScriptSide` injected (or, for a JS-side mutant, its
    /// broken copy of the reference JS side).
    /// - Throws: `ExitCodes.configuration` after printing the harness error.
    static func run(_ cases: [ConformanceCase], adapter name: String, javaScriptSide: String?) throws -> [CaseResult] {
        let factory = try resolve(name)
        let mutant = mutant(named: name)
        let outcome = MainThreadDriver.run { () async -> Result<[CaseResult], HarnessError> in
            do throws(HarnessError) {
                var javaScriptSide = javaScriptSide
                if javaScriptSide == nil, let mutant {
                    javaScriptSide = mutant.javaScriptSide(from: try ConformanceRunner.referenceJavaScriptSide())
                }
                let runner = try ConformanceRunner(configuration: .init(bridgeJavaScriptSource: javaScriptSide))
                return .success(await runner.run(cases, adapter: factory))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let results): return results
        case .failure(let error):
            printError(error.description)
            throw ExitCodes.configuration
        }
    }
}

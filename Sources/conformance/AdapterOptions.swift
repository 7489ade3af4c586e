import ArgumentParser
import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceBridge

/// `--adapter` and `--adapter-timeout`, shared by `run` and `smoke`: a built-in adapter by name, or a
/// command that starts an out-of-process testee (`spec/adapter-protocol.md`).
struct AdapterOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The implementation to test: reference, reference-sync, mutant:<name>, or a command that starts an out-of-process adapter (quote it when it has arguments).",
        valueName: "name-or-command"))
    var adapter = "reference"

    @Option(name: .customLong("adapter-timeout"), help: ArgumentHelp(
        "Seconds an out-of-process adapter may stay silent before it is killed and its case ends as a timeout.",
        valueName: "seconds"))
    var adapterTimeout: Double = 10

    func validate() throws {
        guard adapterTimeout > 0 else { throw ValidationError("--adapter-timeout must be more than 0 seconds (got \(adapterTimeout))") }
    }

    /// The words that select the same adapter in a rerun command.
    var rerunWords: [String] {
        var words = ["--adapter", adapter]
        if adapterTimeout != 10 { words += ["--adapter-timeout", "\(adapterTimeout)"] }
        return words
    }

    /// The reference bridge in each evaluation style, by name.
    private static let references: [(name: String, style: ReferenceBridge.EvaluationStyle, summary: String)] = [
        ("reference", .asynchronous, "the reference bridge, evaluating asynchronously like WKWebView"),
        ("reference-sync", .synchronous, "the reference bridge, evaluating synchronously like UIWebView"),
    ]

    /// Names and one-line descriptions of the built-in adapters, for help and errors.
    static var builtInDescriptions: [(name: String, summary: String)] {
        references.map { ($0.name, $0.summary) } + MutantCatalogue.all.map { ("mutant:\($0.id)", "broken on purpose: \($0.defect)") }
    }

    /// The mutant `--adapter` names (`mutant:<id>`), if any.
    var mutant: Mutant? {
        guard adapter.hasPrefix("mutant:") else { return nil }
        return MutantCatalogue.mutant(named: String(adapter.dropFirst("mutant:".count)))
    }

    /// Whether `--adapter` is a command rather than a built-in name: it has a path or arguments, or names
    /// an executable on `PATH`.
    var isCommand: Bool {
        if adapter.contains("/") || adapter.contains(" ") { return true }
        guard !adapter.hasPrefix("mutant:"), !Self.references.contains(where: { $0.name == adapter }) else { return false }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(adapter)") }
    }

    /// The factory for the chosen adapter; for a command, after checking that it starts and greets.
    /// - Throws: `ExitCodes.configuration` after printing what is wrong.
    func resolve() throws -> AdapterFactory {
        if isCommand {
            let configuration = ProcessBridgeAdapter.Configuration(command: adapter, responseTimeout: adapterTimeout)
            let greeting = MainThreadDriver.run { () -> String? in
                do throws(AdapterProcessError) { _ = try ProcessBridgeAdapter(configuration: configuration); return nil } catch { return error.message }
            }
            if let greeting {
                printError("the adapter command `\(adapter)` did not start as an adapter: \(greeting)")
                throw ExitCodes.configuration
            }
            return { try ProcessBridgeAdapter(configuration: configuration) }
        }
        if let style = Self.references.first(where: { $0.name == adapter })?.style {
            return { ReferenceBridgeAdapter(evaluationStyle: style) }
        }
        guard let mutant else {
            printError("unknown adapter '\(adapter)'. Give a built-in name (\(Self.builtInDescriptions.map(\.name).prefix(3).joined(separator: ", ")), ...; see `conformance list --adapters`) or a command that starts an out-of-process adapter (a path, or a program on PATH)")
            throw ExitCodes.configuration
        }
        return { mutant.makeAdapter() }
    }

    /// Runs `cases` on the main thread, with `javaScriptSide` injected (or, for a JS-side mutant, its
    /// broken copy of the reference JS side).
    /// - Throws: `ExitCodes.configuration` after printing the harness or adapter error.
    func run(_ cases: [ConformanceCase], javaScriptSide: String?) throws -> [CaseResult] {
        let factory = try resolve()
        let mutant = self.mutant
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

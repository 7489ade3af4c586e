import ArgumentParser
import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceContainer

extension AdapterOptions {
    /// Runs container cases (`--profile container`) as `run(_:javaScriptSide:monitor:afterStall:)` runs WVJB
    /// ones: on the main thread, one by one, each against a fresh adapter, the monitor told of each.
    /// - Parameters:
    ///   - cases: The selected container cases.
    ///   - javaScriptSide: The page library offered to the container (`--js-side`); nil offers the kit's, or a
    ///     JS-side mutant's broken copy of it.
    ///   - monitor: Told of each case; may stop the run early.
    ///   - carried: Results a run restarted after an engine stall carries; their cases are not run again.
    /// - Throws: `ExitCodes.configuration` after printing a harness or adapter error.
    func runContainer(
        _ cases: [ContainerCase], javaScriptSide: String?, monitor: RunMonitor?, carried: [CaseResult]
    ) throws -> [CaseResult] {
        let factory = try resolveContainer(isInterrupted: { monitor?.isInterrupted ?? false })
        let offered = try javaScriptSide ?? containerMutantJavaScriptSide()
        let done = Set(carried.map(\.caseID))
        let scriptTimeLimit = scriptTimeLimit
        let outcome = MainQueuePump.run { () async -> Result<[CaseResult], HarnessError> in
            do throws(HarnessError) {
                let runner = try ContainerRunner(javaScriptSide: offered, executionTimeLimit: scriptTimeLimit)
                var finished = carried
                for (index, containerCase) in cases.enumerated() where !done.contains(containerCase.id) {
                    if let monitor, !monitor.caseMayStart(containerCase.id, index: index) { break }
                    let result = await runner.run(containerCase, adapter: factory)
                    finished.append(result)
                    if let monitor, !monitor.caseDidFinish(result, index: index) { break }
                }
                return .success(monitor?.finished ?? finished)
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

    /// The factory for the chosen adapter in the container profile: the reference container, a container
    /// mutant, or a testee whose hello offers `container` (ADP-25).
    /// - Throws: `ExitCodes.configuration` after printing what is wrong: a testee that does not start, or one
    ///   that serves a WVJB bridge rather than a container.
    func resolveContainer(isInterrupted: () -> Bool) throws -> ContainerAdapterFactory {
        switch choice {
        case .reference:
            return { ReferenceContainerAdapter() }
        case .containerMutant(let mutant):
            return { mutant.makeAdapter() }
        case .referenceSync, .mutant:
            // Validation refuses them (`AdapterChoice.refusal(inProfile:)`); said, not trapped, should that change.
            printError(choice.refusal(inProfile: profile) ?? "\(choice.argument) does not run container cases")
            throw ExitCodes.usage
        case .command(let command):
            let testee = try startTestee(command: command, isInterrupted: isInterrupted)
            guard testee.servesContainer else {
                printError(
                    "the adapter command `\(command)` serves a WVJB bridge, not a messageHandler container: its hello does not offer `container` (spec/adapter-protocol.md, ADP-25; AdapterHost.serveContainer). Run it without --profile container"
                )
                throw ExitCodes.configuration
            }
            return testee.factory
        }
    }

    /// The JS side a JS-side container mutant offers (its broken copy of the kit's); nil for any other adapter.
    /// - Throws: `ExitCodes.configuration` when the kit's JS side cannot be read or the mutant went stale.
    func containerMutantJavaScriptSide() throws -> String? {
        guard case .containerMutant(let mutant) = choice else { return nil }
        let kit: String
        do throws(HarnessError) { kit = try ContainerRunner.kitJavaScriptSide() } catch {
            printError(error.description)
            throw ExitCodes.configuration
        }
        guard let broken = mutant.javaScriptSide(from: kit) else {
            printError(
                "mutant:\(mutant.id) no longer applies: the text it replaces is not in the kit's container JS side (a harness error: report it)"
            )
            throw ExitCodes.configuration
        }
        return broken
    }
}

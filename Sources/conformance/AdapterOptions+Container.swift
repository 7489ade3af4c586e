import ArgumentParser
import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceContainer

extension AdapterOptions {
    /// What runs container cases (`--profile container`): the container runner, offered the JS side given (else
    /// the kit's, or a JS-side mutant's broken copy of it), and the adapter's factory (for a command, after checking
    /// that its testee starts and serves a container).
    /// - Throws: `ExitCodes.configuration` after printing what is wrong.
    func containerRunner(_ cases: [ContainerCase], javaScriptSide: String?, monitor: RunMonitor?) throws
        -> @MainActor @Sendable () throws(HarnessError) -> CaseRunner
    {
        let factory = try resolveContainer(isInterrupted: { monitor?.isInterrupted ?? false })
        let offered = try javaScriptSide ?? containerMutantJavaScriptSide()
        let scriptTimeLimit = scriptTimeLimit
        return { () throws(HarnessError) -> CaseRunner in
            let runner = try ContainerRunner(javaScriptSide: offered, executionTimeLimit: scriptTimeLimit)
            return { index in await runner.run(cases[index], adapter: factory) }
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

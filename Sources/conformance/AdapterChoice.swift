import ArgumentParser
import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceBridge
import WireDialects

/// What `--adapter` names, resolved when the command line is parsed: the reference bridge in one
/// evaluation style (the reference container in the container profile), a mutant of either, or a command that
/// starts an out-of-process adapter.
enum AdapterChoice: Sendable {
    /// The reference bridge, evaluating asynchronously like WKWebView.
    case reference
    /// The reference bridge, evaluating synchronously like UIWebView.
    case referenceSync
    /// The reference bridge with one deliberate defect.
    case mutant(Mutant)
    /// The reference container (`spec/container.md`) with one deliberate defect.
    case containerMutant(ContainerMutant)
    /// A shell command that starts an out-of-process adapter (`spec/adapter-protocol.md`).
    case command(String)

    /// The reference bridge in each evaluation style, in the order help and `list --adapters` show them.
    static let references: [AdapterChoice] = [.reference, .referenceSync]

    /// Every built-in adapter: the references, then the mutants, the container's last.
    static var builtIns: [AdapterChoice] {
        references + MutantCatalogue.all.map { .mutant($0) } + ContainerMutantCatalogue.all.map { .containerMutant($0) }
    }

    /// The prefix of a mutant's `--adapter` name.
    private static let mutantPrefix = "mutant:"

    /// Parses an `--adapter` value.
    /// - Parameter argument: A built-in name (`reference`, `reference-sync`, `mutant:<id>`) or a command:
    ///   a path, a command with arguments, or the name of an executable on `PATH`.
    /// - Throws: `ValidationError` (a usage error) for an unknown mutant id or an unknown plain name.
    init(argument: String) throws(ValidationError) {
        if argument.hasPrefix(Self.mutantPrefix) {
            let id = String(argument.dropFirst(Self.mutantPrefix.count))
            if let mutant = MutantCatalogue.mutant(named: id) {
                self = .mutant(mutant)
            } else if let mutant = ContainerMutantCatalogue.all.first(where: { $0.id == id }) {
                self = .containerMutant(mutant)
            } else {
                throw ValidationError(
                    "no mutant has the id '\(PrintableText.terminalSafe(id))'; `conformance list --adapters` lists the \(MutantCatalogue.all.count + ContainerMutantCatalogue.all.count) mutants"
                )
            }
        } else if let reference = Self.references.first(where: { $0.argument == argument }) {
            self = reference
        } else if argument.contains("/") || argument.contains(where: \.isWhitespace)
            || Self.isExecutableOnPath(argument)
        {
            self = .command(argument)
        } else {
            throw ValidationError(
                """
                unknown adapter '\(argument)'. Give a built-in name (\(Self.references.map(\.argument).joined(separator: ", ")) \
                or \(Self.mutantPrefix)<id>; `conformance list --adapters` lists them all) or a command that starts an \
                out-of-process adapter (a path, a command with arguments, or a program on PATH)
                """)
        }
    }

    /// The `--adapter` value that selects this adapter again, e.g. in a rerun command.
    var argument: String {
        switch self {
        case .reference: "reference"
        case .referenceSync: "reference-sync"
        case .mutant(let mutant): Self.mutantPrefix + mutant.id
        case .containerMutant(let mutant): Self.mutantPrefix + mutant.id
        case .command(let command): command
        }
    }

    /// One line saying what this adapter is, for `list --adapters`.
    var summary: String {
        switch self {
        case .reference: "the reference bridge, evaluating asynchronously like WKWebView"
        case .referenceSync: "the reference bridge, evaluating synchronously like UIWebView"
        case .mutant(let mutant): "broken on purpose: \(mutant.defect)"
        case .containerMutant(let mutant):
            "the reference container broken on purpose (--profile container): \(mutant.summary)"
        case .command(let command): "an out-of-process adapter started by `\(command)`"
        }
    }

    /// Why this adapter does not run in `profile`, if it does not: a mutant of another profile's reference;
    /// the reference evaluating synchronously like UIWebView in the container profile, or in a dialect whose page
    /// signals by script message, which only WKWebView has (its evaluation is asynchronous, so the combination
    /// does not occur in an app).
    func refusal(inProfile profile: ProfileChoice) -> String? {
        switch self {
        case .mutant(let mutant) where profile.isContainer || mutant.dialect != profile.dialect:
            return
                "mutant:\(mutant.id) breaks the \(mutant.dialect.name) reference: run it with --profile \(mutant.dialect.name)"
        case .containerMutant(let mutant) where !profile.isContainer:
            return "mutant:\(mutant.id) breaks the reference container: run it with --profile container"
        case .referenceSync where profile.isContainer:
            return
                "reference-sync is the WVJB reference evaluating synchronously; the container profile's reference is --adapter reference"
        case .referenceSync:
            guard case .scriptMessage = profile.dialect.loadSignal else { return nil }
            return
                "reference-sync evaluates synchronously like UIWebView, and the \(profile.dialect.name) profile's page signals by script message, which only WKWebView has (its evaluation is asynchronous): give --adapter reference in that profile"
        default:
            return nil
        }
    }

    /// The mutant this adapter runs, if it is one.
    var mutant: Mutant? {
        if case .mutant(let mutant) = self { mutant } else { nil }
    }

    /// Whether `name` is an executable file (not a folder) in one of the `PATH` folders.
    private static func isExecutableOnPath(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { folder in
            let candidate = "\(folder)/\(name)"
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: candidate)
        }
    }
}

import ArgumentParser
import ConformanceKit
import Foundation
import WireDialects

/// `--profile canonical|wkwvjb|FILE.json`: the dialect of the WVJB wire the run speaks (spec/protocol.md,
/// "Dialects"): the kit's JS side, page snippet and reference native side in it, the cases written for it,
/// and every other case reported not applicable with the reason. A dialect file (`WireDialect.load(from:)`)
/// gives a third profile without code. Help and errors list the shipped profiles.
///
/// A dialect file that cannot be used is not a usage error but a configuration one: the argument keeps the
/// loader's message, and `validated()` prints it and exits 78, as for a malformed baseline.
///
/// `container` is not a dialect but the other protocol the kit checks (spec/container.md): `run`, `compare`,
/// `explore`, `list` and `explain` know it; `smoke` and `record` say they run WVJB profiles.
struct ProfileChoice: ExpressibleByArgument, Equatable, Sendable {
    /// The dialect (the canonical one for a file that could not be loaded, or for `container`).
    let dialect: WireDialect
    /// Whether the profile is the messageHandler container protocol rather than a WVJB dialect.
    let isContainer: Bool
    /// The argument as given: a shipped profile's name or a file's path, for rerun commands.
    let argument: String
    /// Why the dialect file given cannot be used, or nil.
    private let problem: String?

    /// The canonical wire (WebViewJavascriptBridge), the default.
    static let canonical = ProfileChoice(dialect: .canonical)

    /// The messageHandler container protocol's profile.
    static let container = ProfileChoice(dialect: .canonical, argument: containerName, isContainer: true)

    /// The argument that names the container profile.
    static let containerName = "container"

    private init(dialect: WireDialect, argument: String? = nil, problem: String? = nil, isContainer: Bool = false) {
        self.dialect = dialect
        self.argument = argument ?? dialect.name
        self.problem = problem
        self.isContainer = isContainer
    }

    /// The profile of a shipped dialect.
    init(shipped dialect: WireDialect) { self.init(dialect: dialect) }

    init?(argument: String) {
        if argument == Self.containerName {
            self = .container
            return
        }
        if let dialect = WireDialect.shipped.first(where: { $0.name == argument }) {
            self.init(dialect: dialect)
            return
        }
        // Anything else that names a file (a path, or a name ending in .json) is a dialect file.
        guard argument.contains("/") || argument.hasSuffix(".json") else { return nil }
        do throws(HarnessError) {
            self.init(dialect: try WireDialect.load(from: URL(fileURLWithPath: argument)), argument: argument)
        } catch {
            self.init(dialect: .canonical, argument: argument, problem: error.description)
        }
    }

    /// Checks that a dialect file given could be used, and that a verb that runs only WVJB cases was not given the
    /// container profile.
    /// - Parameter allowingContainer: Whether the verb knows the container profile (all but `smoke`, `record`).
    /// - Throws: `ExitCodes.configuration` after printing why a dialect file cannot be used; a `ValidationError`
    ///   for the container profile where it does not run.
    func validated(allowingContainer: Bool = false) throws {
        if isContainer, !allowingContainer {
            throw ValidationError(
                "this verb runs WVJB profiles; the container profile (spec/container.md) runs with conformance run, compare and explore --profile container, and from swift test with ContainerExpectations (docs/container.md)"
            )
        }
        guard let problem else { return }
        printError(problem)
        throw ExitCodes.configuration
    }

    /// The profile as reports know it.
    var runProfile: RunProfile { isContainer ? .container : .wire(dialect) }

    var defaultValueDescription: String { argument }

    static var allValueStrings: [String] { WireDialect.shipped.map(\.name) + [containerName] }
}

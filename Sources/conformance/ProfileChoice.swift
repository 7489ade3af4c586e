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
struct ProfileChoice: ExpressibleByArgument, Equatable, Sendable {
    /// The dialect (the canonical one for a file that could not be loaded: see `validated()`).
    let dialect: WireDialect
    /// The argument as given: a shipped profile's name or a file's path, for rerun commands.
    let argument: String
    /// Why the dialect file given cannot be used, or nil.
    private let problem: String?

    /// The canonical wire (WebViewJavascriptBridge), the default.
    static let canonical = ProfileChoice(dialect: .canonical)

    private init(dialect: WireDialect, argument: String? = nil, problem: String? = nil) {
        self.dialect = dialect
        self.argument = argument ?? dialect.name
        self.problem = problem
    }

    /// The profile of a shipped dialect.
    init(shipped dialect: WireDialect) { self.init(dialect: dialect) }

    init?(argument: String) {
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

    /// Checks that a dialect file given could be used.
    /// - Throws: `ExitCodes.configuration` after printing why it cannot.
    func validated() throws {
        guard let problem else { return }
        printError(problem)
        throw ExitCodes.configuration
    }

    var defaultValueDescription: String { dialect.name }

    static var allValueStrings: [String] { WireDialect.shipped.map(\.name) }
}

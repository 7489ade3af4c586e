import ArgumentParser
import BridgeMutants
import ConformanceKit

/// `conformance list`: the case catalogue (or the built-in adapters) with clauses and requirements.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the cases with their clauses, level and required capabilities.")

    @Option(name: .customLong("case"), help: "List only cases whose id matches this glob (repeatable).")
    var cases: [String] = []

    @Flag(name: .long, help: "List the built-in adapters (reference and mutants) instead.")
    var adapters = false

    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "Say, under each case, whether it runs in this profile (wire dialect) and why not when it does not.",
            valueName: "profile"))
    var profile: ProfileChoice?

    func validate() throws { try profile?.validated(allowingContainer: true) }

    @Flag(
        name: .long,
        help:
            "Print the spec coverage table: each clause with its level, distinct checks and citing cases, and under it each obligation (spec appendix C) with its side, its distinct checks (counted on a run of the reference, about a second) and the kit's mutants that break it."
    )
    var coverage = false

    func run() throws {
        if coverage {
            let spec: ProtocolSpec
            do {
                spec = try ProtocolSpec.bundled()
            } catch {
                printError(error.description)
                throw ExitCodes.configuration
            }
            // Counting checks means running them: the catalogue against the reference, in process.
            let results = try ReferenceRun.results(of: Catalogue.all, for: "the coverage table")
            let mutants = Dictionary(grouping: MutantCatalogue.all.map { ($0.obligation.id, $0.id) }, by: \.0).mapValues
            {
                $0.map(\.1)
            }
            print(
                spec.coverageTable(
                    for: Catalogue.all, checks: results.flatMap(\.checks), mutants: mutants,
                    mutantGaps: Dictionary(
                        uniqueKeysWithValues: MutantCatalogue.obligationsWithoutMutants.map { ($0.key.id, $0.value) })))
            return
        }
        if adapters {
            for choice in AdapterChoice.builtIns { print("\(choice.argument)\n    \(choice.summary)") }
            return
        }
        if profile?.isContainer == true {
            listContainerCases()
            return
        }
        let selected = try selectCases(include: cases)
        for conformanceCase in selected {
            let requires = conformanceCase.requires.isEmpty ? "" : "  requires: \(conformanceCase.requires)"
            print(
                "\(conformanceCase.id)  [\(conformanceCase.level.rawValue)] \(conformanceCase.clauses.joined(separator: ", "))\(requires)"
            )
            print("    \(conformanceCase.summary)")
            if let dialect = profile?.dialect {
                let reason = DialectApplicability.whyNotApplicable(conformanceCase, in: dialect)
                print("    in the \(dialect.name) profile: " + (reason.map { "not applicable: " + $0 } ?? "runs"))
            }
        }
        if let dialect = profile?.dialect {
            let running = selected.filter { DialectApplicability.whyNotApplicable($0, in: dialect) == nil }.count
            print(
                "\(running) of \(selected.count) cases run in the \(dialect.name) profile (\(selected.count - running) not applicable)"
            )
        }
    }

    /// The container profile's cases (spec/container.md), with their clauses; `--case` globs select among them.
    private func listContainerCases() {
        let selected = ContainerCatalogue.all.filter { containerCase in
            cases.isEmpty || cases.contains { CaseSelector.matches($0, containerCase.id) }
        }
        for containerCase in selected {
            let needs = containerCase.needsSynchronousCalls ? "  requires: SupportsSynchronousCalls" : ""
            print("\(containerCase.id)  [MUST] \(containerCase.clauses.joined(separator: ", "))\(needs)")
            print("    \(containerCase.summary)")
        }
        print("\(selected.count) cases in the container profile (spec/container.md; docs/container.md runs them)")
    }
}

import ArgumentParser
import BridgeMutants
import ConformanceFixtures
import ConformanceKit
import Foundation

/// `conformance explain <case-id>`: the case, the clauses it checks quoted from the spec, and its golden.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a case: what it checks, the spec clauses it cites, and its golden transcript.")

    @Argument(help: "A case id, as `conformance list` prints it.")
    var caseID: String

    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "The profile (wire dialect) whose reference run and golden to show (default: canonical, or the dialect the case is written for).",
            valueName: "profile"))
    var profile: ProfileChoice?

    func validate() throws { try profile?.validated(allowingContainer: true) }

    func run() throws {
        if let containerCase = ContainerCatalogue.all.first(where: { $0.id == caseID }),
            profile == nil || profile?.isContainer == true
        {
            try explain(containerCase)
            return
        }
        guard let conformanceCase = Catalogue.case(withID: caseID) else {
            let near = Catalogue.all.map(\.id).filter { $0.hasPrefix(String(caseID.prefix { $0 != "." })) }
            printError(
                "no case has the id \(caseID)"
                    + (near.isEmpty ? "" : "; cases in that area: " + near.joined(separator: ", ")))
            throw ExitCodes.usage
        }
        let spec: ProtocolSpec
        do { spec = try ProtocolSpec.bundled() } catch {
            printError(error.description)
            throw ExitCodes.configuration
        }
        let profile =
            self.profile
            ?? ProfileChoice(
                shipped: conformanceCase.dialects.contains(.canonical) ? .canonical : conformanceCase.dialects[0])
        let dialect = profile.dialect
        print("\(conformanceCase.id)  [\(conformanceCase.level.rawValue)]")
        print("  \(conformanceCase.summary)")
        if !conformanceCase.requires.isEmpty { print("  requires: \(conformanceCase.requires)") }
        if let reason = DialectApplicability.whyNotApplicable(conformanceCase, in: dialect) {
            print("  not applicable in the \(dialect.name) profile: \(reason)")
        }
        print("\nclauses (spec/protocol.md):")
        for id in conformanceCase.clauses {
            let text = spec.clause(id).map { $0.text.replacingOccurrences(of: "\n", with: " ") } ?? "(not in the spec)"
            print("  [\(id)] \(text)")
        }
        // Which obligations the case checks is known by running it: against the reference, in process.
        let checks: [CaseCheck]
        do {
            checks = try ReferenceRun.results(
                of: [conformanceCase], in: profile, for: "the list of obligations the case checks"
            ).flatMap(\.checks)
        } catch let status as ExitCode where status != ExitCodes.configuration {
            throw status
        } catch {
            checks = []
        }
        let implicit = Set(CaseContext.implicitChecks.map(\.message))
        let checked = Set(
            checks.filter { !implicit.contains($0.message) }.compactMap { spec.obligation(citedBy: $0.citedID)?.id })
        let obligations = conformanceCase.clauses.compactMap(spec.clause).flatMap(\.obligations).filter {
            checked.contains($0.id)
        }
        if !obligations.isEmpty {
            print("\nobligations it checks (spec appendix C), besides those every case checks:")
            for obligation in obligations { print("  [\(obligation.id)] \(obligation.text)") }
        }
        let path = "golden/\(dialect.name)/\(conformanceCase.id).json"
        let golden = ConformanceFixtures.url(path)
        print("\ngolden transcript of the reference bridge in the \(dialect.name) profile (Fixtures/\(path)):")
        if let text = try? String(contentsOf: golden, encoding: .utf8) {
            print(
                text.split(separator: "\n").map { "  " + PrintableText.abbreviate(String($0), limit: 240) }.joined(
                    separator: "\n"))
        } else {
            print("  (none recorded in this profile: see spec/protocol.md, appendix A)")
        }
    }

    /// A case of the container profile: what it checks, its clauses of spec/container.md with their obligations,
    /// the kit's container mutants it catches, and its golden transcript.
    private func explain(_ containerCase: ContainerCase) throws {
        let spec: ProtocolSpec
        do { spec = try ContainerSpec.bundled() } catch {
            printError(error.description)
            throw ExitCodes.configuration
        }
        print("\(containerCase.id)  [MUST]  (the container profile)")
        print("  \(containerCase.summary)")
        if containerCase.needsSynchronousCalls { print("  requires: SupportsSynchronousCalls") }
        print("\nclauses (spec/container.md):")
        for id in containerCase.clauses {
            let clause = spec.clause(id)
            print(
                "  [\(id)] " + (clause.map { $0.text.replacingOccurrences(of: "\n", with: " ") } ?? "(not in the spec)")
            )
            for obligation in clause?.obligations ?? [] {
                print("    [\(obligation.id)] \(obligation.side) \(obligation.text)")
            }
        }
        let mutants = ContainerMutantCatalogue.all.filter { $0.caughtBy.contains(containerCase.id) }
        if !mutants.isEmpty {
            print("\nthe kit's container mutants this case catches:")
            for mutant in mutants { print("  \(mutant.id) [\(mutant.obligation)]: \(mutant.summary)") }
        }
        let path = "golden/container/\(containerCase.id).json"
        print("\ngolden transcript of the reference container (Fixtures/\(path)):")
        if let text = try? String(contentsOf: ConformanceFixtures.url(path), encoding: .utf8) {
            print(
                text.split(separator: "\n").map { "  " + PrintableText.abbreviate(String($0), limit: 240) }.joined(
                    separator: "\n"))
        } else {
            print("  (none recorded)")
        }
    }
}

import ConformanceKit
import ConformanceObligations
import ReferenceBridge
import WireDialects

/// A port with the defects of several mutants at once, of any kind: native defects (each at its own hooks of
/// the seams, `Defect.combining`), lines of WebKit glue written the hurried way (`WebKitGlueDefect`), and
/// changes to the JS side and to the page setup snippet, each made on the text the ones before it left.
///
/// What a hurried port looks like to the kit: several independent defects, whose real causes are the mutants'
/// obligations (`obligations`). `conformance-benchmarks fix-first` runs them to measure whether "Fix first"
/// names each cause once; `MutantCatalogue.combination(of:)` is the native-only form the testees serve.
package struct MutantCombination: Sendable {
    /// The mutants combined, in the order given.
    package let mutants: [Mutant]
    /// The JS side and page snippet the combination runs with (nil: the kit's own).
    private let javaScriptSide: String?, pageSetup: String?

    /// The combination of the mutants named `ids`.
    /// - Parameter ids: Two or more mutants' ids, of one dialect.
    /// - Throws: `MutantCatalogue.CombinationProblem` for an unknown id, fewer than two, mutants of different
    ///   dialects, a mutant that is none of the kinds that combine (one with an adapter of its own), two native
    ///   defects that use the same hook, a native defect that changes adapter operations beside glue defects
    ///   (the glue passes only the web-view seam), or a change of the JS side or snippet that no longer applies
    ///   after the ones before it.
    @MainActor
    package init(_ ids: [String]) throws(MutantCatalogue.CombinationProblem) {
        typealias Problem = MutantCatalogue.CombinationProblem
        var mutants: [Mutant] = []
        for id in ids {
            guard let mutant = MutantCatalogue.mutant(named: id) else { throw Problem(description: "no mutant \(id)") }
            guard mutant.combines else {
                throw Problem(description: "\(id) runs an adapter of its own; it does not combine with others")
            }
            mutants.append(mutant)
        }
        guard mutants.count >= 2 else { throw Problem(description: "name two or more mutants to combine") }
        guard Set(mutants.map(\.dialect.name)).count == 1 else {
            throw Problem(description: "\(ids.joined(separator: ", ")): the mutants break different dialects")
        }
        self.mutants = mutants
        let native = Defect.combining(mutants.compactMap { $0.makeDefect?() })
        if let conflict = native.conflict {
            throw Problem(description: "\(ids.joined(separator: ", ")): more than one defect uses the hook \(conflict)")
        }
        if mutants.contains(where: { $0.glueDefect != nil }), let adapterSide = native.defect.adapterHook {
            throw Problem(
                description:
                    "\(ids.joined(separator: ", ")): a native defect uses the adapter hook \(adapterSide), which the glue does not pass through"
            )
        }
        let dialect = mutants[0].dialect
        do {
            javaScriptSide = try Self.applying(
                mutants.filter { $0.breakJavaScriptSide != nil }, \.breakJavaScriptSide, "JS side",
                to: try ConformanceRunner.referenceJavaScriptSide(in: dialect))
            pageSetup = try Self.applying(
                mutants.filter { $0.breakPageSetup != nil }, \.breakPageSetup, "page setup snippet",
                to: try ConformanceRunner.referencePageSetup(in: dialect))
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(description: "cannot read the kit's scripts: \(error)")
        }
    }

    /// The obligations the defects break, one per mutant: the real causes of the port's failures.
    package var obligations: [Obligation] { mutants.map(\.obligation) }

    /// The dialect the mutants break: the profile the port runs in.
    package var dialect: WireDialect { mutants[0].dialect }

    /// The runner configuration the port runs under: its JS side and page snippet, the kit's where no mutant
    /// changes them.
    package var configuration: ConformanceRunner.Configuration {
        ConformanceRunner.Configuration(
            bridgeJavaScriptSource: javaScriptSide, pageSetupSource: pageSetup, dialect: dialect)
    }

    /// A fresh adapter with every native and glue defect (the reference's, when there is none).
    @MainActor
    package func makeAdapter() -> any BridgeAdapter {
        let natives = mutants.compactMap(\.makeDefect)
        let glue = Set(mutants.compactMap(\.glueDefect))
        let native = natives.isEmpty ? nil : Defect.combining(natives.map { $0() }).defect
        if !glue.isEmpty { return WebKitGlueBridgeAdapter(defects: glue, pageDefect: native) }
        if let native { return DefectiveBridgeAdapter(native) }
        return ReferenceBridgeAdapter(dialect: dialect)
    }

    /// `text` changed by each of `mutants` in turn; nil when there is none.
    private static func applying(
        _ mutants: [Mutant], _ change: KeyPath<Mutant, (@Sendable (String) -> String)?>, _ what: String,
        to text: String
    ) throws(MutantCatalogue.CombinationProblem) -> String? {
        guard !mutants.isEmpty else { return nil }
        var text = text
        for mutant in mutants {
            let changed = mutant[keyPath: change]!(text)
            guard changed != text else {
                throw MutantCatalogue.CombinationProblem(
                    description: "\(mutant.id)'s change of the \(what) no longer applies after the ones before it")
            }
            text = changed
        }
        return text
    }
}

extension Mutant {
    /// Whether the mutant is of a kind that combines with others: a native, glue, JS side or page snippet defect
    /// (not one with an adapter of its own).
    package var combines: Bool {
        makeDefect != nil || glueDefect != nil || breakJavaScriptSide != nil || breakPageSetup != nil
    }
}

extension Defect {
    /// The name of a hook this defect sets that acts at the adapter seam (the operations a case asks for, the
    /// handlers and callbacks it gives), not at the web-view seam; nil when it acts only at the web view.
    var adapterHook: String? {
        if afterAttach != nil { return "afterAttach" }
        if !ignoredOperations.isEmpty { return "ignoredOperations" }
        if interceptRegistration != nil { return "interceptRegistration" }
        if interceptRemoval != nil { return "interceptRemoval" }
        if afterRemoveHandler != nil { return "afterRemoveHandler" }
        if afterReset != nil { return "afterReset" }
        if interceptCall != nil { return "interceptCall" }
        if wrapHandler != nil { return "wrapHandler" }
        if wrapCallback != nil { return "wrapCallback" }
        if backgroundSend != nil { return "backgroundSend" }
        if evaluationStyle == .synchronous { return "evaluationStyle" }
        return nil
    }
}

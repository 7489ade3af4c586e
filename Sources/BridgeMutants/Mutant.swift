import ConformanceKit
import ConformanceObligations
import WireDialects

/// A deliberately broken variant of the reference bridge with one realistic defect, and the case that
/// must catch it. The suite's strength is measured by running every mutant.
package struct Mutant: Sendable, Identifiable {
    /// A stable kebab-case name, used as `--adapter mutant:<name>`.
    package let id: String
    /// The defect, in one sentence.
    package let defect: String
    /// The obligation the defect breaks (spec appendix C); the cases in `caughtBy` must fail it with a failure
    /// citing its clause.
    package let obligation: Obligation
    /// The cases that must catch it (others may catch it too).
    package let caughtBy: [String]
    /// Whether the defect traps (a force unwrap, a force cast) where its obligation says "MUST NOT crash":
    /// the cases in `caughtBy` then end as a crash whose cause names the trap, and cite the clause in their own
    /// list rather than in a failure.
    package let crashes: Bool
    /// The dialect of the reference it breaks (`--profile`): its cases run in that profile.
    package let dialect: WireDialect
    let make: @MainActor @Sendable () -> any BridgeAdapter
    /// For JS-side mutants: how the reference JS side is broken (nil for native mutants).
    let breakJavaScriptSide: (@Sendable (String) -> String)?
    /// For page-snippet mutants: how the kit's page setup snippet is broken (nil for bridge mutants).
    let breakPageSetup: (@Sendable (String) -> String)?
    /// For native mutants: makes the defect `make` runs the reference with, so that defects can combine
    /// (`MutantCatalogue.combination(of:)`).
    let makeDefect: (@MainActor @Sendable () -> Defect)?
    /// For glue mutants: the line of WebKit glue written the hurried way, so that glue defects can combine with
    /// others (`MutantCombination`).
    let glueDefect: WebKitGlueDefect?

    /// Creates a mutant.
    /// - Parameters:
    ///   - id: The stable name.
    ///   - defect: The defect in one sentence.
    ///   - obligation: The obligation it breaks.
    ///   - caughtBy: The cases that must catch it.
    ///   - crashes: Whether the defect traps, so that the cases end as a crash.
    ///   - breakJavaScriptSide: For a JS-side mutant, turns the reference JS side into the broken one.
    ///   - breakPageSetup: For a page-snippet mutant, turns the kit's page setup snippet into the broken one.
    ///   - makeDefect: For a native mutant, makes its defect.
    ///   - glueDefect: For a glue mutant, its defect.
    ///   - make: Makes the adapter (the reference bridge, broken or not).
    init(
        id: String, defect: String, obligation: Obligation, caughtBy: [String], crashes: Bool = false,
        dialect: WireDialect = .canonical,
        breakJavaScriptSide: (@Sendable (String) -> String)? = nil,
        breakPageSetup: (@Sendable (String) -> String)? = nil,
        makeDefect: (@MainActor @Sendable () -> Defect)? = nil, glueDefect: WebKitGlueDefect? = nil,
        make: @escaping @MainActor @Sendable () -> any BridgeAdapter
    ) {
        self.id = id
        self.defect = defect
        self.obligation = obligation
        self.caughtBy = caughtBy
        self.crashes = crashes
        self.dialect = dialect
        self.breakJavaScriptSide = breakJavaScriptSide
        self.breakPageSetup = breakPageSetup
        self.makeDefect = makeDefect
        self.glueDefect = glueDefect
        self.make = make
    }

    /// The clause of `obligation` (`ESC-2` for `ESC-2.c`).
    package var clause: Clause { obligation.clause }

    /// A fresh adapter running this mutant.
    @MainActor
    package func makeAdapter() -> any BridgeAdapter { make() }

    /// A fresh adapter running this mutant's native defect in `dialect` (the reference speaking it, the defect
    /// the same), or nil for a mutant that is no native one: how a native mutant is run in a dialect given as a
    /// file. Defects that rewrite the wire's text are written in the canonical words, so only those that do
    /// not touch it break the reference alike in every dialect.
    @MainActor
    package func makeAdapter(in dialect: WireDialect) -> (any BridgeAdapter)? {
        makeDefect.map { DefectiveBridgeAdapter($0(), dialect: dialect) }
    }

    /// The JS side this mutant runs with: nil for the reference one, or the broken JS side.
    /// - Parameter referenceJavaScriptSide: The kit's reference JS side.
    /// - Returns: The JS side to inject, or nil to keep the reference.
    package func javaScriptSide(from referenceJavaScriptSide: String) -> String? {
        breakJavaScriptSide.map { $0(referenceJavaScriptSide) }
    }

    /// The page setup snippet this mutant's pages run: nil for the kit's, or the broken snippet.
    /// - Parameter referencePageSetup: The kit's page setup snippet.
    /// - Returns: The snippet to use, or nil to keep the kit's.
    package func pageSetup(from referencePageSetup: String) -> String? {
        breakPageSetup.map { $0(referencePageSetup) }
    }

    /// The runner configuration this mutant runs under: its broken JS side or page snippet, if any.
    /// - Throws: `HarnessError` when a reference fixture cannot be read.
    package func configuration() throws(HarnessError) -> ConformanceRunner.Configuration {
        // A JS-side mutant puts its JS side under test; a native one leaves the JS side the kit's own.
        var javaScriptSide: String?, pageSetup: String?
        if let breakJavaScriptSide {
            javaScriptSide = breakJavaScriptSide(try ConformanceRunner.referenceJavaScriptSide(in: dialect))
        }
        if let breakPageSetup { pageSetup = breakPageSetup(try ConformanceRunner.referencePageSetup(in: dialect)) }
        return ConformanceRunner.Configuration(
            bridgeJavaScriptSource: javaScriptSide, pageSetupSource: pageSetup, dialect: dialect)
    }
}

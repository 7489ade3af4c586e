import BridgeMutants
import ConformanceKit
import TestTiers
import Testing

/// Mutants derived mechanically from a JS side (`MechanicalMutator`), and what the kit makes of them
/// (`MechanicalMutationStudy`); the whole study is `conformance-benchmarks mutation`.
@Suite("Mechanical mutation: JS-side mutants no one chose, and what the kit makes of them")
@MainActor
struct MechanicalMutationTests {
    private static let sample = """
        /* if (a === 1) { q.push(x); } is a comment */
        function f(q, a) {
            if (a === 1 && q.length < 2) {
                q.push("if (b !== 0)");
                setTimeout(g, 0);
            }
            var n = 0;
            n++;
        }
        """

    @Test("each operator is applied where it fits, outside strings and comments, one change per mutant")
    func operatorsOnASmallSource() {
        let mutants = MechanicalMutator(source: Self.sample, file: "sample.js").mutants()
        let changes = mutants.map { "\($0.line) \($0.mutationOperator.rawValue): \($0.change)" }
        #expect(
            changes == [
                "3 negate-condition: `if (a === 1 && q.length < 2)` -> `if (!(a === 1 && q.length < 2))`",
                "3 drop-condition: `if (a === 1 && q.length < 2)` -> `if (true)`",
                "3 replace-operator: `===` -> `!==`",
                "3 replace-operator: `&&` -> `||`",
                "3 replace-operator: `<` -> `<=`",
                "3 change-constant: `1` -> `0`",
                "3 change-constant: `2` -> `3`",
                "4 delete-statement: `q.push(\"if (b !== 0)\");` left out",
                "4 swap-statements: `q.push(\"if (b !== 0)\");` after `setTimeout(g, 0);`",
                "4 replace-collection-operation: `.push(` -> `.unshift(`",
                "5 delete-statement: `setTimeout(g, 0);` left out",
                "5 change-constant: `0` -> `1`",
                "5 drop-deferral: `setTimeout(g, 0)` -> `g()`",
                "7 delete-statement: `var n = 0;` left out",
                "7 swap-statements: `var n = 0;` after `n++;`",
                "7 change-constant: `0` -> `1`",
                "8 delete-statement: `n++;` left out",
                "8 shift-increment: `n++` -> `++n`",
            ], "\(changes)")
        let lines = Self.sample.split(separator: "\n", omittingEmptySubsequences: false)
        for mutant in mutants {
            let mutated = mutant.source.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(mutated.count == lines.count)
            let changed = zip(lines, mutated).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
            let expected = mutant.mutationOperator == .swapStatements ? [mutant.line, mutant.line + 1] : [mutant.line]
            #expect(changed == expected, "\(mutant.id) changed lines \(changed)")
        }
    }

    private static let swiftSample = #"""
        /* if a == 1 { queue.append(x) } is a comment */
        func f(_ queue: inout [Int], _ a: Int, _ name: String?) -> Int {
            if a == 1 && queue.count < 2 {
                queue.append(a)
                log("if \(name.map { "'\($0)' == 0" } ?? "none") != 1")
                DispatchQueue.main.async { queue.removeFirst() }
            }
            guard let name, !name.isEmpty else { return 0 }
            guard a != 0 else { return 1 }
            let first = queue.first ?? 0
            total += first
            return a > first ? 1 : 0
        }
        """#

    @Test("in Swift too: each operator where it fits, never in a string, an interpolation or a comment, nor a binding")
    func operatorsOnASmallSwiftSource() {
        let mutants = MechanicalMutator(source: Self.swiftSample, file: "sample.swift", language: .swift).mutants()
        let changes = mutants.map { "\($0.line) \($0.mutationOperator.rawValue): \($0.change)" }
        #expect(
            changes == [
                "3 negate-condition: `if a == 1 && queue.count < 2` -> `if !(a == 1 && queue.count < 2)`",
                "3 drop-condition: `if a == 1 && queue.count < 2` -> `if true`",
                "3 replace-operator: `==` -> `!=`",
                "3 replace-operator: `&&` -> `||`",
                "3 replace-operator: `<` -> `<=`",
                "3 change-constant: `1` -> `0`",
                "3 change-constant: `2` -> `3`",
                "4 delete-statement: `queue.append(a)` left out",
                "4 swap-statements: `queue.append(a)` after `log(\"if \\(name.map { \"\'\\($0)\' == 0\" } ?? \"none\") != 1\")`",
                "5 delete-statement: `log(\"if \\(name.map { \"\'\\($0)\' == 0\" } ?? \"none\") != 1\")` left out",
                "5 swap-statements: `log(\"if \\(name.map { \"\'\\($0)\' == 0\" } ?? \"none\") != 1\")` after `DispatchQueue.main.async { queue.removeFirst() }`",
                "6 delete-statement: `DispatchQueue.main.async { queue.removeFirst() }` left out",
                "6 replace-collection-operation: `.removeFirst(` -> `.removeLast(`",
                "6 drop-deferral: `DispatchQueue.main.async {` -> `do {`",
                "8 change-constant: `0` -> `1`",
                "9 negate-condition: `guard a != 0` -> `guard !(a != 0)`",
                "9 drop-condition: `guard a != 0` -> `guard true`",
                "9 replace-operator: `!=` -> `==`",
                "9 change-constant: `0` -> `1`",
                "9 change-constant: `1` -> `0`",
                "10 change-constant: `0` -> `1`",
                "10 replace-collection-operation: `.first` -> `.last`",
                "11 delete-statement: `total += first` left out",
                "12 replace-operator: `>` -> `>=`",
                "12 change-constant: `1` -> `0`",
                "12 change-constant: `0` -> `1`",
            ], "\(changes)")
    }

    @Test("the kit's JS side gives every operator, unique ids, and the same mutants every time")
    func theKitsJavaScriptSide() throws {
        let source = try ConformanceRunner.referenceJavaScriptSide()
        let mutants = MechanicalMutator(source: source, file: "WebViewJavascriptBridge.js").mutants()
        #expect(Set(mutants.map(\.mutationOperator)) == Set(MutationOperator.allCases))
        #expect(Set(mutants.map(\.id)).count == mutants.count)
        #expect(mutants == MechanicalMutator(source: source, file: "WebViewJavascriptBridge.js").mutants())
        #expect(mutants.allSatisfy { $0.source != source })
    }

    @Test(
        "a dropped queue push and a visible messaging iframe are killed by the catalogue, citing their clauses; a pre-increment in a for loop is equivalent",
        .fullTier)
    func studyClassifies() async throws {
        let source = try ConformanceRunner.referenceJavaScriptSide()
        let mutants = MechanicalMutator(source: source, file: "WebViewJavascriptBridge.js").mutants()
        let study = try await MechanicalMutationStudy(original: source, cases: Catalogue.all, explorePrograms: 0)
        let droppedPush = try #require(
            mutants.first { $0.mutationOperator == .deleteStatement && $0.change.contains("sendMessageQueue.push") })
        guard case .killedByCatalogue(_, _, let clause?) = try await study.outcome(of: droppedPush) else {
            Issue.record("\(droppedPush.id) was not killed by the catalogue with a cited clause")
            return
        }
        #expect(!clause.isEmpty)
        // Once equivalent on the catalogue (the simulated page did not look at the iframe's style), now BOOT-10.
        let visibleFrame = try #require(
            mutants.first { $0.mutationOperator == .deleteStatement && $0.change.contains("style.display") })
        guard case .killedByCatalogue(_, .nonStrict, "BOOT-10") = try await study.outcome(of: visibleFrame) else {
            Issue.record("\(visibleFrame.id) was not caught under BOOT-10 at SHOULD level")
            return
        }
        let loopIncrement = try #require(mutants.first { $0.change == "`i++` -> `++i`" })
        #expect(try await study.outcome(of: loopIncrement) == .equivalentOnCatalogue)
    }

    @Test(
        "explore finds the wkwvjb JS-side mutant no case caught (setup callbacks run inside the injection), and the case it taught catches it",
        .fullTier)
    func exploreFindsWhatNoCaseCaught() async throws {
        let source = try ConformanceRunner.referenceJavaScriptSide(in: .wkwvjb)
        let mutants = MechanicalMutator(source: source, file: "WKWebViewJavascriptBridge.js").mutants()
        let synchronousSetup = try #require(
            mutants.first { $0.mutationOperator == .dropDeferral && $0.change.contains("callWKWVJBCallbacks") })
        // The catalogue as it was: no case saw the waiting callbacks run during injection in this dialect.
        let taught = "bootstrap.setup-callbacks.after-injection"
        let before = Catalogue.all.filter { $0.id != taught }
        let exploring = try await MechanicalMutationStudy(
            original: source, dialect: .wkwvjb, cases: before, explorePrograms: 300)
        guard case .killedByExplore(_, let clause) = try await exploring.outcome(of: synchronousSetup) else {
            Issue.record("explore did not find \(synchronousSetup.id) in 300 programs")
            return
        }
        #expect(clause == "ORD-1", "the messages the native side delivered came in another order")
        // The catalogue now: the case BOOT-7 runs in every dialect catches it.
        let now = try await MechanicalMutationStudy(
            original: source, dialect: .wkwvjb, cases: Catalogue.all.filter { $0.id == taught }, explorePrograms: 0)
        guard case .killedByCatalogue(taught, .fail, "BOOT-7") = try await now.outcome(of: synchronousSetup) else {
            Issue.record("\(taught) did not catch \(synchronousSetup.id) under BOOT-7")
            return
        }
    }
}

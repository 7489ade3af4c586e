import ConformanceObligations
import ConformanceSupport

extension ConformanceCase {
    /// An implementer's own case, run beside the catalogue: a page of your own, native steps through your
    /// adapter, and expectations under a clause of your own (`APP-1`) or one of the spec's.
    ///
    /// ```swift
    /// let nested = try ConformanceCase.custom(
    ///     id: "mybridge.nested-data", clause: "APP-1", summary: "nested data reaches JS unchanged"
    /// ) { context in
    ///     context.loadPage("setupWebViewJavascriptBridge(function (bridge) { bridge.registerHandler(\"show\", conformance.echoHandler(\"show\")); });")
    ///     try await context.runUntilIdle()
    ///     try context.callHandler("show", data: ["a": [1, 2]], callback: "shown")
    ///     try await context.runUntilIdle()
    ///     context.expectEqual(context.nativeCallbackAnswers("shown"), [#"{"a":[1,2]}"#], "what show answered")
    /// }
    /// ```
    ///
    /// It runs in a fresh page and a fresh adapter like every case, gets the same verdicts, leftovers and
    /// wire checks (a malformed command fails under the spec's clause whatever the case checks), and shows in
    /// reports and baselines under its id. Written in the canonical dialect's words, it runs renamed in another
    /// profile.
    /// - Parameters:
    ///   - id: A stable id, dot-separated segments of `a-z`, `0-9` and `-` (`mybridge.nested-data`), at most 128
    ///     characters, whose first segment is none of the catalogue's areas and not `explore`.
    ///   - clause: The clause its expectations check: your own (`APP-1`: capital letters and digits, a dash, a
    ///     number) or the spec's (`MSG-3`, judged at the spec's level).
    ///   - level: How binding your clause is: a broken MUST fails the case, a broken SHOULD makes it non-strict.
    ///   - summary: One line saying what it checks.
    ///   - body: Drives the case.
    /// - Returns: The case.
    /// - Throws: `HarnessError` (`invalidInput`) when the id or the clause breaks its rule.
    public static func custom(
        id: String, clause: String, level: RequirementLevel = .must, summary: String,
        body: @escaping @MainActor @Sendable (CustomCaseContext) async throws -> Void
    ) throws(HarnessError) -> ConformanceCase {
        if let problem = CustomCaseRules.problem(withID: id) {
            throw HarnessError(code: .invalidInput, message: "custom case id \"\(id)\": \(problem)")
        }
        guard CustomCaseRules.isClause(clause) else {
            throw HarnessError(
                code: .invalidInput,
                message:
                    "custom case \(id): clause \"\(clause)\" is not a clause id: capital letters and digits, a dash and a number (APP-1)"
            )
        }
        return ConformanceCase(id: id, clauses: [clause], level: level, summary: summary) { context in
            try await body(CustomCaseContext(context, clause: clause))
        }
    }
}

/// The rules an implementer's case id and clause follow.
enum CustomCaseRules {
    /// Why `id` cannot name a custom case, or nil.
    static func problem(withID id: String) -> String? {
        let segments = id.split(separator: ".", omittingEmptySubsequences: false)
        guard id.utf8.count <= 128, segments.count >= 2,
            segments.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isIDByte) })
        else {
            return
                "use dot-separated segments of a-z, 0-9 and -, two or more, at most 128 characters (mybridge.nested-data)"
        }
        let area = String(segments[0])
        if area == "explore" || Catalogue.all.contains(where: { $0.area == area }) {
            return "\"\(area)\" is an area of the kit's catalogue or of explore: start the id with a name of your own"
        }
        return nil
    }

    /// Whether `clause` is a clause id: `APP-1`.
    static func isClause(_ clause: String) -> Bool {
        let parts = clause.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = parts[0].utf8.first, isCapital(first), parts[1].utf8.count <= 6 else {
            return false
        }
        return parts[0].utf8.allSatisfy { isCapital($0) || isDigit($0) } && !parts[1].isEmpty
            && parts[1].utf8.allSatisfy(isDigit)
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }

    private static func isCapital(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

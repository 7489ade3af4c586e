import ConformanceKit

/// A case `--case`, `--skip` and `--level` select: a WVJB case, or a container case (all of them MUST).
protocol SelectableCase: Identifiable where ID == String {
    /// The case's requirement level.
    var level: RequirementLevel { get }
}

extension ConformanceCase: SelectableCase {}

extension ContainerCase: SelectableCase {
    /// Every container case checks MUST clauses.
    var level: RequirementLevel { .must }
}

/// The cases of `cases` (the catalogue, and the cases of `--case-file`s; or the container catalogue) whose id
/// matches one of `include` (all when empty) and none of `exclude`, at `level` or stricter.
/// - Parameters:
///   - include: `--case` globs; empty selects every case.
///   - exclude: `--skip` globs.
///   - level: `--level`, the least strict level to keep; nil keeps every level.
///   - cases: The cases to select from.
/// - Returns: The selected cases, never empty.
/// - Throws: `ExitCodes.usage` after naming the globs that match no case (a typo would otherwise select
///   nothing, or skip nothing, and pass), or saying why nothing is left to run.
func selectCases(
    include: [String], exclude: [String] = [], level: RequirementLevel? = nil,
    among cases: [ConformanceCase] = Catalogue.all
) throws -> [ConformanceCase] {
    try selectCases(include: include, exclude: exclude, level: level, from: cases)
}

/// `selectCases(include:exclude:level:among:)` over either profile's cases; `listing` is the command that lists
/// them, named when a glob matches none.
func selectCases<Case: SelectableCase>(
    include: [String], exclude: [String] = [], level: RequirementLevel? = nil, from cases: [Case],
    listing: String = "conformance list"
) throws -> [Case] {
    let unmatched = CaseSelector(include: include).unmatchedPatterns(in: cases)
    guard unmatched.isEmpty else {
        printError("no case matches \(unmatched.joined(separator: ", ")); see `\(listing)`")
        throw ExitCodes.usage
    }
    let unmatchedSkips = CaseSelector(include: exclude).unmatchedPatterns(in: cases)
    guard unmatchedSkips.isEmpty else {
        printError("no case matches \(words("--skip", unmatchedSkips)); see `\(listing)`")
        throw ExitCodes.usage
    }

    let included = CaseSelector(include: include).select(cases)
    let kept = CaseSelector(include: include, exclude: exclude).select(cases)
    guard !kept.isEmpty else {
        printError(
            "no case selected: \(words("--skip", exclude)) skips all \(describe(included.count, selectedBy: words("--case", include)))"
        )
        throw ExitCodes.usage
    }
    guard let level else { return kept }
    let atLevel = kept.filter { $0.level <= level }
    guard !atLevel.isEmpty else {
        let selection = [words("--case", include), words("--skip", exclude)].filter { !$0.isEmpty }.joined(
            separator: " ")
        printError(
            "no case selected: none of \(describe(kept.count, selectedBy: selection)) is at level \(level.rawValue) or stricter; `\(listing)` shows each case's level"
        )
        throw ExitCodes.usage
    }
    return atLevel
}

/// "the N cases selected by <selection>", or "the N cases of the catalogue" when no option narrowed them.
private func describe(_ count: Int, selectedBy selection: String) -> String {
    selection.isEmpty ? "the \(count) cases of the catalogue" : "the \(count) cases selected by \(selection)"
}

/// `option` before each of `values`, quoted as a user would type the globs in a shell.
private func words(_ option: String, _ values: [String]) -> String {
    values.map { "\(option) '\($0)'" }.joined(separator: " ")
}

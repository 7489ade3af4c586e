import ConformanceKit

/// The cases of the catalogue whose id matches one of `include` (all when empty) and none of `exclude`.
/// - Throws: `ExitCodes.usage` after naming the globs that match no case (a typo would otherwise select
///   nothing and pass).
func selectCases(include: [String], exclude: [String] = []) throws -> [ConformanceCase] {
    let selector = CaseSelector(include: include, exclude: exclude)
    let unmatched = selector.unmatchedPatterns(in: Catalogue.all)
    guard unmatched.isEmpty else {
        printError("no case matches \(unmatched.joined(separator: ", ")); see `conformance list`")
        throw ExitCodes.usage
    }
    return selector.select(Catalogue.all)
}

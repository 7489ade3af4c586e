import ConformanceAdapter

extension CaseResult {
    /// A console note for each earlier case's web view a bridge used during one of `results` (allowed, ignored,
    /// never judged), at most `CaseOutputLimits.leftovers` and a line counting the rest: "note: during b, the web
    /// view of case a was used after its case: 1 load (ignored)". For the cases whose leftovers a console report
    /// does not show (those that pass).
    package static func lateWebViewUseNotes(in results: [CaseResult]) -> [String] {
        let noted = results.flatMap { result in
            result.leftovers.lateWebViewUses.map { (caseID: result.caseID, use: $0) }
        }
        var lines = noted.prefix(CaseOutputLimits.leftovers).map {
            "note: during \(PrintableText.abbreviate($0.caseID, limit: LateWebViewUse.caseIDLimit)), \($0.use.note)"
        }
        if noted.count > lines.count {
            lines.append("note: ... and \(noted.count - lines.count) more like it (\(noted.count) in all)")
        }
        return lines
    }
}

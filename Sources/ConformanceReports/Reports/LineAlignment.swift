/// Two texts' lines aligned side by side, for the HTML report's comparison of a case's transcript with the
/// reference's golden: lines both have are on one row, and between them, the lines only one side has,
/// paired row by row as far as both have some.
///
/// The standard library's difference of the lines, after their common beginning and end are set aside; when
/// what is left is larger than `maximumCells` (rows times columns), its lines are paired in order instead, so
/// that a flood costs no more than a bounded comparison.
package enum LineAlignment {
    /// One row of the alignment.
    package struct Row: Equatable {
        /// The line of the left text, or nil when only the right text has a line here.
        package var left: String?
        /// The line of the right text, or nil when only the left text has a line here.
        package var right: String?
        /// Whether the row shows a difference: a line only one side has, or two different lines.
        package var differs: Bool { left != right }
    }

    /// The largest comparison the alignment makes, in rows times columns.
    static let maximumCells = 4_000_000

    /// `left` and `right` aligned.
    package static func align(_ left: [String], _ right: [String], maximumCells: Int = maximumCells) -> [Row] {
        var prefix = 0
        while prefix < min(left.count, right.count), left[prefix] == right[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(left.count, right.count) - prefix,
            left[left.count - 1 - suffix] == right[right.count - 1 - suffix]
        {
            suffix += 1
        }
        let leftMiddle = Array(left[prefix..<(left.count - suffix)])
        let rightMiddle = Array(right[prefix..<(right.count - suffix)])
        let same = { (line: String) in Row(left: line, right: line) }
        return left[..<prefix].map(same) + alignMiddle(leftMiddle, rightMiddle, maximumCells: maximumCells)
            + left[(left.count - suffix)...].map(same)
    }

    /// The rows of two texts that share no beginning and no end.
    private static func alignMiddle(_ left: [String], _ right: [String], maximumCells: Int) -> [Row] {
        guard !left.isEmpty || !right.isEmpty else { return [] }
        guard (left.count + 1) * (right.count + 1) <= maximumCells else { return paired(left[...], right[...]) }
        // The standard library's difference (Myers' algorithm): the lines to remove from the left and to insert
        // from the right; the others are common, in order.
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in right.difference(from: left) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var rows: [Row] = []
        var i = 0, j = 0, leftRun = 0, rightRun = 0
        // Lines only one side has are collected in runs, then paired row by row.
        func flush() {
            rows += paired(left[(i - leftRun)..<i], right[(j - rightRun)..<j])
            leftRun = 0
            rightRun = 0
        }
        while i < left.count || j < right.count {
            if i < left.count, removed.contains(i) {
                i += 1
                leftRun += 1
            } else if j < right.count, inserted.contains(j) {
                j += 1
                rightRun += 1
            } else {
                flush()
                rows.append(Row(left: left[i], right: right[j]))
                i += 1
                j += 1
            }
        }
        flush()
        return rows
    }

    /// Lines paired in order, the longer side's extra lines alone on their rows.
    private static func paired(_ left: ArraySlice<String>, _ right: ArraySlice<String>) -> [Row] {
        (0..<max(left.count, right.count)).map { offset in
            Row(
                left: offset < left.count ? left[left.startIndex + offset] : nil,
                right: offset < right.count ? right[right.startIndex + offset] : nil)
        }
    }
}

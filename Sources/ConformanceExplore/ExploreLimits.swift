import ConformanceSupport
import StrictJSON

/// The bounds of an explored program, the same for programs `ExploreGenerator` makes (`--max-ops`) and
/// for those a case file brings (`conformance run --case-file`), so that a shared case file cannot ask the
/// kit for more than explore itself would run.
package enum ExploreLimits {
    /// The most steps a program has (`--max-ops` goes up to it).
    package static let maximumOperations = 200
    /// The most levels of arrays and objects one step's data nests (generated data goes to 103: chains
    /// of up to 100 inside up to three levels of arrays and objects).
    package static let maximumDataDepth = 128
    /// The most bytes of canonical JSON one step's data takes.
    package static let maximumDataBytes = 1 << 20
    /// The most UTF-16 units of a handler name, a frame URL or a corrupt fetch result.
    package static let maximumTextLength = 4_096
    /// The most delays each list of a schedule has (generated schedules have up to 4).
    package static let maximumScheduleLength = 64

    /// Why `data` is beyond the limits, as a phrase (`nests 300 levels deep, ...`); nil when it is within
    /// them. A number too large for a double (`1e400`, read as an infinity) is refused too: JSON data
    /// cannot carry it, and `callJavaScriptUnserializable` sends NaN and the infinities.
    package static func problem(with data: JSONValue) -> String? {
        let depth = nesting(of: data)
        if depth > maximumDataDepth {
            return "nests \(depth) levels of arrays and objects; a program's data nests at most \(maximumDataDepth)"
        }
        if data.containsNonFiniteNumber {
            return
                "holds a number a double cannot hold (such as 1e400, read as Infinity), which JSON data cannot carry; "
                + "callJavaScriptUnserializable sends NaN and the infinities"
        }
        let bytes = data.canonicalText.utf8.count
        if bytes > maximumDataBytes {
            return
                "takes \(bytes) bytes as JSON; a program step's data takes at most \(TextFileReader.describe(bytes: maximumDataBytes))"
        }
        return nil
    }

    /// How many levels of arrays and objects `value` nests (0 for a scalar).
    static func nesting(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): 1 + (elements.map(nesting).max() ?? 0)
        case .object(let members): 1 + (members.values.map(nesting).max() ?? 0)
        default: 0
        }
    }
}

import ConformanceSupport
import StrictJSON

/// Random JSON data for explored programs: deep (to 100 levels), wide, hostile strings from the payload corpus,
/// numbers at the edges of double precision, empty keys, NUL, the protocol's own key names as data.
package struct ExploreDataGenerator: Sendable {
    /// Small values from the corpus (whole payloads and their strings), sent as they are.
    private let corpusValues: [JSONValue]
    /// The corpus's string values.
    private let corpusStrings: [String]

    /// Finite numbers where conversions break: signed zero, the limits of exact integers, the extremes,
    /// subnormals, values whose shortest form is long.
    static let edgeNumbers: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, 1e21, 1e-7, 123_456_789.123_456_79, 9_007_199_254_740_991, 9_007_199_254_740_994,
        -9_007_199_254_740_992,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
        4_294_967_296, -2_147_483_649,
    ]

    /// Strings every run may draw, beside the corpus's: the characters escaping gets wrong.
    static let edgeStrings: [String] = [
        "", " ", "'", "\"", "\\", "\\'", "\0", "a\0b", "\n", "\r\n", "\u{2028}", "\u{2029}", "\u{7F}", "\u{1F}",
        "</script>", "\u{FEFF}",
        "\u{1F600}", "e\u{301}", "%27", "\\u0041", "${x}", "objc_cb_1", "cb_1_0", "__proto__", "undefined", "null",
        "[1,2]", "{}", "{\"a\":1}", "42", "true", "_disableJavascriptAlertBoxSafetyTimeout", "responseId",
    ]

    /// Keys objects draw from: the empty key, the protocol's own keys, NUL, non-ASCII.
    static let keys = [
        "", "a", "b", "data", "callbackId", "responseId", "handlerName", "responseData", "__proto__", "\0", "\u{FC}",
        "k\u{2028}", "_disableJavascriptAlertBoxSafetyTimeout",
    ]

    /// Creates a generator drawing on `corpus`.
    /// - Parameter corpus: The hostile payload corpus; values longer than 256 characters and non-finite
    ///   numbers (which ESC-4 forbids sending) are left out.
    package init(corpus: PayloadCorpus?) {
        var values: [JSONValue] = []
        for payload in corpus?.payloads ?? [] where !payload.nativeValue.containsNonFiniteNumber {
            let text = payload.nativeValue.canonicalText
            if text.utf16.count <= 256 { values.append(payload.nativeValue) }
        }
        corpusValues = values
        corpusStrings = values.compactMap {
            if case .string(let text) = $0 { return text }; return nil
        }
    }

    /// A value: a scalar, or an array or object `depth` levels deep at most; now and then a deep chain.
    package func value(_ random: inout ExploreRandom, depth: Int = 3) -> JSONValue {
        let roll = random.below(100)
        switch roll {
        case ..<4: return .null
        case ..<8: return .bool(random.chance(1, in: 2))
        case ..<22: return .number(number(&random))
        case ..<44: return .string(string(&random))
        case ..<50 where !corpusValues.isEmpty: return random.pick(corpusValues)
        case ..<52: return deepChain(&random)
        case ..<76 where depth > 0:
            let count = random.chance(1, in: 10) ? 12 + random.below(30) : random.below(4)
            return .array((0..<count).map { _ in value(&random, depth: depth - 1) })
        case ..<100 where depth > 0:
            let count = random.chance(1, in: 10) ? 12 + random.below(30) : random.below(4)
            var members: [String: JSONValue] = [:]
            for _ in 0..<count { members[key(&random)] = value(&random, depth: depth - 1) }
            return .object(members)
        default: return .string(string(&random))
        }
    }

    private func number(_ random: inout ExploreRandom) -> Double {
        random.chance(1, in: 2) ? random.pick(Self.edgeNumbers) : Double(random.below(2001) - 1000)
    }

    private func string(_ random: inout ExploreRandom) -> String {
        switch random.below(3) {
        case 0: return random.pick(Self.edgeStrings)
        case 1:
            return corpusStrings.isEmpty ? random.pick(Self.edgeStrings) : random.pick(corpusStrings)
        default:
            // A short mix of letters and edge characters.
            let pieces = (0..<(1 + random.below(4))).map { _ in
                random.chance(1, in: 2) ? random.pick(["x", "yz", "\u{E9}", "0"]) : random.pick(Self.edgeStrings)
            }
            return pieces.joined()
        }
    }

    private func key(_ random: inout ExploreRandom) -> String {
        random.chance(3, in: 4) ? random.pick(Self.keys) : string(&random)
    }

    /// An array or object chain 20 to 100 levels deep. Deeper nesting is implementation-defined (writers
    /// and parsers stop at 256 or 512, and ESC-4 lets a native side refuse what it cannot write), so the
    /// reference's run of it is no oracle; the corpus's implementation-defined cases check it instead.
    private func deepChain(_ random: inout ExploreRandom) -> JSONValue {
        let depth = 20 + random.below(81)
        let leaf = JSONValue.string(random.pick(Self.edgeStrings))
        let useObjects = random.chance(1, in: 2)
        return (0..<depth).reduce(leaf) { nested, _ in useObjects ? .object(["a": nested]) : .array([nested]) }
    }
}

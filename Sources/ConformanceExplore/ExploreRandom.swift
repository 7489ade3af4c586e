/// The explorer's random numbers: SplitMix64, small, fast and the same on every platform, so a seed
/// gives the same program everywhere (the standard library's generator is seeded from the system).
package struct ExploreRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence of `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of run `run` of an exploration started with `seed`: each program can be replayed alone.
    package static func programSeed(run: Int, of seed: UInt64) -> UInt64 {
        var random = ExploreRandom(seed: seed ^ (UInt64(truncatingIfNeeded: run) &* 0xD1B5_4A32_D192_ED03))
        return random.next()
    }

    /// A number in `0..<bound`, without the standard library's algorithm (which may change between releases).
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// True with probability `numerator / denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }

    /// An element of `choices`.
    package mutating func pick<Element>(_ choices: [Element]) -> Element { choices[below(choices.count)] }

    /// An element of `choices`, each as likely as its weight.
    mutating func weighted<Element>(_ choices: [(Int, Element)]) -> Element {
        var roll = below(choices.reduce(0) { $0 + $1.0 })
        for (weight, element) in choices {
            if roll < weight { return element }
            roll -= weight
        }
        return choices[choices.count - 1].1
    }
}

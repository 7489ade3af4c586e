/// A known behaviour of a platform's own library, not of the bridge's code, that a check recognised as the
/// likely cause of its failure (`CheckFailure.likelyCause`). The failure's message ends with `hint`, what
/// happened and how to avoid it; `conformance run --update-baseline` limits the entry of a case whose every
/// failure has one to the platforms that behave so (`Baseline.Platform`, `platforms` in the file).
///
/// A check sets it from what it saw (the data that arrived, the batch that ran), never from a failure's text.
package enum PlatformBehaviour: String, Sendable, Codable, CaseIterable {
    /// swift-corelibs-foundation's `JSONSerialization` drops a U+FEFF at the start of a string it parses
    /// (Linux): a string sent from JS arrives without it.
    case foundationDropsLeadingBOM = "foundation-drops-leading-bom"
    /// swift-corelibs-foundation's `JSONSerialization` (and its `JSONDecoder`, Swift 6.3) accepts trailing
    /// commas (Linux): a batch that is not JSON runs.
    case foundationAcceptsTrailingCommas = "foundation-accepts-trailing-commas"

    /// The behaviour in a few words, for a baseline entry's reason (`--update-baseline`).
    package var summary: String {
        switch self {
        case .foundationDropsLeadingBOM: "Foundation on Linux drops a U+FEFF that starts a string it parses"
        case .foundationAcceptsTrailingCommas: "Foundation on Linux accepts trailing commas"
        }
    }

    /// The sentences the failure's message ends with: the likely cause, and how to avoid it.
    package var hint: String {
        switch self {
        case .foundationDropsLeadingBOM:
            ". A string that began with U+FEFF arrived without it: likely the known behaviour of Foundation on"
                + " Linux (swift-corelibs-foundation), whose JSONSerialization drops a U+FEFF at the start of a string it"
                + " parses, so the data really is lost. JSONDecoder keeps it: parse the fetched queue with"
                + " JSONDecoder (e.g. into a Decodable JSON value type) instead of JSONSerialization.jsonObject(with:)."
        case .foundationAcceptsTrailingCommas:
            ". A batch with a trailing comma was run: likely the known behaviour of Foundation on Linux"
                + " (swift-corelibs-foundation), whose JSONSerialization accepts trailing commas (its JSONDecoder does"
                + " too, Swift 6.3). Check the fetched queue with a strict JSON parser before running it, or, where"
                + " the port keeps Foundation's parser, pin this failure to Linux in the baseline"
                + " (\"platforms\": [\"linux\"]; --update-baseline writes it)."
        }
    }
}

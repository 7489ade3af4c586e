import Foundation

/// Ships `spec/protocol.md` with the kit, so tools can quote and count its clauses at run time.
public enum ConformanceSpec {
    /// Where the resource bundle holds `spec/protocol.md`, or nil if it lacks it.
    public static var protocolURL: URL? {
        Bundle.module.url(forResource: "protocol", withExtension: "md")
    }

    /// The text of `spec/protocol.md`, or nil if the resource bundle lacks it.
    public static var protocolText: String? {
        protocolURL.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
    }
}

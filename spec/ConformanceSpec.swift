import Foundation

/// Ships `spec/protocol.md` and `spec/container.md` with the kit, so tools can quote and count its clauses at run time.
public enum ConformanceSpec {
    /// Where the resource bundle holds `spec/protocol.md`, or nil if it lacks it.
    public static var protocolURL: URL? {
        Bundle.module.url(forResource: "protocol", withExtension: "md")
    }

    /// The text of `spec/protocol.md`, or nil if the resource bundle lacks it.
    public static var protocolText: String? {
        protocolURL.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    /// Where the resource bundle holds `spec/container.md` (the messageHandler container profile), or nil.
    public static var containerURL: URL? {
        Bundle.module.url(forResource: "container", withExtension: "md")
    }

    /// The text of `spec/container.md`, or nil if the resource bundle lacks it.
    public static var containerText: String? {
        containerURL.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
    }
}

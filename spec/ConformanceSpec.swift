import Foundation

/// Ships `spec/protocol.md` with the kit, so tools can quote and count its clauses at run time.
public enum ConformanceSpec {
    /// The text of `spec/protocol.md`, or nil if the resource bundle lacks it.
    public static var protocolText: String? {
        Bundle.module.url(forResource: "protocol", withExtension: "md").flatMap { try? String(contentsOf: $0, encoding: .utf8) }
    }
}

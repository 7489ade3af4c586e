/// The line a testee's standard error carries when the process trapped inside the kit's own code
/// (`KitCode`): the kit's component and what the bridge did to get there. The harness turns the crash that
/// follows into a `harness-error` naming them: a fault of the kit is never the bridge's.
package struct KitFaultNote: Sendable, Equatable {
    /// The line's start: the record separator U+001E (as the adapter protocol's marks, ADP-16) and a name.
    package static let mark: StaticString = "\u{1E}wvjb-kit-fault"

    /// The kit's component that trapped.
    package let component: String
    /// What the bridge did, after "the bridge".
    package let action: String

    /// The note a line of standard error carries, or nil when it carries none.
    /// - Parameter line: One line, without its line feed.
    package init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "\(Self.mark)", !fields[1].isEmpty, !fields[2].isEmpty else {
            return nil
        }
        component = PrintableText.printable(String(fields[1].prefix(80)))
        action = PrintableText.printable(String(fields[2].prefix(200)))
    }

    /// What the report says: the kit's fault, what the bridge did, and that it is allowed.
    package var message: String {
        "the kit's \(component) trapped while the bridge \(action), which a bridge may do: a fault of the kit, "
            + "not of the bridge (please report it)"
    }
}

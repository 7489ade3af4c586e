import ArgumentParser
import WireDialects

/// `--profile canonical|wkwvjb`: the dialect of the WVJB wire the run speaks (spec/protocol.md, "Dialects"):
/// the kit's JS side, page snippet and reference native side in it, the cases written for it, and every other
/// case reported not applicable with the reason. Help and errors list the shipped profiles.
struct ProfileChoice: ExpressibleByArgument, Equatable, Sendable {
    /// The dialect.
    let dialect: WireDialect

    /// The canonical wire (WebViewJavascriptBridge), the default.
    static let canonical = ProfileChoice(dialect: .canonical)

    private init(dialect: WireDialect) { self.dialect = dialect }

    init?(argument: String) {
        guard let dialect = WireDialect.shipped.first(where: { $0.name == argument }) else { return nil }
        self.dialect = dialect
    }

    var defaultValueDescription: String { dialect.name }

    static var allValueStrings: [String] { WireDialect.shipped.map(\.name) }
}

import Foundation
import Testing

/// The public API of the products implementers use, as a digest checked into the repository: a change
/// to what implementers can see shows up as a diff of `PublicAPI/<Module>.public-api.txt` and must be
/// made on purpose. Everything else is `package` or internal.
///
/// Rewrite the digests after a deliberate change with
/// `CONFORMANCE_RECORD_API=1 swift test --filter PublicAPITests`, then review the diff.
@Suite("Public API digests")
struct PublicAPITests {
    static let modules = [
        "ConformanceAdapter", "ConformanceKit", "ConformanceTesting", "ReferenceBridge", "SimulatedWebKit",
        "WireDialects",
    ]

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized
    static let digestFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "PublicAPI")

    @Test("the public API of each product matches its digest", .fullTier, arguments: modules)
    func digestMatches(module: String) throws {
        let digest = try Self.digest(of: module)
        let file = Self.digestFolder.appendingPathComponent("\(module).public-api.txt")
        if ProcessInfo.processInfo.environment["CONFORMANCE_RECORD_API"] != nil {
            try FileManager.default.createDirectory(at: Self.digestFolder, withIntermediateDirectories: true)
            try digest.write(to: file, atomically: true, encoding: .utf8)
            Issue.record(
                "rewrote \(file.path); review it with `git diff` and run the tests again without CONFORMANCE_RECORD_API"
            )
            return
        }
        let recorded = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let want = Set(recorded.split(separator: "\n")), got = Set(digest.split(separator: "\n"))
        let added = got.subtracting(want).sorted().map { "+ " + $0 },
            removed = want.subtracting(got).sorted().map { "- " + $0 }
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            the public API of \(module) changed:
            \((removed + added).joined(separator: "\n"))
            If the change is deliberate (every public symbol is something implementers need), rewrite the digest with \
            `CONFORMANCE_RECORD_API=1 swift test --filter PublicAPITests` and review it.
            """)
    }

    @Test("every public declaration of each product has a /// doc comment", .fullTier, arguments: modules)
    func everyPublicDeclarationIsDocumented(module: String) throws {
        var undocumented: [String] = [], count = 0
        for (path, text) in try Self.sources(of: module) {
            let sites = Self.declarationSites(in: text)
            count += sites.count
            undocumented += Self.undocumented(sites, in: text).map { "\(path):\($0.line + 1): \($0.declaration)" }
        }
        #expect(count > 0, "no public declarations found in \(module)")
        #expect(
            undocumented.isEmpty,
            "public declarations of \(module) without a /// doc comment:\n\(undocumented.joined(separator: "\n"))")
    }

    @Test("the doc comment check reads past attributes, and sees enum cases and protocol requirements")
    func docCommentReader() {
        let source = """
            /// Documented.
            @MainActor
            open class Shown {
                /// Documented.
                @discardableResult
                open func load() -> Int { 1 }
                open var bare: Int { 1 }
            }
            public enum Kind: Int {
                /// Documented.
                case one = 1
                // A plain comment is not a doc comment.
                case two = 2
                var hidden: Int {
                    switch self {
                    case .one: 1
                    case .two: 2
                    }
                }
            }
            /// Documented.
            public protocol Asked {
                func asked(
                    _ x: Int)
            }
            """
        let sites = Self.declarationSites(in: source)
        #expect(
            sites.map(\.declaration) == [
                "open class Shown", "Shown: open func load() -> Int", "Shown: open var bare: Int",
                "public enum Kind: Int",
                "Kind: case one = 1", "Kind: case two = 2", "public protocol Asked", "Asked: func asked(_ x: Int)",
            ])
        #expect(
            Self.undocumented(sites, in: source).map(\.declaration) == [
                "Shown: open var bare: Int", "public enum Kind: Int", "Kind: case two = 2",
                "Asked: func asked(_ x: Int)",
            ])
    }

    @Test("the digest reader sees nested declarations and multi-line signatures")
    func readerUnderstandsNesting() {
        let source = """
            /// A doc comment with public in it.
            public struct Outer {
                public init(
                    a: Int,
                    b: String
                ) {}
                package var hidden: Int { 1 }
                public enum Inner { case one }
                let text = "public func notADeclaration()"
                override public init() {}
            }
            extension Outer {
                public func helper() {}
            }
            """
        #expect(
            Self.publicDeclarations(in: source) == [
                "public struct Outer", "Outer: public init(a: Int, b: String)", "Outer: public enum Inner",
                "Outer: override public init()", "Outer: public func helper()",
            ])
        let protocolSource = """
            public protocol Doer: AnyObject
            {
                func doIt(_ x: Int) throws
                var name: String { get }
            }
            """
        #expect(
            Self.publicDeclarations(in: protocolSource) == [
                "public protocol Doer: AnyObject", "Doer: func doIt(_ x: Int) throws", "Doer: var name: String",
            ])
        let wrappedSource = """
            public final class Wrapped: First, Second,
                Third
            {
                public static func serve(name: String? = nil, adapter: () throws -> Int)
                    -> Never
                {
                    fatalError()
                }
            }
            """
        #expect(
            Self.publicDeclarations(in: wrappedSource) == [
                "public final class Wrapped: First, Second, Third",
                "Wrapped: public static func serve(name: String? = nil, adapter: () throws -> Int) -> Never",
            ])
    }

    // MARK: Reading sources

    /// One line per public declaration of `module`, sorted: `Container: declaration`.
    static func digest(of module: String) throws -> String {
        var lines: [String] = []
        for (_, source) in try sources(of: module) { lines += publicDeclarations(in: source) }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    /// The Swift files of `module`, by path relative to the package, with their text.
    /// The modules whose public API a product is: its own, and for ConformanceKit the harness's modules it
    /// re-exports (`Sources/ConformanceKit/ConformanceKit.swift`; ConformanceAdapter has a digest of its own).
    static func modules(ofProduct product: String) -> [String] {
        guard product == "ConformanceKit" else { return [product] }
        return [
            "ConformanceKit", "ConformanceSupport", "ConformanceEngine", "ConformanceBrowser", "ConformanceCatalogue",
            "ConformanceReports", "ConformanceExplore", "ContainerCatalogue",
        ]
    }

    static func sources(of product: String) throws -> [(path: String, text: String)] {
        try modules(ofProduct: product).flatMap { try sources(ofModule: $0) }.sorted { $0.path < $1.path }
    }

    static func sources(ofModule module: String) throws -> [(path: String, text: String)] {
        let folder = module == "ReferenceBridge" ? "Sources/ReferenceBridge" : "Sources/\(module)"
        let root = packageRoot.appendingPathComponent(folder)
        var files: [(path: String, text: String)] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = folder + "/" + url.standardized.path.dropFirst(root.standardized.path.count + 1)
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The public declarations of one file, each prefixed with the type or extension it is in. The
    /// requirements of a public protocol count as public.
    static func publicDeclarations(in source: String) -> [String] {
        declarationSites(in: source).filter { !$0.isEnumCase }.map(\.declaration)
    }

    /// A public declaration of a source file: the line (from 0) it starts on, and what the digest writes of
    /// it. The cases of a public enum are public declarations too, though digests leave them out (the
    /// compiler pins them: a switch over the enum names each).
    struct DeclarationSite: Equatable {
        var line: Int
        var declaration: String
        var isEnumCase = false
    }

    /// The public declarations of one file, each prefixed with the type or extension it is in, and the
    /// cases of its public enums. The requirements of a public protocol count as public.
    static func declarationSites(in source: String) -> [DeclarationSite] {
        var declarations: [DeclarationSite] = []
        var containers: [(name: String, depth: Int, isPublicProtocol: Bool, isPublicEnum: Bool)] = []
        var opening: (name: String, isPublicProtocol: Bool, isPublicEnum: Bool)?
        var pendingLine = 0
        var depth = 0
        var pending: String?
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).replacing(Patterns.stringLiteral, with: "\"\"")
        }
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { continue }
            let next = lines.dropFirst(index + 1).first?.trimmingCharacters(in: .whitespaces) ?? ""
            // A declaration the formatter wrapped goes on: `-> Never`, `throws`, `where` or the next protocols
            // of a conformance list on the next line.
            func finishedDeclaration(_ text: String) -> String? {
                let continues =
                    !text.contains("{")
                    && (text.hasSuffix(",") || text.hasSuffix("&")
                        || next.firstMatch(of: Patterns.continuation) != nil)
                return continues ? nil : Self.finishedDeclaration(text)
            }
            let inPublicProtocol = containers.last.map { $0.isPublicProtocol && $0.depth == depth - 1 } ?? false
            let inPublicEnum = containers.last.map { $0.isPublicEnum && $0.depth == depth - 1 } ?? false
            if var text = pending {
                text += " " + trimmed
                if let finished = finishedDeclaration(text) {
                    declarations.append(DeclarationSite(line: pendingLine, declaration: finished)); pending = nil
                } else {
                    pending = text
                }
            } else if inPublicEnum, let match = trimmed.firstMatch(of: Patterns.enumCase) {
                let prefix = containers.last.map { "\($0.name): " } ?? ""
                declarations.append(
                    DeclarationSite(line: index, declaration: prefix + "case " + match.output.1, isEnumCase: true))
            } else if trimmed.firstMatch(
                of: Patterns.publicDeclaration)
                != nil
                || (inPublicProtocol
                    && trimmed.firstMatch(
                        of:
                            Patterns.protocolRequirement
                    ) != nil)
            {
                let declaration = trimmed.replacing(Patterns.leadingAttributes, with: "")
                let prefix = containers.last.map { "\($0.name): " } ?? ""
                if let finished = finishedDeclaration(declaration) {
                    declarations.append(DeclarationSite(line: index, declaration: prefix + finished))
                } else {
                    pending = prefix + declaration
                    pendingLine = index
                }
            }
            if let match = trimmed.firstMatch(
                of:
                    Patterns.typeOpening
            ) {
                let isPublic = match.output.1.contains("public")
                opening = (
                    String(match.output.3), match.output.2 == "protocol" && isPublic,
                    match.output.2 == "enum" && isPublic
                )
            }
            for character in line {
                if character == "{" {
                    if let type = opening {
                        containers.append((type.name, depth, type.isPublicProtocol, type.isPublicEnum))
                        opening = nil
                    }
                    depth += 1
                }
                if character == "}" {
                    depth -= 1
                    if let last = containers.last, last.depth == depth { containers.removeLast() }
                }
            }
        }
        return declarations
    }

    /// The sites of `source` whose declaration has no `///` comment right above it (attributes on lines of
    /// their own may stand between).
    static func undocumented(_ sites: [DeclarationSite], in source: String) -> [DeclarationSite] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return sites.filter { site in
            var above = site.line - 1
            while above >= 0, lines[above].wholeMatch(of: Patterns.attributesLine) != nil { above -= 1 }
            return above < 0 || !lines[above].hasPrefix("///")
        }
    }

    /// The declaration up to its body, with whitespace collapsed, once its parentheses are balanced.
    private static func finishedDeclaration(_ text: String) -> String? {
        var balance = 0
        var end = text.endIndex
        for index in text.indices {
            let character = text[index]
            if "([<".contains(character) {
                balance += 1
            } else if ")]".contains(character) || (character == ">" && text[text.index(before: index)] != "-") {
                balance -= 1
            } else if character == "{" && balance == 0 {
                end = index
            }
            if end != text.endIndex { break }
        }
        guard balance <= 0 || end != text.endIndex else { return nil }
        var declaration = String(text[..<end])
        // A stored property's initial value is not API: `public static let all = [...]` reads `public static let all`.
        if declaration.firstMatch(of: Patterns.storedProperty) != nil,
            declaration.firstMatch(of: Patterns.functionLike) == nil,
            let initializer = declaration.firstRange(of: " =")
        {
            declaration = String(declaration[..<initializer.lowerBound])
        }
        return declaration.replacing(Patterns.whitespace, with: " ").replacing(Patterns.openingSpace, with: "(")
            .replacing(Patterns.closingSpace, with: ")")
            .trimmingCharacters(in: .whitespaces)
    }

    /// The patterns the source reader matches, built once: a regex literal is parsed anew each time it is
    /// evaluated, which inside the per-line loop cost seconds.
    private enum Patterns {
        /// A string literal, whose text is no declaration.
        nonisolated(unsafe) static let stringLiteral = #/"(?:[^"\\]|\\.)*"/#
        /// What a wrapped declaration goes on with.
        nonisolated(unsafe) static let continuation = #/^(?:->|throws\b|rethrows\b|async\b|where\b|&)/#
        /// An enum case.
        nonisolated(unsafe) static let enumCase = #/^(?:@[\w()]+\s+)*(?:indirect\s+)?case\s+(.*)$/#
        /// A public or open declaration.
        nonisolated(unsafe) static let publicDeclaration =
            #/^(?:@[\w()]+\s+)*(?:(?:override|final|required|convenience|nonisolated)\s+)*(?:public|open)\s/#
        /// A protocol requirement.
        nonisolated(unsafe) static let protocolRequirement =
            #/^(?:@[\w()]+\s+)*(?:(?:nonisolated|static|mutating)\s+)*(?:func|var|init|associatedtype|subscript)\b/#
        /// The attributes before a declaration.
        nonisolated(unsafe) static let leadingAttributes = #/^(?:@[\w()]+\s+)*/#
        /// A type or extension opening, with its modifiers, kind and name.
        nonisolated(unsafe) static let typeOpening =
            #/^(?:@[\w()]+\s+)*((?:(?:public|open|package|private|fileprivate|final|nonisolated)\s+)*)(class|struct|enum|protocol|extension|actor)\s+(\w+)/#
        /// A line of attributes only.
        nonisolated(unsafe) static let attributesLine = #/@[\w()]+(?:\s+@[\w()]+)*/#
        /// A property.
        nonisolated(unsafe) static let storedProperty = #/\b(?:let|var)\s/#
        /// A function, initializer or type alias.
        nonisolated(unsafe) static let functionLike = #/\b(?:func|init|typealias)\b/#
        /// A run of whitespace.
        nonisolated(unsafe) static let whitespace = #/\s+/#
        /// A space after an opening parenthesis.
        nonisolated(unsafe) static let openingSpace = #/\(\s/#
        /// A space before a closing parenthesis.
        nonisolated(unsafe) static let closingSpace = #/\s\)/#
    }
}

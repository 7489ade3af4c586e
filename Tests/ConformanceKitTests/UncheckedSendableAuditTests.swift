import Foundation
import Testing

/// `@unchecked Sendable` turns the compiler's data-race checks off, so the package keeps its uses few and
/// audited: one wrapper for values handed from one thread to another (`UncheckedSendable`, whose doc
/// says where and why it is sound), and classes that guard their own state with a lock. A new ad-hoc
/// box, or a class that shares state without a lock and without a written reason, fails here.
@Suite("Architecture: one audited unchecked-Sendable wrapper")
struct UncheckedSendableAuditTests {
    /// The one value type allowed to be `@unchecked Sendable`.
    static let wrapper = "UncheckedSendable"

    /// Classes that are `@unchecked Sendable` without a lock, and why each is sound.
    static let confinedClasses: [String: String] = [
        "LineReader":
            "used by one thread at a time, the one waiting for the next line: the harness thread driving a testee, or the testee's main thread",
        "AdapterProcess":
            "its few flags and counters are used by the thread driving its session, one request at a time; the pipes' reader threads have their own locked objects",
    ]

    /// What a class may guard its state with.
    static let locks = ["NSLock()", "NSCondition()", "NSRecursiveLock()", "LockedValue<"]

    /// Whether `body` holds one of the `locks`.
    static func holdsLock(_ body: String) -> Bool {
        locks.contains { body.contains($0) }
    }

    struct Declaration: Equatable {
        let kind: String
        let name: String
        /// The declaration's body, braces included.
        let body: String
    }

    static func sources() throws -> [ReferenceFolderTests.SourceFile] {
        try ReferenceFolderTests.sources()
    }

    /// The types `text` declares `@unchecked Sendable`, with their bodies.
    static func uncheckedSendableTypes(in text: String) -> [Declaration] {
        guard text.contains("@unchecked") else { return [] }
        let code = ArchitectureTests.code(of: text)
        let pattern = /\b(class|struct|enum|actor)\s+(\w+)(?:<[^>{]*>)?\s*:[^{]*@unchecked\s+Sendable[^{]*\{/
        return code.matches(of: pattern).map { match in
            Declaration(
                kind: String(match.output.1), name: String(match.output.2),
                body: body(in: code, openingAt: code.index(before: match.range.upperBound)))
        }
    }

    /// The text from the brace at `start` to the one that closes it.
    static func body(in code: String, openingAt start: String.Index) -> String {
        var depth = 0
        var index = start
        while index < code.endIndex {
            switch code[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return String(code[start...index]) }
            default: break
            }
            index = code.index(after: index)
        }
        return String(code[start...])
    }

    /// What `text` declares `@unchecked Sendable` against the rules: a value type other than the wrapper,
    /// or a class with no lock that is not in `confined`.
    static func violations(in file: ReferenceFolderTests.SourceFile, confined: Set<String>) -> [String] {
        uncheckedSendableTypes(in: file.text).compactMap { declaration in
            if declaration.kind == "class" {
                if confined.contains(declaration.name) || holdsLock(declaration.body) { return nil }
                return
                    "\(file.path): class \(declaration.name) is @unchecked Sendable without a lock; guard its state, or audit it in confinedClasses"
            }
            guard declaration.name != wrapper else { return nil }
            return
                "\(file.path): \(declaration.kind) \(declaration.name) is an ad-hoc @unchecked Sendable box; use \(wrapper)"
        }
    }

    @Test(
        "in Sources, the wrapper is the one unchecked value type, and every unchecked class holds a lock or is audited")
    func onlyTheWrapperAndLockedClasses() throws {
        let files = try Self.sources()
        let violations = files.flatMap { Self.violations(in: $0, confined: Set(Self.confinedClasses.keys)) }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        let declared = files.flatMap { Self.uncheckedSendableTypes(in: $0.text) }
        #expect(declared.filter { $0.kind != "class" }.map(\.name) == [Self.wrapper])
        // The audit list stays true: each entry is still an unchecked class, and still has no lock.
        for (name, _) in Self.confinedClasses {
            let declaration = declared.first { $0.name == name }
            #expect(
                declaration?.kind == "class",
                "\(name) is no longer an @unchecked Sendable class: remove it from confinedClasses")
            #expect(
                declaration.map { !Self.holdsLock($0.body) } ?? true,
                "\(name) now holds a lock: remove it from confinedClasses")
        }
    }

    @Test("the audit reports an ad-hoc box and an unguarded class, and accepts a locked class and the wrapper")
    func auditCatchesViolations() {
        let file = ReferenceFolderTests.SourceFile(
            path: "BridgeMutants/Seams/Example.swift",
            text: """
                /// A send on its way to the main thread. (A doc comment saying @unchecked Sendable does not count.)
                private struct UncheckedSend: @unchecked Sendable {
                    let data: Any?
                }
                package struct UncheckedSendable<Value>: @unchecked Sendable {
                    package let value: Value
                }
                private final class ErrorBox: @unchecked Sendable { var error: (any Error)? }
                private final class SendBuffer: @unchecked Sendable {
                    private let lock = NSLock()
                    private var sends: [Any] = []
                    func append() { if true { lock.lock() } }
                }
                final class LineReader: @unchecked Sendable { private var buffer: [UInt8] = [] }
                """)
        #expect(
            Self.uncheckedSendableTypes(in: file.text).map(\.name) == [
                "UncheckedSend", "UncheckedSendable", "ErrorBox", "SendBuffer", "LineReader",
            ])
        #expect(
            Self.violations(in: file, confined: ["LineReader"]) == [
                "BridgeMutants/Seams/Example.swift: struct UncheckedSend is an ad-hoc @unchecked Sendable box; use UncheckedSendable",
                "BridgeMutants/Seams/Example.swift: class ErrorBox is @unchecked Sendable without a lock; guard its state, or audit it in confinedClasses",
            ])
        #expect(Self.violations(in: file, confined: []).count == 3)
    }
}

import StrictJSON

/// Validates JSON values against the subset of JSON Schema (draft 7) the kit's fixture schemas use:
/// `type`, `const`, `enum`, `required`, `properties`, `additionalProperties` (boolean), `items`,
/// `minItems`, `minLength`, `minimum`, `pattern`, `oneOf` and local `$ref`s (`#/definitions/name`).
///
/// Small on purpose, and used by tests only: the kit loads its files with `FixtureFile`'s typed decoding,
/// and the schemas ship for users' editors; the tests check that the shipped files, goldens and reports
/// match them. `package` rather than in a test target because several test targets (the kit's
/// and CLITests) use it.
package struct JSONSchemaValidator: Sendable {
    /// One broken rule: where (a JSON pointer) and what.
    package struct Violation: Equatable, Sendable, CustomStringConvertible {
        /// The JSON pointer of the offending value (`/payloads/3/class`).
        package var path: String
        /// The rule it breaks.
        package var message: String
        /// `path: message`.
        package var description: String { "\(path.isEmpty ? "/" : path): \(message)" }
    }

    private let root: JSONValue

    /// Creates a validator for `schema`.
    /// - Parameter schema: A parsed JSON Schema document.
    package init(schema: JSONValue) { root = schema }

    /// Every violation of the schema by `value`; empty when it is valid.
    package func violations(of value: JSONValue) -> [Violation] {
        var found: [Violation] = []
        check(value, against: root, path: "", into: &found)
        return found
    }

    private func check(_ value: JSONValue, against schema: JSONValue, path: String, into found: inout [Violation]) {
        guard case .object(let rules) = schema else { return }
        func fail(_ message: String) { found.append(Violation(path: path, message: message)) }
        if case .string(let reference)? = rules["$ref"] {
            guard let target = resolve(reference) else { return fail("unresolvable $ref \(reference)") }
            check(value, against: target, path: path, into: &found)
        }
        if case .string(let type)? = rules["type"], !Self.has(type: type, value) {
            return fail("expected \(type), found \(Self.typeName(of: value))")
        }
        if let constant = rules["const"], constant != value { fail("must be \(constant.canonicalText)") }
        if case .array(let options)? = rules["enum"], !options.contains(value) {
            fail("must be one of \(options.map(\.canonicalText).joined(separator: ", "))")
        }
        if case .string(let string) = value {
            if case .number(let minimum)? = rules["minLength"], Double(string.count) < minimum {
                fail("shorter than \(Int(minimum))")
            }
            if case .string(let pattern)? = rules["pattern"],
                (try? Regex(pattern)).flatMap({ try? $0.firstMatch(in: string) }) == nil
            {
                fail("does not match \(pattern)")
            }
        }
        if case .number(let number) = value, case .number(let minimum)? = rules["minimum"], number < minimum {
            fail("below the minimum \(minimum)")
        }
        if case .array(let elements) = value {
            if case .number(let minimum)? = rules["minItems"], Double(elements.count) < minimum {
                fail("fewer than \(Int(minimum)) items")
            }
            if let items = rules["items"] {
                for (index, element) in elements.enumerated() {
                    check(element, against: items, path: "\(path)/\(index)", into: &found)
                }
            }
        }
        if case .object(let members) = value {
            if case .array(let required)? = rules["required"] {
                for case .string(let key) in required where members[key] == nil {
                    fail("missing required key \"\(key)\"")
                }
            }
            let properties: [String: JSONValue]
            if case .object(let declared)? = rules["properties"] { properties = declared } else { properties = [:] }
            for key in members.keys.sorted() {
                if let propertySchema = properties[key] {
                    check(members[key]!, against: propertySchema, path: "\(path)/\(key)", into: &found)
                } else if rules["additionalProperties"] == .bool(false) {
                    fail("unknown key \"\(key)\"")
                }
            }
        }
        if case .array(let alternatives)? = rules["oneOf"] {
            let matching = alternatives.filter { alternative in
                var scratch: [Violation] = []
                check(value, against: alternative, path: path, into: &scratch)
                return scratch.isEmpty
            }.count
            if matching != 1 {
                fail("must match exactly one of \(alternatives.count) alternatives (matches \(matching))")
            }
        }
    }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node = root
        for component in reference.dropFirst(2).split(separator: "/") {
            guard case .object(let members) = node, let next = members[String(component)] else { return nil }
            node = next
        }
        return node
    }

    private static func has(type: String, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("number", .number):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    private static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

import ConformanceCatalogue
import StrictJSON

/// What `conformance diff` reads from a JSON run report (`--report json:PATH`): the kit that ran it, whether
/// the run stopped before every selected case ran, each case's verdict, level and the obligations its failures cite.
package struct ReportSnapshot: Sendable, Equatable {
    /// Why a run ended before every selected case ran (the report's `stopped`, `RunStop`).
    package struct Stop: Sendable, Equatable {
        /// Why, in a few words (`interrupted by SIGINT`), as the report gives it.
        package var message: String
        /// How many selected cases did not run.
        package var notRun: Int
    }

    /// One case of the report.
    package struct Case: Sendable, Equatable {
        /// The case's id.
        package var id: String
        /// Its verdict.
        package var verdict: Verdict
        /// Its level, as the report gives it.
        package var level: String
        /// The obligations (or clauses) its failures cite, each once: the case's `obligations`, all of them in
        /// the spec's order; in a report written before it had them, those of its listed `failures`, in order.
        package var citations: [String]
    }

    /// Why a document is not a run report the diff can read: a sentence naming the member at fault.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong.
        package var description: String
    }

    /// The adapter the run was against.
    package var adapter: String
    /// The profile (wire dialect) it spoke.
    package var profile: String
    /// The kit that ran it (`metadata`: `kitVersion`, `catalogueDigest`); nil in a report written before
    /// reports named their kit.
    package var kit: KitChange.Kit?
    /// The cases, in the report's order.
    package var cases: [Case]
    /// Why the run stopped early; nil for a whole run, and for a report written before reports said so.
    package var stop: Stop?

    /// Reads a report document.
    /// - Parameter document: The parsed report.
    /// - Throws: `Problem` when it is not a `wvjb-conformance-report` of version 1, its `metadata` does not
    ///   name the kit, its `stopped` lacks its reason or the cases not run, or a case lacks its id, a known
    ///   verdict or its level, or an id appears twice.
    package init(_ document: JSONValue) throws(Problem) {
        guard case .object(let members) = document, members["format"] == "wvjb-conformance-report" else {
            throw Problem(description: "is not a conformance run report (`format` is not \"wvjb-conformance-report\")")
        }
        guard members["version"] == 1 else {
            throw Problem(description: "is a run report of a version this kit does not read (`version` is not 1)")
        }
        guard case .string(let adapter)? = members["adapter"], case .array(let entries)? = members["cases"] else {
            throw Problem(description: "has no `adapter` string or no `cases` array")
        }
        self.adapter = adapter
        if case .string(let profile)? = members["profile"] { self.profile = profile } else { profile = "canonical" }
        if let metadata = members["metadata"] {
            guard case .object(let fields) = metadata, case .string(let version)? = fields["kitVersion"],
                case .string(let digest)? = fields["catalogueDigest"]
            else {
                throw Problem(description: "has a `metadata` without the `kitVersion` and `catalogueDigest` strings")
            }
            kit = KitChange.Kit(version: version, catalogueDigest: digest)
        }
        if let stopped = members["stopped"] {
            guard case .object(let fields) = stopped, case .string(let reason)? = fields["reason"],
                case .array(let notRun)? = fields["notRun"]
            else {
                throw Problem(description: "has a `stopped` without its `reason` string and `notRun` array")
            }
            let message = if case .string(let text)? = fields["message"] { text } else { reason }
            stop = Stop(message: message, notRun: notRun.count)
        }
        var seen = Set<String>()
        cases = []
        for (index, entry) in entries.enumerated() {
            let found = try Self.readCase(entry, at: index)
            guard seen.insert(found.id).inserted else {
                throw Problem(description: "lists the case \(CanonicalJSON.quote(found.id)) twice (`cases[\(index)]`)")
            }
            cases.append(found)
        }
    }

    private static func readCase(_ entry: JSONValue, at index: Int) throws(Problem) -> Case {
        guard case .object(let fields) = entry, case .string(let id)? = fields["id"] else {
            throw Problem(description: "has a case without an `id` string (`cases[\(index)]`)")
        }
        guard case .string(let verdictName)? = fields["verdict"], let verdict = Verdict(rawValue: verdictName) else {
            throw Problem(
                description: "has a case without a known `verdict` (`cases[\(index)]`, \(CanonicalJSON.quote(id)))")
        }
        guard case .string(let level)? = fields["level"] else {
            throw Problem(description: "has a case without a `level` (`cases[\(index)]`, \(CanonicalJSON.quote(id)))")
        }
        var citations: [String] = []
        if case .array(let obligations)? = fields["obligations"] {
            for case .string(let cited) in obligations where !citations.contains(cited) { citations.append(cited) }
        } else if case .array(let failures)? = fields["failures"] {
            for case .object(let failure) in failures {
                let citation = failure["obligation"] ?? failure["clause"]
                if case .string(let cited)? = citation, !citations.contains(cited) { citations.append(cited) }
            }
        }
        return Case(id: id, verdict: verdict, level: level, citations: citations)
    }
}

import Foundation
import StrictJSON

/// What the fidelity test takes out of both web views' canonical transcripts before comparing them, and nothing
/// else (spec, appendix D): the two ways real WebKit differs by design in the reference's runs.
///
/// - **Folded queue signals.** Where the simulation raises one request per `src` assignment in a turn, WebKit
///   raises one: a non-main-frame request right after a request for the same URL is folded into it, with its
///   decision; a fetch that follows a fetch and finds the queue empty (the folded request's fetch) is dropped with
///   its result. Evaluation and navigation ids are then numbered again in order.
/// - **Engine error wording.** The location WebKitGTK puts in an evaluation's error (`undefined:3:71: message`,
///   `https://app.example/index.html:25:112: message`) and the simulation's (`message in harness-3.js at line 3`,
///   `(line 3)`, `@harness-3.js:3`) are left out of every string.
///
/// Every other difference (an event more or less, another order, other data, other wording) stays, so a new
/// divergence inside a case where WebKit folds signals fails the test as anywhere else.
enum TranscriptNormalisation {
    /// `document` (a canonical transcript: an array of event objects) normalised; anything else as it is.
    static func normalised(_ document: JSONValue, fetchCommand: String) -> JSONValue {
        guard case .array(let events) = document else { return document }
        let objects = events.map { event -> [String: JSONValue] in
            if case .object(let fields) = event { return fields }
            return [:]
        }
        return .array(renumbered(folded(objects, fetchCommand: fetchCommand)).map { .object(reworded($0)) })
    }

    /// The events without the requests WebKit folds, their decisions, and the empty fetches they caused.
    private static func folded(_ events: [[String: JSONValue]], fetchCommand: String) -> [[String: JSONValue]] {
        var kept: [[String: JSONValue]] = []
        var foldedNavigations: Set<JSONValue> = []
        var droppedEvaluations: Set<JSONValue> = []
        var fetchEvaluations: Set<JSONValue> = []
        for event in events {
            let kind = event["event"], id = event["id"] ?? .null
            switch kind {
            case .string("navigation-requested"):
                if event["mainFrame"] == .bool(false), let previous = kept.last,
                    previous["event"] == .string("navigation-requested"), previous["url"] == event["url"]
                {
                    foldedNavigations.insert(id)
                    continue
                }
            case .string("navigation-decided"):
                if foldedNavigations.contains(id) { continue }
            case .string("evaluation"):
                if event["script"] == .string(fetchCommand) { fetchEvaluations.insert(id) }
            case .string("evaluation-result"):
                if droppedEvaluations.contains(id) { continue }
                // A fetch that found the queue empty right after another fetch's result: the folded signal's.
                if fetchEvaluations.contains(id), event["result"] == .object(["json": .array([])]),
                    kept.count >= 2, let evaluation = kept.last, evaluation["event"] == .string("evaluation"),
                    evaluation["id"] == id, kept[kept.count - 2]["event"] == .string("evaluation-result"),
                    let before = kept[kept.count - 2]["id"], fetchEvaluations.contains(before)
                {
                    kept.removeLast()
                    droppedEvaluations.insert(id)
                    continue
                }
            default: break
            }
            kept.append(event)
        }
        return kept
    }

    /// The events with evaluation and navigation ids numbered from 1 in the order they first appear.
    private static func renumbered(_ events: [[String: JSONValue]]) -> [[String: JSONValue]] {
        var evaluations: [JSONValue: Int] = [:], navigations: [JSONValue: Int] = [:]
        func number(_ id: JSONValue, in numbers: inout [JSONValue: Int]) -> JSONValue {
            if let known = numbers[id] { return .number(Double(known)) }
            numbers[id] = numbers.count + 1
            return .number(Double(numbers.count))
        }
        return events.map { event in
            var event = event
            switch event["event"] {
            case .string("evaluation")?, .string("evaluation-result")?:
                if let id = event["id"] { event["id"] = number(id, in: &evaluations) }
            case .string("js-side-appeared")?:
                if let id = event["evaluation"] { event["evaluation"] = number(id, in: &evaluations) }
            case .string("navigation-requested")?, .string("navigation-decided")?:
                if let id = event["id"] { event["id"] = number(id, in: &navigations) }
            default: break
            }
            return event
        }
    }

    /// The locations each engine words into an evaluation's error, taken out of every string of `event`.
    private static let locations: [(pattern: NSRegularExpression, replacement: String)] = [
        // WebKitGTK: "undefined:3:71: Error: …", "https://app.example/index.html:25:112: Error: …"
        (#"\S+?:\d+:\d+: "#, ""),
        // The simulation: "Error: … in harness-3.js at line 3", "… in https://app.example/index.html at line 25"
        (#" in \S+ at line \d+"#, ""),
        (#" \(line \d+\)"#, ""),  // the reference's log of the simulation's error: "… (line 3)"
        (#"@(?:harness-\d+\.js|undefined):(\d+)"#, "@<script>:$1"),  // the JS side's log of an error's source
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    private static func reworded(_ event: [String: JSONValue]) -> [String: JSONValue] {
        event.mapValues(reworded)
    }

    private static func reworded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            var text = text
            for (pattern, replacement) in locations {
                text = pattern.stringByReplacingMatches(
                    in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
            }
            return .string(text)
        case .array(let values): return .array(values.map(reworded))
        case .object(let fields): return .object(fields.mapValues(reworded))
        default: return value
        }
    }
}

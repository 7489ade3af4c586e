import Foundation

/// A testee that speaks the adapter protocol as a JSON script says, so that each test of the harness's
/// side of the protocol states its testee's misbehaviour as data (`conformance-testees scripted FILE`).
///
/// The testee writes its `hello`, then reads requests one at a time and answers each with the first
/// reply whose `to` names the request's type (`*`: any request with a `seq`), whose `after` (if given)
/// names the type of the request before it, and whose `occurrence` (if given) is this request's number
/// among those of its type, from 1. A request no reply matches gets no answer. A reply writes its outputs
/// in order, all standard error first and then all standard output in one `write` (for less than 1 MiB),
/// so that a message written "after" a `done` is in the pipe when the harness reads the `done`: the
/// tests then see the harness react to what is already there, never to timing.
///
/// ```json
/// {"capabilities": ["persistent"],
///  "replies": [{"to": "navigation", "write": [{"stdout": "{\"seq\":$seq,\"type\":\"done\"}"},
///                                             {"stdout": "{\"navigation\":$navigation,\"policy\":\"allow\",\"type\":\"decide\"}"}]},
///              {"to": "*", "write": [{"stdout": "{\"seq\":$seq,\"type\":\"done\"}"}]}]}
/// ```
struct TesteeScript: Decodable {
    /// What the `hello` offers (ADP-6); with `stderr-marks`, a mark goes to standard error before each
    /// standard output line (ADP-16).
    var capabilities: [String]?
    /// A first line written instead of the `hello`.
    var hello: String?
    /// The answers, tried in order.
    var replies: [Reply]

    /// The answer to some requests.
    struct Reply: Decodable {
        /// The request type answered; `*` for any request with a `seq`.
        var to: String
        /// Only when the request before this one had this type.
        var after: String?
        /// Only for this request of its type, counted from 1 in the process.
        var occurrence: Int?
        /// What to write, in order.
        var write: [Output]
        /// Exit with this status once written.
        var exit: Int32?
    }

    /// Something the testee writes. In `stdout` and `stderr`, `$seq`, `$navigation`, `$evaluation`,
    /// `$invocation` and `$callback` stand for the request's fields, `$type` for its type, `$fields` for
    /// the names of its fields (sorted, comma-separated), `$i` for the repetition's number (from 1), and
    /// `$pad` for as many `x` as make the line `length` bytes long.
    struct Output: Decodable {
        /// A line to standard output (a line feed is added).
        var stdout: String?
        /// A line to standard error (a line feed is added).
        var stderr: String?
        /// Bytes to standard output, as they are (no line feed is added): for bytes that are not UTF-8.
        var stdoutBase64: String?
        /// Bytes to standard error, as they are (no line feed is added).
        var stderrBase64: String?
        /// How many times to write it (1 if absent).
        var times: Int?
        /// The byte length `$pad` makes the line.
        var length: Int?
        /// No mark before this standard output line, though the `hello` offers `stderr-marks`.
        var unmarked: Bool?
    }
}

/// Runs `TesteeScript` from the file at `path`. Never returns.
func serveScript(at path: String) -> Never {
    let script: TesteeScript
    do {
        script = try JSONDecoder().decode(TesteeScript.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        FileHandle.standardError.write(Data("conformance-testees: cannot read the script \(path): \(error)\n".utf8))
        exit(64)
    }
    let capabilities = script.capabilities ?? []
    var output = ScriptOutput(marks: capabilities.contains("stderr-marks"))
    let hello =
        script.hello
        ?? ScriptOutput.json(["type": "hello", "protocol": 1, "name": "scripted", "capabilities": capabilities])
    output.line(hello, marked: true)
    output.flush()
    var previous: String?
    var seen: [String: Int] = [:]
    while let line = readLine() {
        guard let request = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
            let type = request["type"] as? String
        else {
            FileHandle.standardError.write(
                Data("conformance-testees: the harness sent a line that is not a request: \(line)\n".utf8))
            exit(65)
        }
        seen[type, default: 0] += 1
        let reply = script.replies.first { reply in
            (reply.to == type || (reply.to == "*" && request["seq"] != nil))
                && (reply.after == nil || reply.after == previous)
                && (reply.occurrence == nil || reply.occurrence == seen[type])
        }
        previous = type
        guard let reply else { continue }
        for item in reply.write { output.write(item, request: request) }
        output.flush()
        if let status = reply.exit { exit(status) }
    }
    exit(0)
}

/// What a reply writes, gathered so that it goes out in as few writes as possible: standard error
/// (with the marks) before standard output, so every mark precedes its message (ADP-16).
struct ScriptOutput {
    /// Whether a mark goes to standard error before each standard output line.
    let marks: Bool
    private var standardOutput: [UInt8] = []
    private var standardError: [UInt8] = []

    init(marks: Bool) { self.marks = marks }

    /// A JSON object as one line.
    static func json(_ object: [String: Any]) -> String {
        String(
            decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(),
            as: UTF8.self)
    }

    /// Writes `item` for `request`, as many times as it says.
    mutating func write(_ item: TesteeScript.Output, request: [String: Any]) {
        for repetition in 1...max(1, item.times ?? 1) {
            if let text = item.stdout {
                line(
                    Self.expand(text, request: request, repetition: repetition, length: item.length),
                    marked: item.unmarked != true)
            }
            if let text = item.stderr {
                standardError +=
                    Self.expand(text, request: request, repetition: repetition, length: item.length) + [0x0A]
            }
            if let base64 = item.stderrBase64, let bytes = Data(base64Encoded: base64) { standardError += bytes }
            if let base64 = item.stdoutBase64, let bytes = Data(base64Encoded: base64) {
                if marks && item.unmarked != true { standardError += Array("\u{1E}wvjb-adapter-mark\n".utf8) }
                standardOutput += bytes
            }
            if standardOutput.count + standardError.count > 1 << 20 { flush() }
        }
    }

    /// Writes one standard output line, with its mark unless `marked` is false.
    mutating func line(_ text: String, marked: Bool) {
        line(Array(text.utf8), marked: marked)
    }

    /// Writes one standard output line of `bytes`, with its mark unless `marked` is false.
    mutating func line(_ bytes: [UInt8], marked: Bool) {
        if marks && marked { standardError += Array("\u{1E}wvjb-adapter-mark\n".utf8) }
        standardOutput += bytes
        standardOutput.append(0x0A)
    }

    /// Writes what was gathered: standard error, then standard output.
    mutating func flush() {
        Self.writeAll(standardError, to: STDERR_FILENO)
        Self.writeAll(standardOutput, to: STDOUT_FILENO)
        standardError.removeAll(keepingCapacity: true)
        standardOutput.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            // The harness went away: the test is over.
            guard written > 0 else { exit(0) }
            offset += written
        }
    }

    /// `text` with its placeholders replaced, as bytes (a padded line may have megabytes).
    static func expand(_ text: String, request: [String: Any], repetition: Int, length: Int?) -> [UInt8] {
        var result = text
        for field in ["seq", "navigation", "evaluation", "invocation", "callback"] where result.contains("$" + field) {
            if let value = request[field] as? Int {
                result = result.replacingOccurrences(of: "$" + field, with: "\(value)")
            }
        }
        if result.contains("$type") {
            result = result.replacingOccurrences(of: "$type", with: request["type"] as? String ?? "")
        }
        if result.contains("$fields") {
            result = result.replacingOccurrences(of: "$fields", with: request.keys.sorted().joined(separator: ","))
        }
        if result.contains("$i") { result = result.replacingOccurrences(of: "$i", with: "\(repetition)") }
        guard let length, let pad = result.range(of: "$pad") else { return Array(result.utf8) }
        let before = Array(result[..<pad.lowerBound].utf8), after = Array(result[pad.upperBound...].utf8)
        return before + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, length - before.count - after.count))
            + after
    }
}

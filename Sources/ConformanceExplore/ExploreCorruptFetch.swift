import ConformanceObligations

/// What a page's `_fetchQueue()` hands the native side once instead of its queue
/// (`ExploreOperation.corruptFetch`), with the clause it tests and the data strings of its messages.
///
/// The generator draws one whole from `all`, so attribution reads the clause a result tests and the
/// markers that tell what came of it from the datum itself, never from its text.
package struct ExploreCorruptFetch: Hashable, Sendable {
    /// What the fetch returns, or `throwsText` for a fetch that throws; a case file's `result`.
    package let result: String
    /// Whether the fetch throws instead of returning (FLUSH-2: an evaluation error).
    package let throwsError: Bool
    /// The clause the result tests; nil for a result explore does not generate (a case file's own).
    package let clause: Clause?
    /// The string data of its messages, each unique to it: an event that carries one came of it.
    package let markers: [String]

    /// `result` of the fetch that throws.
    package static let throwsText = "<the fetch throws>"

    /// What programs draw from: invalid JSON, non-arrays, non-object elements, a response nobody waits
    /// for and the like (FLUSH-2 to FLUSH-5, CB-3, MSG-4, MSG-9, ID-3), each with data strings of its own.
    /// The order is part of what a seed generates.
    package static let all: [ExploreCorruptFetch] = [
        .init(throwing: .flush2),
        .init("", Clause.flush2),
        .init("not json", Clause.flush3),
        .init("{}", Clause.flush4),
        .init("null", Clause.flush4),
        .init("42", Clause.flush4),
        .init(
            #"[1,"x",null,{"handlerName":"alpha","data":"from a mixed batch"}]"#, Clause.flush5, ["from a mixed batch"]),
        .init(
            #"[{"responseId":"no-such-callback","responseData":1},{"handlerName":"beta","data":"after an unknown response"}]"#,
            Clause.cb3, ["after an unknown response"]),
        .init(
            #"["{\"handlerName\":\"alpha\",\"data\":\"smuggled in a string\"}",{"handlerName":"gamma","data":"after a string element"}]"#,
            Clause.flush5, ["smuggled in a string", "after a string element"]),
        .init(
            #"[{"handlerName":"alpha","data":"before a trailing comma"},]"#, Clause.flush3, ["before a trailing comma"]),
        .init(#"[{handlerName:"beta",data:'JSON5'}]"#, Clause.flush3, ["JSON5"]),
        .init(#"{"handlerName":"alpha","data":"a top-level object"}"#, Clause.flush4, ["a top-level object"]),
        .init(
            #"[{"handlerName":"beta","responseId":null,"data":"a null responseId"}]"#, Clause.msg4,
            ["a null responseId"]),
        .init(
            #"[{"handlerName":"alpha","callbackId":"7","data":"an id that looks like a number"}]"#, Clause.id3,
            ["an id that looks like a number"]),
        .init(
            #"[{"data":"a call without a handler name"},{"handlerName":"beta","data":"after a nameless call"}]"#,
            Clause.miss1, ["a call without a handler name", "after a nameless call"]),
        .init(#"[{"handlerName":"alpha","data":"escapes \/ \u0041 \ud83d\ude00 \b"}]"#, Clause.msg9, ["escapes "]),
        .init(
            #""[{\"handlerName\":\"alpha\",\"data\":\"a batch inside a string\"}]""#, Clause.flush4,
            ["a batch inside a string"]),
        .init(
            #"[[{"handlerName":"alpha","data":"a batch nested in an array"}],{"handlerName":"beta","data":"after a nested array"}]"#,
            Clause.flush5, ["a batch nested in an array", "after a nested array"]),
        .init(
            #"[{"handlerName":"alpha","callbackId":"objc_cb_1","data":"a call carrying a native id"}]"#, Clause.cb1,
            ["a call carrying a native id"]),
        // Callback ids of other JSON types: answered all the same, with the id unchanged (ID-3).
        .init(
            #"[{"handlerName":"alpha","callbackId":7,"data":"a number callback id"}]"#, Clause.id3,
            ["a number callback id"]
        ),
        .init(
            #"[{"handlerName":"beta","callbackId":true,"data":"a true callback id"}]"#, Clause.id3,
            ["a true callback id"]),
        .init(
            #"[{"handlerName":"alpha","callbackId":{"id":[1]},"data":"an object callback id"}]"#, Clause.id3,
            ["an object callback id"]),
        // Calls to the empty name, and without a name, beside each other (FLUSH-7, MISS-1).
        .init(
            #"[{"handlerName":"","data":"a call to the empty name"},{"data":"a call without a name"}]"#, Clause.miss1,
            ["a call to the empty name", "a call without a name"]),
        // White space to Foundation, not to JSON, around a batch: invalid JSON (FLUSH-3).
        .init("\u{00A0}" + #"[{"handlerName":"alpha","data":"after U+00A0"}]"#, Clause.flush3, ["after U+00A0"]),
        .init(#"[{"handlerName":"beta","data":"before U+2028"}]"# + "\u{2028}", Clause.flush3, ["before U+2028"]),
        .init("\u{000B}" + #"[{"handlerName":"alpha","data":"after U+000B"}]"#, Clause.flush3, ["after U+000B"]),
    ]

    /// The datum whose result is `result` (a case file's): one of `all`, or, for a result explore does not
    /// generate, one that tests no clause explore can name and carries no markers.
    package init(result: String) {
        self =
            Self.all.first { $0.result == result }
            ?? ExploreCorruptFetch(result: result, throwsError: false, clause: nil, markers: [])
    }

    private init(result: String, throwsError: Bool, clause: Clause?, markers: [String]) {
        self.result = result
        self.throwsError = throwsError
        self.clause = clause
        self.markers = markers
    }

    /// A result the fetch returns, the clause it tests, and its messages' data strings.
    private init(_ result: String, _ clause: Clause, _ markers: [String] = []) {
        self.init(result: result, throwsError: false, clause: clause, markers: markers)
    }

    /// The fetch that throws, and the clause it tests.
    private init(throwing clause: Clause) {
        self.init(result: Self.throwsText, throwsError: true, clause: clause, markers: [])
    }
}

import Testing

@testable import ConformanceEngine
@testable import ConformanceKit

@Suite("Engine: the JavaScriptCore wrapper")
@MainActor
struct EngineTests {
    let runtime = ScriptRuntime(executionTimeLimit: 5)

    @Test("strings cross into and out of the engine code unit for code unit, NUL included")
    func stringsAreNULSafe() throws {
        let context = ScriptContext(runtime: runtime)
        defer { context.close() }
        let payload = "a\u{0}b\u{2028}c\u{1F600}\u{FEFF}'\"\\"
        let value = context.makeString(payload)
        #expect(context.string(value) == payload)
        let length = try context.evaluate("'a\\u0000b'.length")
        #expect(context.number(length) == 3)
        let echoed = try context.evaluate("(function (s) { return s; })")
        #expect(context.string(try context.call(echoed, arguments: [value])) == payload)
    }

    @Test("an exception becomes a ScriptError with message, line and source URL")
    func exceptionsAreThrown() {
        let context = ScriptContext(runtime: runtime)
        defer { context.close() }
        #expect {
            try context.evaluate("var x = 1;\nthrow new TypeError('boom');", sourceURL: "test.js")
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.message == "TypeError: boom" && error.line == 2 && error.sourceURL == "test.js"
                && !error.isTimeout
        }
        #expect(throws: ScriptError.self) { try context.evaluate("this is not javascript") }
    }

    @Test("a runaway script is stopped by the execution time limit and reported as a timeout")
    func runawayScriptTimesOut() {
        let fastRuntime = ScriptRuntime(executionTimeLimit: 0.05)
        let context = ScriptContext(runtime: fastRuntime)
        defer { context.close() }
        #expect {
            try context.evaluate("while (true) {}")
        } throws: { ($0 as? ScriptError)?.isTimeout == true }
        // The context is still usable afterwards.
        #expect((try? context.evaluate("1 + 1")).flatMap(context.number) == 2)
    }

    @Test("JSON goes in and out through the engine's own JSON functions")
    func jsonThroughTheEngine() throws {
        let context = ScriptContext(runtime: runtime)
        defer { context.close() }
        let value = try #require(context.parseJSON(#"{"b":[1,"\u2028"],"a":null}"#))
        #expect(try context.stringifyJSON(value) == #"{"b":[1,"\#u{2028}"],"a":null}"#)
        #expect(context.parseJSON("{not json") == nil)
        #expect(try context.stringifyJSON(context.undefined) == nil)
        let cyclic = try context.evaluate("var o = {}; o.self = o; o")
        #expect(throws: ScriptError.self) { try context.stringifyJSON(cyclic) }
    }

    @Test("host functions receive arguments and their thrown errors become JavaScript exceptions")
    func hostFunctions() throws {
        let context = ScriptContext(runtime: runtime)
        defer { context.close() }
        struct Refusal: Error, CustomStringConvertible { var description: String { "refused" } }
        let add = context.makeHostFunction { arguments in
            context.makeNumber((context.number(arguments[0]) ?? 0) + (context.number(arguments[1]) ?? 0))
        }
        let refuse = context.makeHostFunction { _ in throw Refusal() }
        context.setProperty("add", of: context.globalObject, to: add)
        context.setProperty("refuse", of: context.globalObject, to: refuse)
        #expect(context.number(try context.evaluate("add(2, 3)")) == 5)
        #expect(
            context.string(try context.evaluate("try { refuse(); 'no' } catch (e) { String(e) }")) == "Error: refused")
    }
}

import CJavaScriptCore

/// One JavaScript global context: a page's world. With `ScriptRuntime`, `ScriptValue` and `JSStrings`,
/// the only code that calls the JavaScriptCore C API: everything else works with `ScriptValue`s.
///
/// Every exception becomes a thrown `ScriptError`; values kept across calls are protected and released
/// when the context closes, deterministically, not at the mercy of deinitialisation order.
@MainActor
package final class ScriptContext {
    private let runtime: ScriptRuntime
    // Nonisolated so that `deinit` can release them without isolated deinit, which older Apple systems
    // lack; the context is only ever used on the main actor.
    private nonisolated(unsafe) var globalContext: JSGlobalContextRef?
    private nonisolated(unsafe) var protectedValues: [JSValueRef] = []

    /// Creates a fresh global context in the runtime's group.
    package init(runtime: ScriptRuntime) {
        self.runtime = runtime
        globalContext = JSGlobalContextCreateInGroup(runtime.group, nil)
    }

    /// The context ref; using a closed context is a harness bug.
    private var ref: JSGlobalContextRef {
        guard let globalContext else { preconditionFailure("ScriptContext used after close()") }
        return globalContext
    }

    /// The global object (`window` in a page).
    package var globalObject: ScriptValue { ScriptValue(ref: JSContextGetGlobalObject(ref)) }

    /// Releases protected values and the context. Idempotent.
    package nonisolated func close() {
        guard let globalContext else { return }
        for value in protectedValues { JSValueUnprotect(globalContext, value) }
        protectedValues = []
        JSGlobalContextRelease(globalContext)
        self.globalContext = nil
    }

    deinit { close() }

    // MARK: Running code

    /// Evaluates `script` as a program.
    /// - Parameters:
    ///   - script: The source text; any code unit, NUL included, reaches the engine unchanged.
    ///   - sourceURL: The name the engine reports in errors.
    /// - Returns: The completion value of the program.
    /// - Throws: `ScriptError` when the script throws, fails to parse, or runs past the time limit.
    @discardableResult
    package func evaluate(_ script: String, sourceURL: String? = nil) throws(ScriptError) -> ScriptValue {
        let (result, error) = runtime.perform(in: self) { exception in
            JSStrings.with(script) { source in
                JSStrings.with(optional: sourceURL) { url in JSEvaluateScript(ref, source, nil, url, 1, exception) }
            }
        }
        if let error { throw error }
        return ScriptValue(ref: result ?? JSValueMakeUndefined(ref))
    }

    /// Calls a function value.
    /// - Parameters:
    ///   - function: The function to call.
    ///   - arguments: The arguments.
    /// - Returns: The function's return value.
    /// - Throws: `ScriptError` when `function` is not callable, throws, or runs past the time limit.
    @discardableResult
    package func call(_ function: ScriptValue, arguments: [ScriptValue] = []) throws(ScriptError) -> ScriptValue {
        guard let object = JSValueToObject(ref, function.ref, nil), JSObjectIsFunction(ref, object) else {
            throw ScriptError(message: "TypeError: value is not a function")
        }
        var argumentRefs: [JSValueRef?] = arguments.map(\.ref)
        let (result, error) = runtime.perform(in: self) { exception in
            argumentRefs.withUnsafeMutableBufferPointer {
                JSObjectCallAsFunction(ref, object, nil, arguments.count, $0.baseAddress, exception)
            }
        }
        if let error { throw error }
        return ScriptValue(ref: result ?? JSValueMakeUndefined(ref))
    }

    /// Describes a thrown value: its string form, and the `line` and `sourceURL` properties JSC sets.
    /// Reading them may run the page's getters and `toString`; those calls are bounded like any other.
    func describeException(_ exception: JSValueRef) -> ScriptError {
        var line: Int?
        var sourceURL: String?
        if JSValueIsObject(ref, exception) {
            let lineValue = property("line", of: ScriptValue(ref: exception))
            if JSValueIsNumber(ref, lineValue.ref) { line = integer(lineValue) }
            let urlValue = property("sourceURL", of: ScriptValue(ref: exception))
            if isString(urlValue) { sourceURL = string(urlValue) }
        }
        return ScriptError(message: string(ScriptValue(ref: exception)), line: line, sourceURL: sourceURL)
    }

    // MARK: Values

    /// `String(value)` as JavaScript computes it; a value whose conversion throws gives a placeholder.
    /// A `toString` that runs past the time limit is stopped, and the timeout is left for
    /// `ScriptRuntime.takeTimeout()`.
    package func string(_ value: ScriptValue) -> String {
        if JSValueIsString(ref, value.ref), let jsString = JSValueToStringCopy(ref, value.ref, nil) {
            return JSStrings.take(jsString)
        }
        let (jsString, _) = runtime.perform(in: self) { JSValueToStringCopy(ref, value.ref, $0) }
        guard let jsString else { return "<unprintable value>" }
        return JSStrings.take(jsString)
    }

    /// Whether `value` is `null` or `undefined`.
    package func isNull(_ value: ScriptValue) -> Bool {
        JSValueIsNull(ref, value.ref) || JSValueIsUndefined(ref, value.ref)
    }

    /// A JavaScript string with exactly the UTF-16 code units of `string`.
    package func makeString(_ string: String) -> ScriptValue {
        ScriptValue(ref: JSStrings.with(string) { JSValueMakeString(ref, $0) })
    }

    /// A JavaScript number.
    package func makeNumber(_ number: Double) -> ScriptValue { ScriptValue(ref: JSValueMakeNumber(ref, number)) }

    /// A JavaScript boolean.
    package func makeBoolean(_ flag: Bool) -> ScriptValue { ScriptValue(ref: JSValueMakeBoolean(ref, flag)) }

    /// `undefined`.
    package var undefined: ScriptValue { ScriptValue(ref: JSValueMakeUndefined(ref)) }

    /// `null`.
    package var null: ScriptValue { ScriptValue(ref: JSValueMakeNull(ref)) }

    /// Whether `value` is `undefined`.
    package func isUndefined(_ value: ScriptValue) -> Bool { JSValueIsUndefined(ref, value.ref) }

    /// Whether `value` is a string.
    package func isString(_ value: ScriptValue) -> Bool { JSValueIsString(ref, value.ref) }

    /// `Number(value)`, or nil when the conversion throws (or runs past the time limit).
    package func number(_ value: ScriptValue) -> Double? {
        if JSValueIsNumber(ref, value.ref) { return JSValueToNumber(ref, value.ref, nil) }
        let (number, error) = runtime.perform(in: self) { JSValueToNumber(ref, value.ref, $0) }
        return error == nil ? number : nil
    }

    /// `Number(value)` truncated to an integer, or nil when it is not a finite number within `Int`'s range
    /// (a page may hand over `Infinity`, `NaN` or `1e300` anywhere a number is expected).
    package func integer(_ value: ScriptValue) -> Int? {
        guard let number = number(value)?.rounded(.towardZero), number.isFinite,
            number >= -9.2e18, number <= 9.2e18
        else { return nil }
        return Int(number)
    }

    /// `Boolean(value)`.
    package func boolean(_ value: ScriptValue) -> Bool { JSValueToBoolean(ref, value.ref) }

    /// Parses JSON text with the engine's own `JSON.parse`; nil when the text is not JSON.
    package func parseJSON(_ text: String) -> ScriptValue? {
        JSStrings.with(text) { JSValueMakeFromJSONString(ref, $0) }.map(ScriptValue.init(ref:))
    }

    /// `JSON.stringify(value)` with the engine's own serializer.
    /// - Returns: The JSON text, or nil when the value has no JSON form (`undefined`, a function).
    /// - Throws: `ScriptError` when serialization throws (a cycle, a throwing `toJSON`).
    package func stringifyJSON(_ value: ScriptValue) throws(ScriptError) -> String? {
        let (json, error) = runtime.perform(in: self) { JSValueCreateJSONString(ref, value.ref, 0, $0) }
        let text = json.map(JSStrings.take)
        if let error { throw error }
        return text
    }

    /// Reads `object[name]`; a throwing getter, or a value that is not an object, reads as `undefined`.
    /// A getter that runs past the time limit is stopped, and the timeout is left for
    /// `ScriptRuntime.takeTimeout()`.
    package func property(_ name: String, of object: ScriptValue) -> ScriptValue {
        guard JSValueIsObject(ref, object.ref), let object = JSValueToObject(ref, object.ref, nil) else {
            return undefined
        }
        let (value, error) = runtime.perform(in: self) { exception in
            JSStrings.with(name) { JSObjectGetProperty(ref, object, $0, exception) }
        }
        guard error == nil, let value else { return undefined }
        return ScriptValue(ref: value)
    }

    /// Sets `object[name] = value`; does nothing when `object` is not an object. A setter that runs past
    /// the time limit is stopped, and the timeout is left for `ScriptRuntime.takeTimeout()`.
    package func setProperty(_ name: String, of object: ScriptValue, to value: ScriptValue) {
        guard JSValueIsObject(ref, object.ref), let object = JSValueToObject(ref, object.ref, nil) else { return }
        _ = runtime.perform(in: self) { exception in
            JSStrings.with(name) {
                JSObjectSetProperty(
                    ref, object, $0, value.ref, JSPropertyAttributes(kJSPropertyAttributeNone), exception)
            }
        }
    }

    /// Whether `value` is an object (functions included).
    package func isObject(_ value: ScriptValue) -> Bool { JSValueIsObject(ref, value.ref) }

    /// A plain new object (`{}`).
    package func makeObject() -> ScriptValue { ScriptValue(ref: JSObjectMake(ref, nil, nil)) }

    /// A function object that runs `body` when JavaScript calls it. Errors `body` throws become
    /// JavaScript `Error`s thrown at the call site.
    package func makeHostFunction(_ body: @escaping ([ScriptValue]) throws -> ScriptValue?) -> ScriptValue {
        let host = Unmanaged.passRetained(HostFunction(runtime: runtime, body)).toOpaque()
        return ScriptValue(ref: JSObjectMake(ref, runtime.hostFunctionClass, host))
    }

    /// Keeps `value` alive until `close()`.
    /// - Returns: `value`, for chaining.
    @discardableResult
    package func protect(_ value: ScriptValue) -> ScriptValue {
        JSValueProtect(ref, value.ref)
        protectedValues.append(value.ref)
        return value
    }
}

import CJavaScriptCore

/// One JavaScript global context: a page's world. The only place besides `ScriptRuntime` that calls the
/// JavaScriptCore C API.
///
/// Every exception becomes a thrown `ScriptError`; values kept across calls are protected and released
/// when the context closes, deterministically, not at the mercy of deinitialisation order.
@MainActor
final class ScriptContext {
    private let runtime: ScriptRuntime
    private var globalContext: JSGlobalContextRef?
    private var protectedValues: [JSValueRef] = []

    /// Creates a fresh global context in the runtime's group.
    init(runtime: ScriptRuntime) {
        self.runtime = runtime
        globalContext = JSGlobalContextCreateInGroup(runtime.group, nil)
    }

    /// The context ref; using a closed context is a harness bug.
    var ref: JSGlobalContextRef {
        guard let globalContext else { preconditionFailure("ScriptContext used after close()") }
        return globalContext
    }

    /// The global object (`window` in a page).
    var globalObject: JSObjectRef { JSContextGetGlobalObject(ref) }

    /// Releases protected values and the context. Idempotent.
    func close() {
        guard let globalContext else { return }
        for value in protectedValues { JSValueUnprotect(globalContext, value) }
        protectedValues = []
        JSGlobalContextRelease(globalContext)
        self.globalContext = nil
    }

    isolated deinit { close() }

    // MARK: Running code

    /// Evaluates `script` as a program.
    /// - Parameters:
    ///   - script: The source text; any code unit, NUL included, reaches the engine unchanged.
    ///   - sourceURL: The name the engine reports in errors.
    /// - Returns: The completion value of the program.
    /// - Throws: `ScriptError` when the script throws, fails to parse, or runs past the time limit.
    @discardableResult
    func evaluate(_ script: String, sourceURL: String? = nil) throws(ScriptError) -> JSValueRef {
        var exception: JSValueRef?
        let result = JSStrings.with(script) { source in
            JSStrings.with(optional: sourceURL) { url in JSEvaluateScript(ref, source, nil, url, 1, &exception) }
        }
        try check(exception)
        return result ?? JSValueMakeUndefined(ref)
    }

    /// Calls a function value.
    /// - Parameters:
    ///   - function: The function to call.
    ///   - arguments: The arguments.
    /// - Returns: The function's return value.
    /// - Throws: `ScriptError` when `function` is not callable, throws, or runs past the time limit.
    @discardableResult
    func call(_ function: JSValueRef, arguments: [JSValueRef] = []) throws(ScriptError) -> JSValueRef {
        var exception: JSValueRef?
        guard let object = JSValueToObject(ref, function, &exception), JSObjectIsFunction(ref, object) else {
            throw ScriptError(message: "TypeError: value is not a function")
        }
        var argumentRefs: [JSValueRef?] = arguments
        let result = argumentRefs.withUnsafeMutableBufferPointer {
            JSObjectCallAsFunction(ref, object, nil, arguments.count, $0.baseAddress, &exception)
        }
        try check(exception)
        return result ?? JSValueMakeUndefined(ref)
    }

    private func check(_ exception: JSValueRef?) throws(ScriptError) {
        let timedOut = runtime.takeTimeoutFlag()
        guard let exception else { return }
        if timedOut { throw ScriptError(message: "execution time limit exceeded", isTimeout: true) }
        throw scriptError(from: exception)
    }

    /// Describes a thrown value: its string form, and the `line` and `sourceURL` properties JSC sets.
    func scriptError(from exception: JSValueRef) -> ScriptError {
        var line: Int?
        var sourceURL: String?
        if JSValueIsObject(ref, exception), let object = JSValueToObject(ref, exception, nil) {
            let lineValue = property("line", of: object)
            if JSValueIsNumber(ref, lineValue) { line = Int(JSValueToNumber(ref, lineValue, nil)) }
            let urlValue = property("sourceURL", of: object)
            if JSValueIsString(ref, urlValue) { sourceURL = string(urlValue) }
        }
        return ScriptError(message: string(exception), line: line, sourceURL: sourceURL)
    }

    // MARK: Values

    /// `String(value)` as JavaScript computes it; a value whose conversion throws gives a placeholder.
    func string(_ value: JSValueRef) -> String {
        guard let jsString = JSValueToStringCopy(ref, value, nil) else { return "<unprintable value>" }
        return JSStrings.take(jsString)
    }

    /// A JavaScript string with exactly the UTF-16 code units of `string`.
    func makeString(_ string: String) -> JSValueRef {
        JSStrings.with(string) { JSValueMakeString(ref, $0) }
    }

    /// A JavaScript number.
    func makeNumber(_ number: Double) -> JSValueRef { JSValueMakeNumber(ref, number) }

    /// A JavaScript boolean.
    func makeBoolean(_ flag: Bool) -> JSValueRef { JSValueMakeBoolean(ref, flag) }

    /// `undefined`.
    var undefined: JSValueRef { JSValueMakeUndefined(ref) }

    /// `null`.
    var null: JSValueRef { JSValueMakeNull(ref) }

    /// Whether `value` is `undefined`.
    func isUndefined(_ value: JSValueRef) -> Bool { JSValueIsUndefined(ref, value) }

    /// Whether `value` is a string.
    func isString(_ value: JSValueRef) -> Bool { JSValueIsString(ref, value) }

    /// `Number(value)`, or nil when the conversion throws.
    func number(_ value: JSValueRef) -> Double? {
        var exception: JSValueRef?
        let number = JSValueToNumber(ref, value, &exception)
        return exception == nil ? number : nil
    }

    /// `Boolean(value)`.
    func boolean(_ value: JSValueRef) -> Bool { JSValueToBoolean(ref, value) }

    /// Parses JSON text with the engine's own `JSON.parse`; nil when the text is not JSON.
    func parseJSON(_ text: String) -> JSValueRef? {
        JSStrings.with(text) { JSValueMakeFromJSONString(ref, $0) }
    }

    /// `JSON.stringify(value)` with the engine's own serializer.
    /// - Returns: The JSON text, or nil when the value has no JSON form (`undefined`, a function).
    /// - Throws: `ScriptError` when serialization throws (a cycle, a throwing `toJSON`).
    func stringifyJSON(_ value: JSValueRef) throws(ScriptError) -> String? {
        var exception: JSValueRef?
        let json = JSValueCreateJSONString(ref, value, 0, &exception)
        try check(exception)
        return json.map(JSStrings.take)
    }

    /// Reads `object[name]`; a throwing getter reads as `undefined`.
    func property(_ name: String, of object: JSObjectRef) -> JSValueRef {
        JSStrings.with(name) { JSObjectGetProperty(ref, object, $0, nil) } ?? undefined
    }

    /// Sets `object[name] = value`.
    func setProperty(_ name: String, of object: JSObjectRef, to value: JSValueRef) {
        JSStrings.with(name) { JSObjectSetProperty(ref, object, $0, value, JSPropertyAttributes(kJSPropertyAttributeNone), nil) }
    }

    /// A plain new object (`{}`).
    func makeObject() -> JSObjectRef { JSObjectMake(ref, nil, nil) }

    /// A function object that runs `body` when JavaScript calls it. Errors `body` throws become
    /// JavaScript `Error`s thrown at the call site.
    func makeHostFunction(_ body: @escaping ([JSValueRef]) throws -> JSValueRef?) -> JSObjectRef {
        let host = Unmanaged.passRetained(HostFunction(body)).toOpaque()
        return JSObjectMake(ref, runtime.hostFunctionClass, host)
    }

    /// Keeps `value` alive until `close()`.
    /// - Returns: `value`, for chaining.
    @discardableResult
    func protect(_ value: JSValueRef) -> JSValueRef {
        JSValueProtect(ref, value)
        protectedValues.append(value)
        return value
    }
}

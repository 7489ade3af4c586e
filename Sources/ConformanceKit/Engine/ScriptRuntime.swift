import CJavaScriptCore

/// One JavaScriptCore context group shared by every page of a run, with an execution time limit.
///
/// Contexts created in one group are cheap (a fraction of a millisecond). The runtime lives in one
/// isolation domain, the main actor, like the web views it serves.
@MainActor
final class ScriptRuntime {
    nonisolated(unsafe) let group: JSContextGroupRef
    /// The class of host functions: callable objects whose private data is a retained `HostFunction`.
    nonisolated(unsafe) let hostFunctionClass: JSClassRef
    private let watchdog: Watchdog
    /// Whether a context group was created in this process: JavaScriptCore then holds its address space.
    static private(set) var hasStarted = false

    /// Creates a context group whose scripts are stopped after `executionTimeLimit` seconds.
    /// - Parameter executionTimeLimit: Seconds of CPU time one entry into the engine may take.
    init(executionTimeLimit: Double) {
        group = JSContextGroupCreate()
        Self.hasStarted = true
        watchdog = Watchdog()
        JSContextGroupSetExecutionTimeLimit(
            group, executionTimeLimit,
            { _, context in
                Unmanaged<Watchdog>.fromOpaque(context!).takeUnretainedValue().fired = true
                return true
            },
            Unmanaged.passUnretained(watchdog).toOpaque())
        var definition = kJSClassDefinitionEmpty
        
        definition.finalize = { object in
            guard let pointer = JSObjectGetPrivate(object) else { return }
            Unmanaged<HostFunction>.fromOpaque(pointer).release()
        }
        definition.callAsFunction = { context, function, thisObject, argumentCount, arguments, exception in
            guard let context, let function, let pointer = JSObjectGetPrivate(function) else {
                return JSValueMakeUndefined(context)
            }
            let host = Unmanaged<HostFunction>.fromOpaque(pointer).takeUnretainedValue()
            let values = (0..<argumentCount).map { ScriptValue(ref: arguments![$0]!) }
            // Scripts only run on the main actor, so host functions are always called there.
            let result = MainActor.assumeIsolated { () -> EngineValue in
                do {
                    return EngineValue(try host.body(values)?.ref ?? JSValueMakeUndefined(context))
                } catch {
                    let message = JSStrings.with(String(describing: error)) { JSValueMakeString(context, $0) }
                    var messageArgument: [JSValueRef?] = [message]
                    exception?.pointee = JSObjectMakeError(context, 1, &messageArgument, nil)
                    return EngineValue(JSValueMakeUndefined(context))
                }
            }
            return result.ref
        }
        hostFunctionClass = JSClassCreate(&definition)
    }

    /// Whether the time limit stopped a script since the last call; reading it clears the flag.
    func takeTimeoutFlag() -> Bool {
        defer { watchdog.fired = false }
        return watchdog.fired
    }

    deinit {
        JSClassRelease(hostFunctionClass)
        JSContextGroupClearExecutionTimeLimit(group)
        JSContextGroupRelease(group)
    }
}

/// Set by the engine's watchdog callback when it stops a script.
private final class Watchdog {
    var fired = false
}

/// Carries an engine value out of `MainActor.assumeIsolated`, which wants a `Sendable` result; the
/// value never leaves the main actor.
private struct EngineValue: @unchecked Sendable {
    let ref: JSValueRef?
    init(_ ref: JSValueRef?) { self.ref = ref }
}

/// A Swift closure callable from JavaScript.
final class HostFunction {
    let body: ([ScriptValue]) throws -> ScriptValue?
    init(_ body: @escaping ([ScriptValue]) throws -> ScriptValue?) { self.body = body }
}

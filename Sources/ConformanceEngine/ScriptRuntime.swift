import CJavaScriptCore
import ConformanceAdapter

/// One JavaScriptCore context group shared by every page of a run, with an execution time limit.
///
/// Contexts created in one group are cheap (a fraction of a millisecond). The runtime lives in one
/// isolation domain, the main actor, like the web views it serves.
///
/// Every call into the engine goes through `perform(_:)`, which keeps the promise that no call runs for
/// ever: the engine's watchdog stops a job that runs past the limit (and the runtime notes where it was);
/// a timeout is never swallowed on the way out (a host function that made the call passes the engine's
/// termination on, so the script around it stops too); and each outermost call is published to
/// `EngineActivity`, where `EngineStallGuard` catches the one thing the watchdog cannot stop, a microtask
/// chain that never ends.
@MainActor
package final class ScriptRuntime {
    nonisolated(unsafe) let group: JSContextGroupRef
    /// The class of host functions: callable objects whose private data is a retained `HostFunction`.
    nonisolated(unsafe) let hostFunctionClass: JSClassRef
    /// Seconds of CPU time one job may take.
    package let executionTimeLimit: Double
    private let watchdog: Watchdog
    /// Calls into the engine in progress, nested ones included.
    private var depth = 0
    /// The timeout of the current outermost call, once the watchdog fired in it.
    private var timeoutInEntry: EngineTimeout?
    /// The engine's termination exception, once seen in the current outermost call: host functions throw it
    /// on, so that JavaScript cannot catch it and go on.
    private var termination: JSValueRef?
    /// The first timeout since `takeTimeout()` last ran: a call that cannot throw (a conversion) leaves it
    /// here for the harness to find.
    private var unclaimedTimeout: EngineTimeout?
    /// Whether a context group was created in this process: JavaScriptCore then holds its address space.
    static private(set) var hasStarted = false

    /// Creates a context group whose scripts are stopped after `executionTimeLimit` seconds.
    /// - Parameter executionTimeLimit: Seconds of CPU time one entry into the engine may take.
    package init(executionTimeLimit: Double) {
        group = JSContextGroupCreate()
        Self.hasStarted = true
        self.executionTimeLimit = executionTimeLimit
        watchdog = Watchdog()
        JSContextGroupSetExecutionTimeLimit(
            group, executionTimeLimit,
            { context, watchdog in
                // Called on the engine's thread with the runaway code on the stack: note where it is.
                let backtrace = context.flatMap { JSContextCreateBacktrace($0, 8) }.map(JSStrings.take) ?? ""
                Unmanaged<Watchdog>.fromOpaque(watchdog!).takeUnretainedValue().fire(backtrace: backtrace)
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
            let result = MainActor.assumeIsolated { () -> UncheckedSendable<JSValueRef?> in
                UncheckedSendable(host.call(values, context: context, exception: exception))
            }
            return result.value
        }
        hostFunctionClass = JSClassCreate(&definition)
        EngineStallGuard.start()
    }

    /// Runs one call into the engine: `body` gets the exception slot to pass to the C API.
    /// - Returns: What `body` returned, and the error the call ended with: a timeout when the watchdog
    ///   stopped a script during it (or during an enclosing call), otherwise the exception thrown, if any.
    func perform<Result>(
        in context: ScriptContext, _ body: (UnsafeMutablePointer<JSValueRef?>) -> Result
    ) -> (Result, ScriptError?) {
        depth += 1
        EngineActivity.shared.enter(executionTimeLimit: executionTimeLimit)
        var exception: JSValueRef?
        let result = body(&exception)
        if let fired = watchdog.take() {
            timeoutInEntry = timeoutInEntry ?? fired
            unclaimedTimeout = unclaimedTimeout ?? fired
            if let exception { termination = termination ?? exception }
        }
        let error: ScriptError?
        if let timeout = timeoutInEntry {
            error = ScriptError(timeout: timeout)
        } else {
            error = exception.map { context.describeException($0) }
        }
        depth -= 1
        EngineActivity.shared.exit()
        if depth == 0 {
            timeoutInEntry = nil
            termination = nil
        }
        return (result, error)
    }

    /// The termination a host function must throw on instead of returning: set once the watchdog stopped a
    /// script inside the current outermost call.
    var pendingTermination: JSValueRef? { termination }

    /// The first timeout since the last call, if any; clears it. A timeout in a call that reports errors
    /// (`evaluate`, `call`) is also returned here, so checking after each task finds every one.
    package func takeTimeout() -> EngineTimeout? {
        defer { unclaimedTimeout = nil }
        return unclaimedTimeout
    }

    deinit {
        JSClassRelease(hostFunctionClass)
        JSContextGroupClearExecutionTimeLimit(group)
        JSContextGroupRelease(group)
    }
}

/// Set by the engine's watchdog callback when it stops a script, with the engine's backtrace at that moment.
private final class Watchdog {
    private var firedWith: EngineTimeout?

    func fire(backtrace: String) {
        firedWith = EngineTimeout(backtrace: backtrace)
    }

    /// The timeout since the last call, if the watchdog fired; clears it.
    func take() -> EngineTimeout? {
        defer { firedWith = nil }
        return firedWith
    }
}

/// A Swift closure callable from JavaScript.
@MainActor
final class HostFunction {
    let body: ([ScriptValue]) throws -> ScriptValue?
    /// Weak: a function object lives until the engine collects it, which may be after its runtime is gone.
    weak var runtime: ScriptRuntime?

    init(runtime: ScriptRuntime, _ body: @escaping ([ScriptValue]) throws -> ScriptValue?) {
        self.runtime = runtime
        self.body = body
    }

    /// Runs the body for a call from JavaScript. An error it throws becomes a JavaScript `Error` thrown at the
    /// call site, except after a timeout inside it: the engine's termination is thrown on instead, which no
    /// JavaScript can catch, so the script that called the host function stops too.
    func call(_ arguments: [ScriptValue], context: JSContextRef, exception: UnsafeMutablePointer<JSValueRef?>?)
        -> JSValueRef?
    {
        let outcome: Result<ScriptValue?, any Error>
        do { outcome = .success(try body(arguments)) } catch { outcome = .failure(error) }
        if let termination = runtime?.pendingTermination {
            exception?.pointee = termination
            return JSValueMakeUndefined(context)
        }
        switch outcome {
        case .success(let value):
            return value?.ref ?? JSValueMakeUndefined(context)
        case .failure(let error):
            let message = JSStrings.with(String(describing: error)) { JSValueMakeString(context, $0) }
            var messageArgument: [JSValueRef?] = [message]
            exception?.pointee = JSObjectMakeError(context, 1, &messageArgument, nil)
            return JSValueMakeUndefined(context)
        }
    }
}

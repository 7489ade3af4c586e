import CJavaScriptCore

/// A JavaScript value of one `ScriptContext`, opaque outside the engine.
///
/// The C API stays inside `Engine/`: other layers hold `ScriptValue`s and ask the context that made
/// them to read, call or convert them. A value is only meaningful with its own context, and only while
/// that context is open (or while the context protects it).
package struct ScriptValue {
    /// The engine's reference; used only by the files of `Engine/`.
    let ref: JSValueRef
}

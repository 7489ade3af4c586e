/// Carries a value that is not `Sendable` to the main thread, where it is only ever used.
///
/// For completion handlers and closures that Swift 5 code hands the web view from any thread.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

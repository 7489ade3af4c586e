/// State a defect keeps between calls of its hooks, made fresh for every case.
final class Box<Value> {
    /// The state.
    var value: Value

    /// A box holding `value`.
    init(_ value: Value) { self.value = value }
}

/// A mechanical change to a JS side's or the native side's source that models a real mistake;
/// `MechanicalMutator` applies each operator at every site where it fits.
package enum MutationOperator: String, CaseIterable, Sendable {
    /// A statement on a line of its own is left out (a forgotten call, assignment or `delete`).
    case deleteStatement = "delete-statement"
    /// Two neighbouring statements of one block change places (an ordering slip).
    case swapStatements = "swap-statements"
    /// An `if`'s (or, in Swift, a `guard`'s) condition is negated.
    case negateCondition = "negate-condition"
    /// An `if`'s (or a `guard`'s) condition is dropped: the branch always runs (the guard always passes).
    case dropCondition = "drop-condition"
    /// An equality, relational or logical operator is replaced by its opposite or neighbour (`===`/`!==`,
    /// `<`/`<=`, `&&`/`||`).
    case replaceOperator = "replace-operator"
    /// A numeric or boolean constant is changed (`0`/`1`, `n`/`n + 1`, `true`/`false`).
    case changeConstant = "change-constant"
    /// A post-increment becomes a pre-increment (an off-by-one counter; JS only).
    case shiftIncrement = "shift-increment"
    /// A collection operation is replaced by its mirror (`push`/`unshift`, `shift`/`pop` in JS; `first`/`last`,
    /// `removeFirst`/`removeLast`, `prefix`/`suffix` in Swift).
    case replaceCollectionOperation = "replace-collection-operation"
    /// A deferred call runs at once: `setTimeout(f)` or `setTimeout(f, n)` becomes `f()` in JS, and
    /// `DispatchQueue.main.async { … }` becomes `do { … }` in Swift (a dropped asynchronous or main-queue hop).
    case dropDeferral = "drop-deferral"
}

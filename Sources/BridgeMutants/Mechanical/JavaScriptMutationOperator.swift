/// A mechanical change to a JS side's source that models a real mistake; `JavaScriptMutator` applies each
/// operator at every site where it fits.
package enum JavaScriptMutationOperator: String, CaseIterable, Sendable {
    /// A statement on a line of its own is left out (a forgotten call, assignment or `delete`).
    case deleteStatement = "delete-statement"
    /// Two neighbouring statements of one block change places (an ordering slip).
    case swapStatements = "swap-statements"
    /// An `if`'s condition is negated.
    case negateCondition = "negate-condition"
    /// An `if`'s condition is dropped: the branch always runs.
    case dropCondition = "drop-condition"
    /// An equality, relational or logical operator is replaced by its opposite or neighbour (`===`/`!==`,
    /// `<`/`<=`, `&&`/`||`).
    case replaceOperator = "replace-operator"
    /// A numeric or boolean constant is changed (`0`/`1`, `n`/`n + 1`, `true`/`false`).
    case changeConstant = "change-constant"
    /// A post-increment becomes a pre-increment (an off-by-one counter).
    case shiftIncrement = "shift-increment"
    /// A collection operation is replaced by its mirror (`push`/`unshift`, `shift`/`pop`).
    case replaceCollectionOperation = "replace-collection-operation"
    /// A deferred call (`setTimeout(f)`, `setTimeout(f, n)`) runs at once (`f()`): a dropped asynchronous hop.
    case dropDeferral = "drop-deferral"
}

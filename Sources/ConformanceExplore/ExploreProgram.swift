import ConformanceAdapter
import Foundation
import StrictJSON

/// A generated program: steps on both sides of the bridge and the schedule they run under. The same
/// program and schedule always give the same transcript.
package struct ExploreProgram: Hashable, Sendable {
    /// The steps, in order. The page starts loading before the first; the first `settle` lets it finish,
    /// so native steps before it run while the JS side is not yet injected (the startup queue).
    package var operations: [ExploreOperation]
    /// The interleaving.
    package var schedule: ExploreSchedule

    /// Creates a program.
    package init(operations: [ExploreOperation], schedule: ExploreSchedule = ExploreSchedule()) {
        self.operations = operations
        self.schedule = schedule
    }

    /// The optional adapter operations the program uses.
    package var requiredCapabilities: BridgeCapabilities {
        operations.reduce(into: []) { $0.formUnion($1.requiredCapabilities) }
    }

    /// The program as numbered lines, then its schedule.
    package var listing: String {
        let width = String(operations.count).count
        let lines = operations.enumerated().map { index, operation in
            String(repeating: " ", count: width - String(index).count) + "\(index). " + operation.line(at: index)
        }
        return (lines + [schedule.line]).joined(separator: "\n")
    }

    /// How big the program is, for shrinking: steps first, then the size of their data, then the schedule.
    package var size: (steps: Int, data: Int, schedule: Int) {
        (
            operations.count, operations.reduce(0) { $0 + ($1.data.map(Self.weight) ?? 0) },
            ExploreSchedule.lists.reduce(0) { $0 + schedule[keyPath: $1].reduce(0, +) }
        )
    }

    private static func weight(_ value: JSONValue) -> Int {
        switch value {
        case .null: 0
        case .bool(let flag): flag ? 2 : 1
        case .number(let number): number == 0 && number.sign == .plus ? 1 : 2
        case .string(let string): 1 + string.utf16.count
        case .array(let elements): elements.reduce(1) { $0 + weight($1) }
        case .object(let members): members.reduce(1) { $0 + $1.key.utf16.count + weight($1.value) }
        }
    }
}

import ConformanceAdapter
import ReferenceContainer

/// A deliberately broken container: the reference with one defect a real container port has, in its native side
/// (`ContainerDefect`) or in its JS side (one text replaced in the kit's `container-bridge.js`). Each names the
/// obligation of `spec/container.md` it breaks and the cases that must catch it citing that obligation.
package struct ContainerMutant: Sendable, Identifiable {
    /// Where the defect is.
    package enum Defect: Sendable {
        /// In the native side.
        case native(@MainActor @Sendable () -> ContainerDefect)
        /// In the JS side: `original` replaced with `replacement`.
        case javaScriptSide(original: String, replacement: String)
    }

    /// A stable id.
    package let id: String
    /// The obligation it breaks, as the catching cases must cite it.
    package let obligation: String
    /// The cases that catch it.
    package let caughtBy: [String]
    /// The defect, in words.
    package let summary: String
    /// Where the defect is and what it is.
    package let defect: Defect

    /// The adapter of the mutant's native side: the reference, with the native defect if there is one.
    @MainActor package func makeAdapter() -> any ContainerAdapter {
        switch defect {
        case .native(let make): DefectiveContainerAdapter(make())
        case .javaScriptSide: ReferenceContainerAdapter()
        }
    }

    /// The JS side the mutant's run offers: `kit` with the JS defect, `kit` itself for a native one, nil when the
    /// replaced text is no longer in `kit` (the mutant went stale).
    package func javaScriptSide(from kit: String) -> String? {
        guard case .javaScriptSide(let original, let replacement) = defect else { return kit }
        guard kit.contains(original) else { return nil }
        return kit.replacingOccurrences(of: original, with: replacement)
    }
}

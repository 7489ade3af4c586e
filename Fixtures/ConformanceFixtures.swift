import Foundation

/// The files the kit ships for use at run time: the reference JS side and the page setup snippet.
///
/// They live in the package's `Fixtures/` folder and are copied into this target's resource bundle, so
/// they are found from `swift test`, `swift run conformance` and from packages that depend on the kit.
public enum ConformanceFixtures {
    /// The folder holding the fixture files (the copy inside the resource bundle).
    public static var directory: URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }

    /// The URL of a fixture file, by its path relative to `Fixtures/` (for example `js/page-setup.js`).
    ///
    /// - Parameter relativePath: The path below `Fixtures/`, with `/` separators.
    /// - Returns: The file's URL; the file may not exist, callers read it and report a missing file.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}

/// A script the engine stopped because it ran past the execution time limit, with where it was running.
///
/// JavaScriptCore's watchdog reports no location with the exception it throws, so the runtime takes the
/// backtrace itself when the watchdog fires, while the runaway code is still on the stack. The top frame
/// says whose code it was (the JS side, a script the native side evaluated, a page of the kit's), which
/// decides who is blamed.
package struct EngineTimeout: Sendable, Equatable {
    /// One frame of the engine's backtrace: `#0 name() at source:line`.
    package struct Frame: Sendable, Equatable {
        /// The function's name as the engine gives it (`global code`, `x`, ...).
        package var function: String
        /// The source URL the frame's code was evaluated with.
        package var sourceURL: String
        /// The line in that source, when the engine knows it.
        package var line: Int?
    }

    /// The innermost frames, innermost first; empty when the engine gave none.
    package var frames: [Frame]

    /// The innermost frame: the code that was running when the watchdog fired.
    package var runawayFrame: Frame? { frames.first }

    /// Reads the text `JSContextCreateBacktrace` returns, one frame per line (`#0 x() at file.js:3`).
    /// - Parameter backtrace: The engine's text; lines of another shape are skipped.
    package init(backtrace: String) {
        frames = backtrace.split(separator: "\n").compactMap(Self.frame(from:))
    }

    /// A timeout with known frames.
    package init(frames: [Frame]) {
        self.frames = frames
    }

    private static func frame(from line: Substring) -> Frame? {
        // "#0 name() at url:line": the name may hold spaces ("global code"), the URL may hold colons.
        guard line.hasPrefix("#"), let space = line.firstIndex(of: " "),
            let at = line.range(of: "() at ", range: space..<line.endIndex)
        else { return nil }
        let function = String(line[line.index(after: space)..<at.lowerBound])
        let location = line[at.upperBound...]
        if let colon = location.lastIndex(of: ":"), let number = Int(location[location.index(after: colon)...]) {
            return Frame(function: function, sourceURL: String(location[..<colon]), line: number)
        }
        return Frame(function: function, sourceURL: String(location), line: nil)
    }
}

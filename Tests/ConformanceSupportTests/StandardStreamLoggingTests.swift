import Foundation
import Testing

@testable import ConformanceBrowser
@testable import ConformanceKit
@testable import ConformanceSupport

/// Native log lines read from the standard streams: the in-process capture, the testee's marked
/// standard error (ADP-16), and the line normalization both use.
@Suite("Native logs from standard streams")
struct StandardStreamLoggingTests {
    /// Lines a capture recorded, kept on the main actor.
    @MainActor
    final class Recorded {
        /// The lines, in the order recorded.
        var lines: [String] = []
    }

    @Test(
        "NSLog's date, process and thread prefix is removed; any other text stays as written",
        arguments: [
            (
                "2026-11-23 21:35:24.946 WVJBConformancePackageTests.xctest[3863:3d14b6c0] WVJBNoHandlerException, x",
                "WVJBNoHandlerException, x"
            ),
            (
                "2026-01-02 03:04:05.678 my bridge[12:34] WebViewJavascriptBridge: WARNING: y\r",
                "WebViewJavascriptBridge: WARNING: y"
            ),
            ("[21:35:24] WebViewJavascriptBridge: WARNING: z", "[21:35:24] WebViewJavascriptBridge: WARNING: z"),
            ("WVJB SEND: {\"data\":1}", "WVJB SEND: {\"data\":1}"),
        ])
    func normalization(line: String, expected: String) {
        #expect(CapturedLogLine.normalized(line) == expected)
    }

    @Test(
        "in process, print, NSLog and raw writes to standard error become lines in the order written, and the descriptors come back"
    )
    @MainActor
    func inProcessCapture() async throws {
        let owner = NSObject(), recorded = Recorded()
        let token = UUID().uuidString
        let capture = try #require(await StandardStreamCapture.start(for: owner) { recorded.lines.append($0) })
        print("\(token) one")
        NSLog("%@", "\(token) two")
        FileHandle.standardError.write(Data("\(token) three\n".utf8))
        debugPrint("\(token) four")
        StandardStreamCapture.drain(for: NSObject())  // another owner's drain records nothing
        #expect(recorded.lines.filter { $0.contains(token) }.isEmpty)
        StandardStreamCapture.drain(for: owner)
        #expect(
            recorded.lines.filter { $0.contains(token) } == [
                "\(token) one", "\(token) two", "\(token) three", "\"\(token) four\"",
            ])
        // More than a pipe holds between two drains: the reader thread keeps the writer from blocking.
        let long = String(repeating: "x", count: 1000)
        for index in 0..<100 { FileHandle.standardError.write(Data("\(token) \(index) \(long)\n".utf8)) }
        print("\(token) last, without a line feed", terminator: "")
        capture.stop()
        let mine = recorded.lines.filter { $0.contains(token) }
        #expect(mine.count == 4 + 100 + 1)
        // The capture holds the whole process: what another test prints next may end that line.
        #expect(mine.last?.hasPrefix("\(token) last, without a line feed") == true, "\(mine.last ?? "")")
        print("\(token) after the capture")
        fflush(nil)
        #expect(!recorded.lines.contains { $0.contains("after the capture") })
    }

    @Test("captures run one at a time: a second start waits for the first to stop")
    @MainActor
    func capturesTakeTurns() async throws {
        let first = try #require(await StandardStreamCapture.start(for: NSObject()) { _ in })
        let secondStarted = Recorded()
        let second = Task { @MainActor in
            let capture = await StandardStreamCapture.start(for: NSObject()) { _ in }
            secondStarted.lines.append("started")
            capture?.stop()
        }
        await MainQueuePump.drain()
        await MainQueuePump.drain()
        #expect(secondStarted.lines.isEmpty)
        first.stop()
        await second.value
        #expect(secondStarted.lines == ["started"])
    }

    @Test(
        "out of process, the lines before each mark belong to that message; a mark never splits a line; what follows the last mark is never a log line"
    )
    func testeeMarks() {
        let mark = AdapterWire.standardErrorMark
        let standardError = TesteeStandardError()
        for line in [
            "while making the adapter", mark, "one", "two", "half a line" + mark, " and its end", mark, mark,
            "main.swift:3: Fatal error: after the last mark",
        ] {
            standardError.append(line)
        }
        standardError.finish()
        #expect(standardError.lines(beforeMark: 1, deadline: .distantFuture)?.lines == ["while making the adapter"])
        #expect(standardError.lines(beforeMark: 2, deadline: .distantFuture)?.lines == ["one", "two"])
        #expect(standardError.lines(beforeMark: 4, deadline: .distantFuture)?.lines == ["half a line and its end"])
        #expect(standardError.lines(beforeMark: 5, deadline: .distantFuture) == nil)
        let rendered = standardError.rendered
        #expect(rendered.contains("Fatal error: after the last mark"))
        #expect(!rendered.contains("wvjb-adapter-mark"))
    }
}

import ConformanceKit
import Testing

/// The note a testee writes when it traps inside the kit's own code: read only in its exact form, and bounded and
/// printable when read, since a testee's standard error is attacker-chosen.
@Suite("The kit's note of a trap inside its own code")
struct KitFaultNoteTests {
    @Test("the exact line is read; anything else is not a note")
    func exactForm() throws {
        let note = try #require(KitFaultNote(line: "\u{1E}wvjb-kit-fault\tSimulatedWebView\tremoved a handler"))
        #expect(note.component == "SimulatedWebView" && note.action == "removed a handler")
        #expect(note.message.hasPrefix("the kit's SimulatedWebView trapped while the bridge removed a handler"))
        for line in [
            "wvjb-kit-fault\tSimulatedWebView\tremoved a handler", "\u{1E}wvjb-kit-fault\tSimulatedWebView",
            "\u{1E}wvjb-kit-fault\t\tremoved a handler", "\u{1E}wvjb-kit-fault\ta\tb\tc", "\u{1E}wvjb-kit-faults\ta\tb",
        ] {
            #expect(KitFaultNote(line: Substring(line)) == nil, "\(line.debugDescription)")
        }
    }

    @Test("a hostile note is cut and made printable")
    func hostileNote() throws {
        let component = "\u{1B}[31m" + String(repeating: "x", count: 10_000)
        let note = try #require(KitFaultNote(line: Substring("\u{1E}wvjb-kit-fault\t\(component)\t\u{7}ring\u{2028}")))
        #expect(!note.message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" })
        #expect(note.message.utf8.count < 1_000)
    }
}

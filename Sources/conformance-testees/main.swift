// Out-of-process testees for the kit's own tests and for trying `--adapter '<command>'` by hand:
// `conformance run --adapter '.build/debug/conformance-testees <mode>'`. See `usage` for the modes.
import BridgeMutants
import ConformanceKit
import Foundation
import ReferenceBridge

let usage = """
    usage: conformance-testees <mode>
      reference                 the reference bridge, served by AdapterHost (passes)
      reference-sync            the same, evaluating synchronously like UIWebView
      mutant:<id>               a native mutant of the reference (see `conformance list --adapters`)
      crash-in-native-handler   the reference, but the process dies when JS calls a native handler
      crash-on-unserializable   the reference, but sends serialize with `try!`, which traps on NaN
      hang-in-call-handler      the reference, but callHandler never returns
      wrong-done                greets correctly, then answers every request with `done` for another seq
      garbage-after-attach      greets correctly, then prints a line that is not JSON
      wrong-version             greets with protocol version 2
      silent                    never greets
    """

/// The reference adapter with one deliberate process-level failure.
@MainActor
final class MisbehavingAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout {
    enum Failure { case crashInNativeHandler, hangInCallHandler, crashOnUnserializableData }

    private let reference = ReferenceBridgeAdapter()
    private let failure: Failure

    init(_ failure: Failure) { self.failure = failure }

    func attach(to webView: SimulatedWebView) throws { try reference.attach(to: webView) }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try reference.registerHandler(name) { [failure] data, respond in
            if failure == .crashInNativeHandler { fatalError("conformance-testees: deliberate crash in native handler \(name)") }
            handler(data, respond)
        }
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        if failure == .hangInCallHandler {
            FileHandle.standardError.write(Data("conformance-testees: deliberately hanging in callHandler(\(name))\n".utf8))
            while true { sleep(60) }
        }
        if failure == .crashOnUnserializableData {
            // The serialization many ports write; Foundation refuses NaN and infinities, and `try!` traps.
            _ = try! JSONSerialization.data(withJSONObject: ["handlerName": name, "data": data ?? NSNull()])
        }
        try reference.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func removeHandler(_ name: String) throws { try reference.removeHandler(name) }
    func reset() throws { try reference.reset() }
    func disableJavscriptAlertBoxSafetyTimeout() throws { try reference.disableJavscriptAlertBoxSafetyTimeout() }
}

/// A testee that speaks the protocol by hand, badly.
func serveRaw(hello: String, answer: (String) -> String?) -> Never {
    let output = FileHandle.standardOutput
    output.write(Data((hello + "\n").utf8))
    while let line = readLine() {
        if let reply = answer(line) { output.write(Data((reply + "\n").utf8)) }
    }
    exit(0)
}

let mode = CommandLine.arguments.dropFirst().first ?? ""
let goodHello = #"{"capabilities":[],"name":"raw","protocol":1,"type":"hello"}"#
switch mode {
case "reference":
    AdapterHost.serve(name: "reference") { ReferenceBridgeAdapter(evaluationStyle: .asynchronous) }
case "reference-sync":
    AdapterHost.serve(name: "reference-sync") { ReferenceBridgeAdapter(evaluationStyle: .synchronous) }
case "crash-in-native-handler":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.crashInNativeHandler) }
case "crash-on-unserializable":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.crashOnUnserializableData) }
case "hang-in-call-handler":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.hangInCallHandler) }
case "wrong-done":
    serveRaw(hello: goodHello) { _ in #"{"seq":999,"type":"done"}"# }
case "garbage-after-attach":
    serveRaw(hello: goodHello) { _ in "attached, thanks!" }
case "wrong-version":
    serveRaw(hello: #"{"capabilities":[],"name":"future","protocol":2,"type":"hello"}"#) { _ in nil }
case "silent":
    while readLine() != nil {}
    exit(0)
case let name where name.hasPrefix("mutant:"):
    guard let mutant = MutantCatalogue.mutant(named: String(name.dropFirst("mutant:".count))) else {
        FileHandle.standardError.write(Data("conformance-testees: no mutant \(name)\n".utf8))
        exit(64)
    }
    AdapterHost.serve(name: name) { mutant.makeAdapter() }
default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}

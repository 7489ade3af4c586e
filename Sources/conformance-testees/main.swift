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
      trap:<kind>               the reference, but the first callHandler traps; <kind> is force-unwrap
                                (nil!), forced-cast (as! on a String), escaped-closure (a closure escapes
                                withoutActuallyEscaping) or index-out-of-range (an empty array's [n])
      print-logging             a small port of its own that logs with NSLog and print only (passes)
      hang-in-call-handler      the reference, but callHandler never returns
      wrong-done                greets correctly, then answers every request with `done` for another seq
      garbage-after-attach      greets correctly, then prints a line that is not JSON
      wrong-version             greets with protocol version 2
      silent                    never greets
      main-sync-port-off-main   not a testee: runs a case in process against a port that hops with
                                `Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }`,
                                with the main actor off the main thread as swift-testing on Linux has
                                it; the port traps, and the kit's note says why
    """

/// The reference adapter with one deliberate process-level failure.
@MainActor
final class MisbehavingAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout {
    enum Failure { case crashInNativeHandler, hangInCallHandler, crashOnUnserializableData, trap(Trap) }

    /// Runtime traps other than `fatalError`, each with a message of the runtime's own.
    enum Trap: String { case forceUnwrap = "force-unwrap", forcedCast = "forced-cast", escapedClosure = "escaped-closure", indexOutOfRange = "index-out-of-range" }

    private let reference = ReferenceBridgeAdapter()
    private let failure: Failure

    init(_ failure: Failure) { self.failure = failure }

    func attach(to webView: SimulatedWebView) throws { try reference.attach(to: webView) }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try reference.registerHandler(name) { [failure] data, respond in
            if case .crashInNativeHandler = failure { fatalError("conformance-testees: deliberate crash in native handler \(name)") }
            handler(data, respond)
        }
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        if case .trap(let trap) = failure { Self.spring(trap, on: name) }
        if case .hangInCallHandler = failure {
            FileHandle.standardError.write(Data("conformance-testees: deliberately hanging in callHandler(\(name))\n".utf8))
            while true { sleep(60) }
        }
        if case .crashOnUnserializableData = failure {
            // The serialization many ports write; Foundation refuses NaN and infinities, and `try!` traps.
            _ = try! JSONSerialization.data(withJSONObject: ["handlerName": name, "data": data ?? NSNull()])
        }
        try reference.callHandler(name, data: data, responseCallback: responseCallback)
    }

    func removeHandler(_ name: String) throws { try reference.removeHandler(name) }

    /// Traps the way `trap` does; the values depend on `name`, so the optimizer cannot see the trap coming.
    private static func spring(_ trap: Trap, on name: String) {
        switch trap {
        case .forceUnwrap:
            let missing: String? = name.isEmpty ? name : nil
            print(missing!)
        case .forcedCast:
            let value: Any = name
            print(value as! Int)
        case .escapedClosure:
            withoutActuallyEscaping({ print(name) }) { closure in EscapedClosures.kept.append(closure) }
        case .indexOutOfRange:
            let empty: [String] = name.isEmpty ? [name] : []
            print(empty[name.count])
        }
    }
    func reset() throws { try reference.reset() }
    func disableJavscriptAlertBoxSafetyTimeout() throws { try reference.disableJavscriptAlertBoxSafetyTimeout() }
}

/// Where a closure escapes its `withoutActuallyEscaping` block, which the runtime traps on.
enum EscapedClosures {
    /// The escaped closures.
    nonisolated(unsafe) static var kept: [() -> Void] = []
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
case "main-sync-port-off-main":
    // As swift-testing on Linux: the main thread parks in dispatchMain(), and @MainActor work runs on the
    // main queue, drained by another thread.
    Task { @MainActor in
        let result = await (try! ConformanceRunner()).run(Catalogue.case(withID: "messages.js-to-native.data-forms")!) { MainThreadSyncPortAdapter() }
        print("the port survived: \(result.verdict)")
        exit(0)
    }
    dispatchMain()
case "reference":
    AdapterHost.serve(name: "reference") { ReferenceBridgeAdapter(evaluationStyle: .asynchronous) }
case "reference-sync":
    AdapterHost.serve(name: "reference-sync") { ReferenceBridgeAdapter(evaluationStyle: .synchronous) }
case "crash-in-native-handler":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.crashInNativeHandler) }
case "crash-on-unserializable":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.crashOnUnserializableData) }
case let name where name.hasPrefix("trap:"):
    guard let trap = MisbehavingAdapter.Trap(rawValue: String(name.dropFirst("trap:".count))) else {
        FileHandle.standardError.write(Data("conformance-testees: no trap \(name)\n\(usage)\n".utf8))
        exit(64)
    }
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.trap(trap)) }
case "print-logging":
    AdapterHost.serve(name: mode) { PrintLoggingAdapter() }
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

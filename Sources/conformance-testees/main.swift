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
      mutants:<id>+<id>...      native mutants combined: the reference with each one's defect at once (a
                                port with several defects; their defects must use different hooks)
      crash-in-native-handler   the reference, but the process dies when JS calls a native handler
      crash-on-unserializable   the reference, but sends serialize with `try!`, which traps on NaN
      trap-in-kit               the reference, but its first callHandler traps inside a site of the kit's own
                                code (KitCode), as a fault of the kit would: the case is a harness-error
      trap-in-kit-in-process    not a testee: runs a case in process against trap-in-kit's bridge; the kit's
                                note of the trap goes to standard error before the runtime's report
      trap:<kind>               the reference, but the first callHandler traps; <kind> is force-unwrap
                                (nil!), forced-cast (as! on a String), escaped-closure (a closure escapes
                                withoutActuallyEscaping) or index-out-of-range (an empty array's [n])
      print-logging             a small port of its own that logs with NSLog and print only (passes)
      own-js-side:<copy>        the reference native side injecting its own copy of the JS side: one-line,
                                reformatted or wrapped (OwnJavaScriptSideAdapter; passes)
      outliving:<habit>         the reference, outliving its case: keeps-its-web-view, releases-late or
                                answers-after-the-case (OutlivingBridgeAdapter; passes)
      script-message-port       a wkwvjb port with its own glue, main-queue hops and JS side, whose deinit
                                removes its script message handlers (ScriptMessagePortAdapter; passes in
                                --profile wkwvjb)
      page-facilities           the reference in an app that logs its web view's navigation requests and
                                load events, adds the script message handler `probe` and a user script,
                                and loads, reloads or stops as messages to `probe` ask
                                (PageFacilitiesAdapter.swift; the `web-view` requests and effects)
      hang-in-call-handler      the reference, but callHandler never returns
      leaky-static              the reference, but it counts its adapters in a static and prints the
                                count at attach: state that outlives a case when one process serves
                                the run (--testee-lifetime run), and does not with --testee-lifetime case
      dies-between-cases        the reference, but the process exits when asked for a second adapter,
                                that is, between two cases of a run that keeps one process
      one-case-only             the reference, but its hello does not offer `persistent` (as a testee
                                written before ADP-17): the harness starts a process per case
      spawns-child              the reference, but it first starts a child (`sleep 300`) that inherits its
                                standard output and error, and logs `spawns-child: group <g> process <p>
                                child <c>` before its hello: the harness must end the whole group
      crash-with-child          the same child, then the crash of crash-in-native-handler: a crash,
                                though a child still holds standard output
      ignores-eof               the reference, but it ignores SIGTERM, and at end of input (or any exit)
                                it waits forever instead of exiting; logs its group like spawns-child
      huge-log-lines            the reference, but each case's adapter writes a 50 MB line to standard
                                error when it attaches (the harness keeps 64 KiB of it, ADP-18)
      floods-handler-calls      the reference, but when the harness first registers a native handler in a
                                case, the bridge calls it 40 times with 10 MB of data each (ADP-18: the
                                harness holds a bounded part of it)
      floods-without-newline    greets (offering `persistent`), then answers the first request with
                                endless bytes and no line feed (the harness stops at 16 MiB, ADP-18)
      wrong-done                greets correctly, then answers every request with `done` for another seq
      garbage-after-attach      greets correctly, then prints a line that is not JSON
      wrong-version             greets with protocol version 2
      silent                    never greets
      mute-after-hello          greets correctly, then never answers anything (a testee that hangs)
      scripted <file>           speaks the protocol as the JSON script in <file> says: the hello, and what
                                to write in answer to each request (ScriptedTestee.swift); the harness's
                                adapter-protocol tests state each misbehaviour this way
      ends-all-groups           not a testee: starts two ignores-eof testees (one kept for a run, one for
                                a case), prints `groups: <g> <g>`, ends them as the CLI does on SIGINT
                                (TesteeProcessGroups.endAll()) and exits without closing them
      main-sync-port-off-main   not a testee: runs a case in process against a port that hops with
                                `Thread.isMainThread ? work() : DispatchQueue.main.sync { work() }`,
                                with the main actor off the main thread as swift-testing on Linux has
                                it; the port traps, and the kit's note says why
    """

/// The reference adapter with one deliberate process-level failure.
@MainActor
final class MisbehavingAdapter: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout {
    enum Failure { case crashInNativeHandler, hangInCallHandler, crashOnUnserializableData, trap(Trap), trapInKit }

    /// Runtime traps other than `fatalError`, each with a message of the runtime's own.
    enum Trap: String {
        case forceUnwrap = "force-unwrap", forcedCast = "forced-cast", escapedClosure = "escaped-closure",
            indexOutOfRange = "index-out-of-range"
    }

    private let reference = ReferenceBridgeAdapter()
    private let failure: Failure

    init(_ failure: Failure) { self.failure = failure }

    func attach(to webView: SimulatedWebView) throws { try reference.attach(to: webView) }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try reference.registerHandler(name) { [failure] data, respond in
            if case .crashInNativeHandler = failure {
                fatalError("conformance-testees: deliberate crash in native handler \(name)")
            }
            handler(data, respond)
        }
    }

    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        if case .trap(let trap) = failure { Self.spring(trap, on: name) }
        if case .trapInKit = failure {
            // What a trap inside the kit's own code looks like: the kit's site, as its facade marks one.
            KitCode.run(.init("SimulatedWebView", "called a member the kit gets wrong (a test's trap)")) {
                preconditionFailure("conformance-testees: a deliberate trap inside the kit's code")
            }
        }
        if case .hangInCallHandler = failure {
            FileHandle.standardError.write(
                Data("conformance-testees: deliberately hanging in callHandler(\(name))\n".utf8))
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

/// State of `leaky-static` and `dies-between-cases` that outlives a case: a static, as an implementation
/// might keep a shared bridge, a cache or a counter.
@MainActor
enum ProcessWideState {
    /// The adapters made in this process so far.
    static var adaptersMade = 0
}

/// The reference adapter that prints how many adapters its process made, when it attaches.
@MainActor
final class LeakyStaticAdapter: ReferenceWrapper {
    let reference = ReferenceBridgeAdapter()

    init() { ProcessWideState.adaptersMade += 1 }

    func attach(to webView: SimulatedWebView) throws {
        print("leaky-static: adapter \(ProcessWideState.adaptersMade) of this process")
        try reference.attach(to: webView)
    }
}

/// Where a closure escapes its `withoutActuallyEscaping` block, which the runtime traps on.
enum EscapedClosures {
    /// The escaped closures.
    nonisolated(unsafe) static var kept: [() -> Void] = []
}

/// The reference adapter that writes a 50 MB line to standard error when it attaches.
@MainActor
final class HugeLogLineAdapter: ReferenceWrapper {
    private static let line = Data(repeating: UInt8(ascii: "y"), count: 50_000_000) + Data("\n".utf8)
    let reference = ReferenceBridgeAdapter()

    func attach(to webView: SimulatedWebView) throws {
        FileHandle.standardError.write(Self.line)
        try reference.attach(to: webView)
    }
}

/// The reference adapter whose bridge, when a native handler is first registered in a case, calls it 40 times
/// with 10 MB of data each: 400 MB of messages the harness must not hold whole.
@MainActor
final class FloodingAdapter: ReferenceWrapper {
    private static let data = String(repeating: "z", count: 10_000_000)
    let reference = ReferenceBridgeAdapter()
    private var flooded = false

    func attach(to webView: SimulatedWebView) throws { try reference.attach(to: webView) }

    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try reference.registerHandler(name, handler: handler)
        guard !flooded else { return }
        flooded = true
        for _ in 0..<40 { handler(Self.data) { _ in } }
    }
}

/// Starts `sleep 300` in the testee's process group, inheriting its standard streams (the protocol's
/// standard output among them), and logs the group, the testee and the child to standard error.
/// - Returns: The child's process identifier.
@discardableResult
func startSleepingChild(mode: String) -> pid_t {
    var child: pid_t = 0
    let words: [String] = ["/bin/sleep", "300"]
    let arguments = words.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    let noEnvironment: [UnsafeMutablePointer<CChar>?] = [nil]
    let code = posix_spawn(&child, "/bin/sleep", nil, nil, arguments, noEnvironment)
    guard code == 0 else {
        FileHandle.standardError.write(Data("conformance-testees: cannot start the child: \(code)\n".utf8))
        exit(70)
    }
    FileHandle.standardError.write(Data("\(mode): group \(getpgrp()) process \(getpid()) child \(child)\n".utf8))
    return child
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
        let result = await (try! ConformanceRunner()).run(Catalogue.case(withID: "messages.js-to-native.data-forms")!) {
            MainThreadSyncPortAdapter()
        }
        print("the port survived: \(result.verdict)")
        exit(0)
    }
    dispatchMain()
case "ends-all-groups":
    MainActor.assumeIsolated {
        let configuration = ProcessBridgeAdapter.Configuration(command: "'\(CommandLine.arguments[0])' ignores-eof")
        let testee = PersistentTestee(configuration: configuration)
        do {
            try testee.start()
            let adapter = try ProcessBridgeAdapter(configuration: configuration)
            print("groups: " + TesteeProcessGroups.live.sorted().map(String.init).joined(separator: " "))
            TesteeProcessGroups.endAll()
            // Neither is closed: only endAll ends them (the testees ignore end of input and SIGTERM).
            withExtendedLifetime(adapter) { exit(0) }
        } catch {
            print("could not start: \(error)")
            exit(70)
        }
    }
case "reference":
    AdapterHost.serve(name: "reference") { ReferenceBridgeAdapter(evaluationStyle: .asynchronous) }
case "reference-sync":
    AdapterHost.serve(name: "reference-sync") { ReferenceBridgeAdapter(evaluationStyle: .synchronous) }
case "crash-in-native-handler":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.crashInNativeHandler) }
case "trap-in-kit":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.trapInKit) }
case "trap-in-kit-in-process":
    // Not a testee: a case in process whose bridge traps inside the kit's code; the kit's note says so.
    Task { @MainActor in
        _ = await (try! ConformanceRunner()).run(Catalogue.case(withID: "messages.native-to-js.keys")!) {
            MisbehavingAdapter(.trapInKit)
        }
        exit(0)
    }
    dispatchMain()
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
case "page-facilities":
    AdapterHost.serve(name: mode) { PageFacilitiesAdapter() }
case "leaky-static":
    AdapterHost.serve(name: mode) { LeakyStaticAdapter() }
case "dies-between-cases":
    AdapterHost.serve(name: mode) {
        ProcessWideState.adaptersMade += 1
        if ProcessWideState.adaptersMade > 1 {
            FileHandle.standardError.write(Data("conformance-testees: deliberately exiting between cases\n".utf8))
            exit(3)
        }
        return ReferenceBridgeAdapter()
    }
case "one-case-only":
    AdapterHost.serve(name: mode, offeringPersistent: false) { ReferenceBridgeAdapter() }
case "hang-in-call-handler":
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.hangInCallHandler) }
case "spawns-child":
    startSleepingChild(mode: mode)
    AdapterHost.serve(name: mode) { ReferenceBridgeAdapter() }
case "crash-with-child":
    startSleepingChild(mode: mode)
    AdapterHost.serve(name: mode) { MisbehavingAdapter(.crashInNativeHandler) }
case "ignores-eof":
    signal(SIGTERM, SIG_IGN)
    // AdapterHost exits at end of input; this testee stays, as a hung one would, until SIGKILL.
    atexit { while true { pause() } }
    FileHandle.standardError.write(Data("\(mode): group \(getpgrp()) process \(getpid())\n".utf8))
    AdapterHost.serve(name: mode) { ReferenceBridgeAdapter() }
case "huge-log-lines":
    AdapterHost.serve(name: mode) { HugeLogLineAdapter() }
case "floods-handler-calls":
    AdapterHost.serve(name: mode) { FloodingAdapter() }
case "floods-without-newline":
    FileHandle.standardOutput.write(
        Data((#"{"capabilities":["persistent"],"name":"floods","protocol":1,"type":"hello"}"# + "\n").utf8))
    _ = readLine()
    let block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
    while write(STDOUT_FILENO, block, block.count) > 0 {}
    exit(0)
case "wrong-done":
    serveRaw(hello: goodHello) { _ in #"{"seq":999,"type":"done"}"# }
case "garbage-after-attach":
    serveRaw(hello: goodHello) { _ in "attached, thanks!" }
case "wrong-version":
    serveRaw(hello: #"{"capabilities":[],"name":"future","protocol":2,"type":"hello"}"#) { _ in nil }
case "scripted":
    guard CommandLine.arguments.count > 2 else {
        FileHandle.standardError.write(Data("conformance-testees: scripted needs a script file\n\(usage)\n".utf8))
        exit(64)
    }
    serveScript(at: CommandLine.arguments[2])
case "mute-after-hello":
    serveRaw(hello: goodHello) { _ in nil }
case "silent":
    while readLine() != nil {}
    exit(0)
case let name where name.hasPrefix("own-js-side:"):
    guard let copy = OwnJavaScriptSideAdapter.Copy(rawValue: String(name.dropFirst("own-js-side:".count))) else {
        FileHandle.standardError.write(Data("conformance-testees: no copy \(name)\n\(usage)\n".utf8))
        exit(64)
    }
    AdapterHost.serve(name: name) { OwnJavaScriptSideAdapter(copy: copy) }
case let name where name.hasPrefix("outliving:"):
    guard let habit = OutlivingBridgeAdapter.Habit(rawValue: String(name.dropFirst("outliving:".count))) else {
        FileHandle.standardError.write(Data("conformance-testees: no habit \(name)\n\(usage)\n".utf8))
        exit(64)
    }
    AdapterHost.serve(name: name) { OutlivingBridgeAdapter(habit: habit) }
case "script-message-port":
    AdapterHost.serve(name: mode) { ScriptMessagePortAdapter() }
case let name where name.hasPrefix("mutant:"):
    guard let mutant = MutantCatalogue.mutant(named: String(name.dropFirst("mutant:".count))) else {
        FileHandle.standardError.write(Data("conformance-testees: no mutant \(name)\n".utf8))
        exit(64)
    }
    AdapterHost.serve(name: name) { mutant.makeAdapter() }
case let name where name.hasPrefix("mutants:"):
    serveCombination(named: name)
default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}

/// Serves the port combining the native mutants `mutants:<id>+<id>...` names.
// A function, not top-level code: Swift 6.3's optimizer crashes on the closure at top level (release builds).
@MainActor
func serveCombination(named name: String) {
    let ids = name.dropFirst("mutants:".count).split(separator: "+").map(String.init)
    switch Result(catching: { () throws(MutantCatalogue.CombinationProblem) in try MutantCatalogue.combination(of: ids)
    })
    {
    case .success(let make): AdapterHost.serve(name: name, adapter: make)
    case .failure(let error):
        FileHandle.standardError.write(Data("conformance-testees: \(error)\n".utf8))
        exit(64)
    }
}

/// A testee adapter that is the reference but for what it does when it attaches.
@MainActor
protocol ReferenceWrapper: BridgeAdapter, SupportsRemoveHandler, SupportsReset, SupportsDisablingSafetyTimeout {
    /// The reference adapter every operation but `attach` goes to.
    var reference: ReferenceBridgeAdapter { get }
}

extension ReferenceWrapper {
    func registerHandler(_ name: String, handler: @escaping AdapterHandler) throws {
        try reference.registerHandler(name, handler: handler)
    }
    func callHandler(_ name: String, data: Any?, responseCallback: AdapterResponseCallback?) throws {
        try reference.callHandler(name, data: data, responseCallback: responseCallback)
    }
    func removeHandler(_ name: String) throws { try reference.removeHandler(name) }
    func reset() throws { try reference.reset() }
    func disableJavscriptAlertBoxSafetyTimeout() throws { try reference.disableJavscriptAlertBoxSafetyTimeout() }
}

import ConformanceAdapter
import Foundation

/// One testee process kept for a whole run, serving case after case (`spec/adapter-protocol.md`, ADP-17),
/// as protobuf's conformance runner keeps one testee: the adapter factory owns it, and each case's
/// `ProcessBridgeAdapter(persistent:)` borrows the process and gives it back when the case ends.
///
/// ```swift
/// let testee = PersistentTestee(configuration: .init(command: "my-bridge-adapter"))
/// let results = await runner.run(cases) { try ProcessBridgeAdapter(persistent: testee) }
/// testee.close()
/// ```
///
/// Each case gets a fresh adapter, bridge and page in the testee (it makes them after `endCase`), so a
/// conforming testee gives every case exactly what a fresh process gives it. Isolation from failures is
/// the same as with a process per case: a case whose testee crashes, times out or breaks the protocol
/// gets its verdict, the process is ended, and the next case starts a fresh one. A process found dead
/// at the start of a case (it died after the previous case ended) is replaced before the case's first
/// message, so the crash is not blamed on that case. A testee whose `hello` does not offer `persistent`
/// gets a fresh process per case, as with `ProcessBridgeAdapter(configuration:)`.
@MainActor
package final class PersistentTestee {
    /// How to start and watch the testee.
    package let configuration: ProcessBridgeAdapter.Configuration
    /// Testee processes started so far (a fresh one after each crash, timeout or protocol violation).
    package private(set) var processesStarted = 0

    /// The process serving cases, if one runs.
    private var session: TesteeSession?
    /// The number of the last case that borrowed the process; an adapter of an earlier case may no
    /// longer use it.
    private var lease = 0

    /// A testee that starts on the first case (or on `start()`).
    /// - Parameter configuration: The command and the watchdog.
    package init(configuration: ProcessBridgeAdapter.Configuration) {
        self.configuration = configuration
    }

    /// Starts the process now, if none runs, and reads its `hello`: a command that does not start as
    /// an adapter is found before the first case. The process then serves the first case.
    /// - Returns: The name the testee gave in its `hello`.
    /// - Throws: `AdapterFailure` when the command cannot start or does not greet (ADP-6, ADP-7).
    @discardableResult
    package func start() throws(AdapterFailure) -> String {
        try runningSession().name
    }

    /// Whether the testee offered `persistent` in the last `hello` it gave; nil before the first.
    package private(set) var servesManyCases: Bool?
    /// Whether the testee offered `container` (a messageHandler container, ADP-25) in the last `hello` it gave;
    /// nil before the first.
    package private(set) var servesContainer: Bool?

    /// The running process's identifier (its process group's too) and the descriptors the harness holds
    /// for it (its standard input's write end, the read ends of its standard output and error, the pipe
    /// that tells its exit); nil when none runs. For checking that `close()` leaves nothing behind.
    package var runningProcess: (processIdentifier: Int32, descriptors: [Int32])? {
        session?.processResources
    }

    /// Ends the process and its process group, if one runs, and closes every descriptor the harness holds
    /// for it. The next case, if any, starts a fresh one.
    package func close() {
        session?.close()
        session = nil
    }

    // MARK: Lending the process to a case

    /// Lends the process to a new case, starting one when none runs, the last one was ended, or it
    /// does not serve many cases and its last case used it.
    /// - Returns: The session and the case's lease.
    /// - Throws: `AdapterFailure` when a fresh process does not start or greet.
    func checkOut() throws(AdapterFailure) -> (session: TesteeSession, lease: Int) {
        if let session, session.requestsInCase > 0 {
            if !session.servesManyCases || !session.isUsable {
                discard()
            } else if session.caseIsOpen {
                // The previous case used the process and was not ended (its adapter never finished it).
                do throws(AdapterFailure) { try session.endCase() } catch { discard() }
            }
        }
        if let session, !session.isUsable { discard() }
        let session = try runningSession()
        session.beginCase()
        lease += 1
        return (session, lease)
    }

    /// A fresh process for the case holding `lease`, whose process was found dead before the case's
    /// first message (it died after the previous case ended).
    /// - Throws: `AdapterFailure` when the fresh process does not start or greet, or when `lease` is
    ///   not the current case's.
    func replacement(forLease lease: Int) throws(AdapterFailure) -> TesteeSession {
        guard lease == self.lease else { throw Self.caseIsOver }
        discard()
        let session = try runningSession()
        session.beginCase()
        return session
    }

    /// Takes the process back from the case holding `lease`: ends the case in the testee (`endCase`)
    /// unless it was ended already (`ProcessBridgeAdapter.finishBeforeJudgement()`), or ends the process
    /// when the case failed, the testee serves one case only, or it cannot end the case. A stale lease
    /// changes nothing.
    /// - Parameters:
    ///   - lease: The case's lease.
    ///   - failed: Whether the case's adapter failed (crash, timeout, protocol violation): the process
    ///     was ended and is replaced for the next case.
    func caseDidEnd(lease: Int, failed: Bool) {
        guard lease == self.lease, let session else { return }
        guard !failed, session.isUsable else { return discard() }
        guard session.servesManyCases else {
            // One case per process: the next case gets a fresh one, unless this one sent nothing.
            if session.requestsInCase > 0 { discard() }
            return
        }
        // A case that sent nothing (not applicable) leaves the testee as fresh as it was; one that was
        // ended already is not ended twice (ADP-17.a).
        do throws(AdapterFailure) { try session.endCase() } catch { discard() }
    }

    /// Whether `lease` is the current case's.
    func holds(_ lease: Int) -> Bool {
        lease == self.lease
    }

    /// The failure of an adapter whose case is over and whose lease went to another case.
    static let caseIsOver = AdapterFailure(
        kind: .protocolViolation,
        message: "the harness used the testee for a case that is over; it serves another case now (ADP-17)")

    private func runningSession() throws(AdapterFailure) -> TesteeSession {
        if let session { return session }
        processesStarted += 1
        let session = try TesteeSession(configuration: configuration)
        self.session = session
        servesManyCases = session.servesManyCases
        servesContainer = session.offersContainer
        return session
    }

    private func discard() {
        session?.close()
        session = nil
    }
}

import ArgumentParser

/// `--testee-lifetime run|case`: how long an out-of-process testee lives (`spec/adapter-protocol.md`,
/// ADP-1 and ADP-17); help and errors list the values.
enum TesteeLifetime: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// One process serves the whole run: each case gets a fresh adapter, bridge and page in it, and a
    /// crash, timeout or protocol violation ends the process, so the next case starts a fresh one. A
    /// testee that does not offer `persistent` in its `hello` gets a process per case anyway.
    case run
    /// Every case starts a fresh process: nothing the implementation keeps in statics or singletons
    /// can reach another case, at the cost of a process start per case.
    case `case`

    /// The default: one process for the run, which gives a conforming testee what a process per case
    /// gives it (ADP-17), several times faster.
    static let defaultValue = TesteeLifetime.run
}

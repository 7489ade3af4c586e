/// A page host whose page runs its own tasks (evaluations, completions, navigations, main-queue hops) on the
/// virtual clock, so that they can be delayed: the schedules of `conformance explore` and the cases that need
/// two events in one turn. `SimulatedBrowser` is one; a real web view, whose tasks run on its own clock, is not,
/// and code that needs delays asks for this protocol (`as? any TaskSchedulingPageHost`) and says why a case
/// cannot run without it, instead of setting delays a host would ignore.
@MainActor
package protocol TaskSchedulingPageHost: PageHost {
    /// Extra virtual delays for the page's own tasks; nil for none.
    var taskDelays: TaskDelays? { get set }
}

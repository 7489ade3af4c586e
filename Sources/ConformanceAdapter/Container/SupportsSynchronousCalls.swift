/// Adopted by a `ContainerAdapter` whose container answers synchronous calls: the page's
/// `prompt(JSON.stringify(body))`, intercepted by the web view's UI delegate (its text input panel) and answered
/// with the JSON text of the handler's result (MHSYNC-2). The cases of synchronous calls are not applicable to a
/// container that does not adopt it. There is nothing to implement: the handlers are those of
/// `register(handler:action:body:)`.
@MainActor
public protocol SupportsSynchronousCalls: ContainerAdapter {}

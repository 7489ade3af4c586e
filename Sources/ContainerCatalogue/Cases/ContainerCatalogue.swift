/// The cases of the messageHandler container profile (`--profile container`), in spec order.
package enum ContainerCatalogue {
    /// Every case.
    package static let all: [ContainerCase] =
        CallCases.all + FailureCases.all + EscapingCases.all + EventCases.all + SynchronousCases.all
        + JavaScriptSideCases.all
}

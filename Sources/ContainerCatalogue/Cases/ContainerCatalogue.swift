/// The cases of the messageHandler container profile (`spec/container.md`), in spec order.
public enum ContainerCatalogue {
    /// Every case.
    public static let all: [ContainerCase] =
        CallCases.all + FailureCases.all + EscapingCases.all + EventCases.all + SynchronousCases.all
        + JavaScriptSideCases.all
}

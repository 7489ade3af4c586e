import ConformanceObligations

extension WireData {
    /// What the implementation handed over, for the wire; a value that is not JSON is reported on `connection`
    /// as the MSG-3 violation it is and sent as a description.
    nonisolated static func handedOver(_ data: Any?, connection: TesteeConnection) -> WireData? {
        do {
            return try WireData(foundation: data)
        } catch {
            connection.send(
                .violation(
                    clause: Obligation.msg3f.id,
                    message: "data the implementation handed over is not a Foundation JSON value: \(error)"))
            return WireData(.string("<not JSON: \(data.map { "\(type(of: $0))" } ?? "nil")>"))
        }
    }
}

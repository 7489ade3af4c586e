import ConformanceCatalogue
import ConformanceSpec
import ConformanceSupport

/// The clauses of `spec/container.md`, read with the same rules as the WVJB spec (`ProtocolSpec`).
package enum ContainerSpec {
    /// The spec the kit ships, parsed once per process.
    /// - Throws: `HarnessError` when the file is missing from the resource bundle or defines no clauses.
    package static func bundled() throws(HarnessError) -> ProtocolSpec {
        try parsed.get()
    }

    private static let parsed = Result { () throws(HarnessError) -> ProtocolSpec in
        guard let text = ConformanceSpec.containerText else {
            throw HarnessError(
                code: .missingResource,
                message: "spec/container.md is missing from the ConformanceSpec resource bundle; rebuild the package")
        }
        let spec = ProtocolSpec(markdown: text)
        guard !spec.clauses.isEmpty else {
            throw HarnessError(code: .missingResource, message: "spec/container.md defines no clauses; restore it")
        }
        return spec
    }
}

import ConformanceAdapter
import ConformanceFixtures
import Foundation
import StrictJSON

/// The hostile payload corpus (`Fixtures/payloads/hostile-payloads.json`, format
/// `Fixtures/schemas/payload-corpus.schema.json`), decoded strictly: a malformed payload is an error
/// naming it, never skipped.
package struct PayloadCorpus: Sendable {
    /// The payloads, in file order.
    package let payloads: [HostilePayload]

    /// The corpus the kit ships, loaded and checked against `FixtureManifest.shipped` once per process.
    /// - Throws: `HarnessError` naming the file, and the payload and the field when it is malformed, or the
    ///   classes whose counts differ from the manifest's when it is truncated or padded.
    package static func bundled() throws(HarnessError) -> PayloadCorpus {
        try shipped.get()
    }

    /// The shipped corpus's path below `Fixtures/`.
    package static let bundledPath = "payloads/hostile-payloads.json"

    private static let shipped = Result { () throws(HarnessError) -> PayloadCorpus in
        try checked(FixtureFile(kitFile: ConformanceFixtures.url(bundledPath)))
    }

    /// Loads a kit corpus file and checks that it has as many payloads of each class as `manifest` says: a
    /// corpus that lost payloads would otherwise pass silently with fewer checks.
    /// - Parameters:
    ///   - file: The corpus file (or text standing for it).
    ///   - manifest: The expected counts.
    /// - Throws: `HarnessError` naming the file and what is wrong.
    package static func checked(_ file: FixtureFile, against manifest: FixtureManifest = .shipped) throws(HarnessError)
        -> PayloadCorpus
    {
        let corpus: PayloadCorpus
        do throws(FixtureFile.Failure) {
            corpus = PayloadCorpus(payloads: try file.decode(Document.self).payloads)
        } catch {
            throw error.harnessError
        }
        let counts = Dictionary(grouping: corpus.payloads, by: \.payloadClass.rawValue).mapValues(\.count)
        let differences = FixtureManifest.differences(found: counts, expected: manifest.corpusPayloadsByClass)
        guard differences.isEmpty else {
            throw HarnessError(
                code: .missingResource,
                message: """
                    \(file.url.path): the payload corpus has \(corpus.payloads.count) payloads where the kit expects \
                    \(manifest.corpusPayloads): \(differences.joined(separator: ", ")). \(FixtureManifest.remedy)
                    """)
        }
        return corpus
    }

    /// Loads a corpus file.
    /// - Parameter url: The corpus file.
    /// - Throws: `HarnessError` (`missingResource` when the file cannot be read, `invalidInput` when it
    ///   is malformed) naming the file, the payload (index and id) and the field.
    package static func load(from url: URL) throws(HarnessError) -> PayloadCorpus {
        do throws(FixtureFile.Failure) {
            return PayloadCorpus(payloads: try FixtureFile(kitFile: url).decode(Document.self).payloads)
        } catch {
            throw error.harnessError
        }
    }

    /// The payloads of one class.
    package func payloads(of payloadClass: HostilePayload.Class) -> [HostilePayload] {
        payloads.filter { $0.payloadClass == payloadClass }
    }

    /// The whole file: its format marker, version, description and payloads (at least one, ids unique).
    private struct Document: Decodable {
        private enum CodingKeys: String, CodingKey, CaseIterable { case format, version, description, payloads }

        var payloads: [HostilePayload] = []

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            try fields.expectConstant("wvjb-conformance-payload-corpus", forKey: .format)
            try fields.expectConstant(1, forKey: .version)
            _ = try fields.decode(String.self, forKey: .description)
            var elements = try fields.nestedUnkeyedContainer(forKey: .payloads)
            guard elements.count != 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .payloads, in: fields, debugDescription: "has no payload")
            }
            var indexByID: [String: Int] = [:]
            while !elements.isAtEnd {
                // Each payload through its own decoder, so that a duplicate id is reported at its place.
                let element = try elements.superDecoder()
                let payload = try HostilePayload(from: element)
                if let first = indexByID[payload.id] {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: element.codingPath + [HostilePayload.CodingKeys.id],
                            debugDescription:
                                "\(JSONValueDecoder.quoted(payload.id)) is already the id of payloads[\(first)]; ids must be unique"
                        ))
                }
                indexByID[payload.id] = payloads.count
                payloads.append(payload)
            }
        }
    }
}

import ConformanceFixtures
import Foundation
import StrictJSON

/// The hostile payload corpus (`Fixtures/payloads/hostile-payloads.json`, format
/// `Fixtures/schemas/payload-corpus.schema.json`), decoded strictly: a malformed payload is an error
/// naming it, never skipped.
package struct PayloadCorpus: Sendable {
    /// The payloads, in file order.
    package let payloads: [HostilePayload]

    /// The corpus the kit ships.
    /// - Throws: `HarnessError` naming the file, the payload and the field when it is missing or malformed.
    package static func bundled() throws(HarnessError) -> PayloadCorpus {
        try load(from: ConformanceFixtures.url("payloads/hostile-payloads.json"))
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
                throw DecodingError.dataCorruptedError(forKey: .payloads, in: fields, debugDescription: "has no payload")
            }
            var indexByID: [String: Int] = [:]
            while !elements.isAtEnd {
                // Each payload through its own decoder, so that a duplicate id is reported at its place.
                let element = try elements.superDecoder()
                let payload = try HostilePayload(from: element)
                if let first = indexByID[payload.id] {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: element.codingPath + [HostilePayload.CodingKeys.id],
                        debugDescription: "\(JSONValueDecoder.quoted(payload.id)) is already the id of payloads[\(first)]; ids must be unique"))
                }
                indexByID[payload.id] = payloads.count
                payloads.append(payload)
            }
        }
    }
}

import Foundation
import ReferenceBridgeCore
import Testing

@Suite("Bridge URL classification")
struct BridgeURLKindTests {
    @Test(
        "URLs are classified by scheme and host only",
        arguments: [
            ("https://__bridge_loaded__", BridgeURLKind.bridgeLoaded),
            ("https://__wvjb_queue_message__", .queueMessage),
            ("https://__wvjb_queue_message__/", .queueMessage),
            ("HTTPS://__BRIDGE_LOADED__", .bridgeLoaded),
            ("https://__Wvjb_Queue_Message__", .queueMessage),
            ("wvjbscheme://__BRIDGE_LOADED__", .bridgeLoaded),
            ("wvjbscheme://__WVJB_QUEUE_MESSAGE__/", .queueMessage),
            ("WVJBScheme://__wvjb_queue_message__", .queueMessage),
            ("https://__bridge_loaded__:8443/some/path?q=1#frag", .bridgeLoaded),
            ("https://__wvjb_queue_message__:80/x", .queueMessage),
            ("http://__bridge_loaded__", .notBridge),
            ("http://__wvjb_queue_message__", .notBridge),
            ("https://example.com/__bridge_loaded__", .notBridge),
            ("https://example.com/?__wvjb_queue_message__", .notBridge),
            ("https://__bridge_loaded__.example.com", .notBridge),
            ("ftp://__bridge_loaded__", .notBridge),
            ("about:blank", .notBridge),
        ])
    func classify(url: String, expected: BridgeURLKind) throws {
        let parsed = try #require(URL(string: url))
        #expect(BridgeURLKind(parsed) == expected)
    }

    @Test("nil is not a bridge URL")
    func nilURL() {
        #expect(BridgeURLKind(nil) == .notBridge)
    }
}

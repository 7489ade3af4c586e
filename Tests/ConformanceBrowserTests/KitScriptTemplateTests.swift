import Foundation
import Testing
import WireDialects

@testable import ConformanceBrowser
@testable import ConformanceSupport

/// The kit's JS side and page setup snippet are written once (`Fixtures/js/templates/`): the shipped dialects'
/// files are the templates rendered, byte for byte, so that a dialect given as a file runs the same code.
@Suite("Kit script templates: the shipped scripts are the templates rendered")
struct KitScriptTemplateTests {
    /// The package's `Fixtures` folder in the source tree, which the rewrite switch writes to.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures").standardizedFileURL
    /// Set to rewrite the shipped files from the templates after changing a template.
    static let rewriteCommand = "CONFORMANCE_RECORD_KIT_SCRIPTS=1 swift test --filter KitScriptTemplateTests"

    @Test(
        "each shipped dialect's JS side and page setup snippet is its template rendered",
        arguments: WireDialect.shipped)
    func shippedFilesAreRendered(dialect: WireDialect) throws {
        for path in [HarnessSelfCheck.javaScriptSidePath, HarnessSelfCheck.pageSetupPath] {
            let file = Self.fixtures.appendingPathComponent(HarnessEnvironment.ownScriptPath(path, in: dialect) ?? path)
            let rendered = try KitScriptTemplate(of: path).render(in: dialect)
            if ProcessInfo.processInfo.environment["CONFORMANCE_RECORD_KIT_SCRIPTS"] == "1" {
                try rendered.write(to: file, atomically: true, encoding: .utf8)
            }
            let shipped = try String(contentsOf: file, encoding: .utf8)
            #expect(
                shipped == rendered,
                "\(file.lastPathComponent) is not its template rendered; edit the template, then \(Self.rewriteCommand)"
            )
        }
    }

    @Test("a template that is damaged is the kit's fault, named as such")
    func damagedTemplate() throws {
        let dialect = WireDialect.canonical
        for (text, problem) in [
            ("a {{nowhere}} mark", "an unknown mark"), ("{{#wings}}\nx\n{{/wings}}", "unknown feature wings"),
            ("{{#safety}}\nx", "{{#safety}} is never closed"), ("x\n{{/safety}}", "{{/safety}} closes nothing open"),
        ] {
            #expect {
                try KitScriptTemplate(path: "js/templates/test.js", text: text).render(in: dialect)
            } throws: { error in
                let message = (error as? HarnessError)?.message ?? ""
                return message.contains(problem) && message.contains("the kit's fault")
            }
        }
    }

    @Test("features choose lines: a navigation dialect without a safety timeout gets no switch and an iframe")
    func featuresChooseLines() throws {
        let dialect = WireDialect(
            name: "plain-navigation", javaScriptGlobal: "PlainBridge", registerHandlerFunction: "register",
            callHandlerFunction: "call", deliveryFunction: "_deliver", fetchFunction: "_take",
            pageSetupFunction: "withPlainBridge", waitingCallbacksGlobal: "PlainWaiting",
            loadSignal: .navigation(NavigationSignal(schemes: ["plain"], host: "inject")),
            queueSignal: .navigation(NavigationSignal(schemes: ["plain"], host: "flush")),
            keys: MessageKeys(handlerName: "n", data: "d", callbackID: "c", responseID: "r", responseData: "rd"),
            callbackIDs: CallbackIDForms(nativePrefix: "host_", javaScriptPrefix: "page_"),
            disableSafetyTimeoutHandler: nil, nativeSideWord: "Host")
        let side = try KitScriptTemplate(of: HarnessSelfCheck.javaScriptSidePath).render(in: dialect)
        #expect(side.contains("var QUEUE_MESSAGE_URL = \"plain://flush\";"))
        #expect(!side.contains("dispatchMessagesWithTimeoutSafety"))
        #expect(!side.contains("{{") && !side.contains("webkit"))
        let snippet = try KitScriptTemplate(of: HarnessSelfCheck.pageSetupPath).render(in: dialect)
        #expect(snippet.contains("WVJBIframe.src = \"plain://inject\";"))
        #expect(snippet.contains("function withPlainBridge(callback)"))
    }
}

import ConformanceFixtures
import ConformanceSupport
import Foundation
import WireDialects

/// One of the kit's scripts written once for every dialect (`Fixtures/js/templates/`), and rendered into one:
/// how the kit has its JS side and page setup snippet in a dialect no file of its own is written for, whatever
/// its words, signals and features. The shipped dialects' files are this template rendered (a test holds them
/// to it byte for byte), so every dialect runs the same code.
///
/// The template is the script with two kinds of mark, nothing else:
/// - `{{name}}` stands for one of the dialect's words or URLs (`{{javaScriptGlobal}}`, `{{keys.callbackID}}`,
///   `{{queueURL}}`);
/// - a line holding only `{{#feature}}` or `{{^feature}}` opens lines kept only when the dialect has the
///   feature, or lacks it, up to the line `{{/feature}}` (`safety`, `queueByNavigation`, `loadByNavigation`,
///   `readyObject`).
package struct KitScriptTemplate {
    /// The template's path below `Fixtures/`.
    package let path: String
    private let text: String

    /// The template the kit renders the script at `scriptPath` (a path of the canonical dialect's files,
    /// `HarnessSelfCheck.javaScriptSidePath` or `.pageSetupPath`) from.
    /// - Throws: `HarnessError` when the template cannot be read.
    package init(of scriptPath: String) throws(HarnessError) {
        path = "js/templates/" + (scriptPath == HarnessSelfCheck.javaScriptSidePath ? "bridge.js" : "page-setup.js")
        text = try HarnessEnvironment.read(ConformanceFixtures.url(path))
    }

    /// A template of the given text, for tests of the rendering itself.
    init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The script in `dialect`: features chosen and words written in.
    /// - Throws: `HarnessError` (`missingResource`) when the template is damaged: an unknown mark or feature, or
    ///   a feature left open; the kit's fault, named as such.
    package func render(in dialect: WireDialect) throws(HarnessError) -> String {
        let words = Self.words(of: dialect)
        let features = Self.features(of: dialect)
        var output: [Substring] = []
        // Each open feature and whether its lines are kept.
        var open: [(feature: String, keeps: Bool)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let (mark, feature) = Self.sectionMark(line) {
                switch mark {
                case "#", "^":
                    guard let has = features[feature] else { throw damaged("unknown feature \(feature)") }
                    open.append((feature, has == (mark == "#")))
                default:
                    guard open.last?.feature == feature else { throw damaged("{{/\(feature)}} closes nothing open") }
                    open.removeLast()
                }
                continue
            }
            guard open.allSatisfy(\.keeps) else { continue }
            output.append(line)
        }
        if let unclosed = open.last { throw damaged("{{#\(unclosed.feature)}} is never closed") }
        var rendered = output.joined(separator: "\n")
        while let start = rendered.range(of: "{{") {
            guard let end = rendered.range(of: "}}", range: start.upperBound..<rendered.endIndex),
                let word = words[String(rendered[start.upperBound..<end.lowerBound])]
            else { throw damaged("an unknown mark at \(rendered[start.lowerBound...].prefix(40))") }
            rendered.replaceSubrange(start.lowerBound..<end.upperBound, with: word)
        }
        return rendered
    }

    private func damaged(_ problem: String) -> HarnessError {
        HarnessError(
            code: .missingResource,
            message:
                "the kit's template Fixtures/\(path) is damaged (\(problem)); this is the kit's fault: reinstall or rebuild the package"
        )
    }

    /// `("#", "safety")` for a line holding only `{{#safety}}`, and so for `^` and `/`; nil for any other line.
    private static func sectionMark(_ line: Substring) -> (mark: Character, feature: String)? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), trimmed.count > 5 else { return nil }
        let inner = trimmed.dropFirst(2).dropLast(2)
        guard let mark = inner.first, "#^/".contains(mark) else { return nil }
        return (mark, String(inner.dropFirst()))
    }

    /// Whether the dialect has each feature a template may choose lines by.
    private static func features(of dialect: WireDialect) -> [String: Bool] {
        [
            "safety": dialect.disableSafetyTimeoutHandler != nil,
            "queueByNavigation": dialect.queueSignal.navigation != nil,
            "loadByNavigation": dialect.loadSignal.navigation != nil,
            "readyObject": dialect.pageSetupShape != .waitingCallbacks,
        ]
    }

    /// The text of each word mark in `dialect`; the marks of a feature the dialect lacks are absent.
    private static func words(of dialect: WireDialect) -> [String: String] {
        var words = [
            "dialectName": dialect.name, "javaScriptGlobal": dialect.javaScriptGlobal,
            "registerHandlerFunction": dialect.registerHandlerFunction,
            "callHandlerFunction": dialect.callHandlerFunction, "deliveryFunction": dialect.deliveryFunction,
            "fetchFunction": dialect.fetchFunction, "pageSetupFunction": dialect.pageSetupFunction,
            "pageSetupCall": dialect.pageSetupCall,
            "waitingCallbacksGlobal": dialect.waitingCallbacksGlobal,
            "javaScriptPrefix": dialect.callbackIDs.javaScriptPrefix, "nativeSideWord": dialect.nativeSideWord,
            "keys.handlerName": dialect.keys.handlerName, "keys.data": dialect.keys.data,
            "keys.callbackID": dialect.keys.callbackID, "keys.responseID": dialect.keys.responseID,
            "keys.responseData": dialect.keys.responseData,
        ]
        words["safetySwitch"] = dialect.disableSafetyTimeoutHandler
        words["initializeFunction"] = dialect.pageSetupShape.initializeFunction
        for (name, signal) in [("load", dialect.loadSignal), ("queue", dialect.queueSignal)] {
            switch signal {
            case .navigation(let navigation): words[name + "URL"] = navigation.url
            case .scriptMessage(let handlerName): words[name + "ScriptMessage"] = handlerName
            }
        }
        return words
    }
}

// The reference bridge served out of process, and nothing else: `reference-testee [<dialect>] [sync]`, the
// canonical dialect unless `wkwvjb` is given, evaluating as WKWebView does unless `sync` asks for UIWebView's
// synchronous evaluation. It depends on ReferenceBridge and ConformanceAdapter only, so a change to the
// reference rebuilds two small modules and this file: the mechanical mutation study of the native side
// (`NativeMutantWorkspace`) builds it once per mutant from a mutated copy of the package.
import ConformanceAdapter
import Foundation
import ReferenceBridge
import WireDialects

var arguments = Array(CommandLine.arguments.dropFirst())
let style: ReferenceBridge.EvaluationStyle = arguments.last == "sync" ? .synchronous : .asynchronous
if style == .synchronous { arguments.removeLast() }
guard arguments.count <= 1,
    let dialect = WireDialect.shipped.first(where: { $0.name == arguments.first ?? WireDialect.canonical.name })
else {
    FileHandle.standardError.write(Data("usage: reference-testee [canonical|wkwvjb] [sync]\n".utf8))
    exit(64)
}
AdapterHost.serve(name: "reference") { ReferenceBridgeAdapter(evaluationStyle: style, dialect: dialect) }

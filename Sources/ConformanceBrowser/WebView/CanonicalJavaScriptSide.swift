import ConformanceFixtures
import Foundation

/// The kit's canonical JS side, `Fixtures/js/WebViewJavascriptBridge.js`, as a file: for a bridge that loads
/// its JS side from a bundle or a file instead of taking it as a string.
///
/// A case's web view holds the JS side of the run in `SimulatedWebView.bridgeJavaScriptSource`: this file's
/// text, unless the run was given another JS side (`--js-side`, `javaScriptSide:`). Hand a bridge that text
/// when it can take one; point it at this file only when it insists on a file, and only in process (an
/// adapter executable links `ConformanceAdapter`, which ships no files).
public enum CanonicalJavaScriptSide {
    /// The file's URL in the kit's resource bundle; read it, never write it.
    public static var fileURL: URL {
        ConformanceFixtures.url(HarnessSelfCheck.javaScriptSidePath)
    }
}

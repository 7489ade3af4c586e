import ConformanceAdapter
import StrictJSON

extension CaseContext {
    /// One thing a native handler or callback registered by a case does while it runs: what re-entrant
    /// code does to the bridge that is calling it, in the order the case lists.
    package enum InsideStep: Hashable, Sendable {
        /// Answers with the data the handler got (handlers only).
        case echo
        /// Answers with a fixed value (handlers only; nil answers nil).
        case answer(JSONValue?)
        /// Registers the native handler `name`, answering with the data it gets.
        case register(String)
        /// Removes the native handler `name`.
        case remove(String)
        /// Calls the JS handler `name`, with a response callback labelled `callback` when there is one.
        case call(String, data: JSONValue?, callback: String?)
        /// Resets the bridge.
        case reset
        /// Disables the JS side's alert safety timeout.
        case disableSafetyTimeout
    }

    /// Runs `steps` inside a handler (which answers through `respond`) or a callback (`respond` nil).
    /// An adapter that throws stops the case at the next `runUntilIdle`, as an adapter error of that step.
    func runInside(_ steps: [InsideStep], data: Any?, respond: AdapterResponseCallback?) {
        for step in steps {
            do {
                switch step {
                case .echo: respond?(data)
                case .answer(let value): respond?(inRunWords(value)?.foundationValue)
                case .register(let name): try registerHandler(name, answer: .echo)
                case .remove(let name): try removeHandler(name)
                case let .call(name, data, callback): try callHandler(name, data: data, callback: callback)
                case .reset: try reset()
                case .disableSafetyTimeout: try disableSafetyTimeout()
                }
            } catch let stop as CaseStop {
                stopInside(stop)
                return
            } catch {
                stopInside(.adapter(stage: "a step inside a handler", error: "\(error)"))
                return
            }
        }
    }
}

/// Ends the page's loop when a step inside a handler failed; the case reports the step's own `CaseStop`.
struct InsideStepFailure: Error, Sendable, CustomStringConvertible {
    var description: String
}

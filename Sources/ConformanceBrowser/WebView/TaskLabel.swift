/// What a task of the virtual event loop is, for the leftovers report. Described only when reported:
/// a page schedules thousands of tasks and reports almost none.
package enum TaskLabel: CustomStringConvertible {
    /// A native evaluation, by its id.
    case evaluation(Int)
    /// The completion handler call of a native evaluation, by the evaluation's id.
    case completion(ofEvaluation: Int)
    /// The navigation delegate's turn to decide a navigation request.
    case navigation(Int, url: String)
    /// The commit of a main-frame load.
    case load(url: String)
    /// The end of a main-frame load (`didFinish` or `didFail`).
    case loadEnd(url: String)
    /// The delivery of a message the page posted to a script message handler.
    case scriptMessage(name: String)
    /// A page timer.
    case timer(page: Int, id: Int)

    package var description: String {
        switch self {
        case .evaluation(let id): "evaluation \(id)"
        case .completion(let id): "completion of evaluation \(id)"
        case let .navigation(id, url): "navigation \(id) to \(url)"
        case .load(let url): "load of \(url)"
        case .loadEnd(let url): "end of the load of \(url)"
        case .scriptMessage(let name): "script message to \(name)"
        case let .timer(page, id): "page\(page) timer \(id)"
        }
    }
}

/// What a cross-link or an internal Markdown link points at, once resolved.
public enum LinkTarget: Sendable, Hashable {
    case part(String)
    case chapter(String, anchor: String?)
    case rule(String)
    case term(String)
    case external(String)

    /// The chapter the target lives in, for backlinks.
    var chapterID: String? {
        switch self {
        case .chapter(let id, _): id
        case .rule(let ruleID): RuleID(ruleID)?.chapter.description
        default: nil
        }
    }
}

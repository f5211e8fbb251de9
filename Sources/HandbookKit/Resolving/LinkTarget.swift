/// What a cross-link or an internal Markdown link points at, once resolved: typed ids, made
/// from the text of the link once (`LinkResolver`), which the outputs read without splitting
/// it again.
public enum LinkTarget: Sendable, Hashable {
    case part(PartID)
    case chapter(ChapterID, anchor: AnchorID?)
    case rule(RuleID)
    /// A glossary term, by its id.
    case term(String)
    case external(String)

    /// The chapter the target lives in, for backlinks.
    var chapterID: ChapterID? {
        switch self {
        case .chapter(let id, _): id
        case .rule(let id): id.chapter
        default: nil
        }
    }
}

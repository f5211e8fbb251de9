/// Lookup tables over a loaded handbook: rules by id, anchors by chapter, titles for link text.
public struct HandbookIndex: Sendable {
    public let handbook: Handbook
    /// Per language, in `Language.allCases` order (asked for every link of every page). A rule
    /// is found by its chapter's position and its block's, not kept as a copy.
    private var chapterLists: [[Chapter]] = []
    private var chaptersByID: [[String: Int]] = []
    private var rulesByID: [[String: (chapter: Int, rule: Int)]] = []

    private static func slot(_ language: Language) -> Int { language == .zhHans ? 0 : 1 }

    public init(_ handbook: Handbook) {
        self.handbook = handbook
        for language in Language.allCases {
            let list = handbook.chapters(in: language)
            var chapters: [String: Int] = [:]
            var rules: [String: (Int, Int)] = [:]
            for (position, chapter) in list.enumerated() {
                chapters[chapter.id] = position
                for (block, content) in chapter.content.enumerated() {
                    if case .rule(let rule) = content { rules[chapter.ruleID(rule.localID)] = (position, block) }
                }
            }
            chapterLists.append(list)
            chaptersByID.append(chapters)
            rulesByID.append(rules)
        }
    }

    public func chapter(_ id: String, in language: Language) -> Chapter? {
        chaptersByID[Self.slot(language)][id].map { chapterLists[Self.slot(language)][$0] }
    }

    public func rule(_ id: String, in language: Language) -> (chapter: Chapter, rule: Rule)? {
        guard let (position, block) = rulesByID[Self.slot(language)][id] else { return nil }
        let chapter = chapterLists[Self.slot(language)][position]
        guard case .rule(let rule) = chapter.content[block] else { return nil }
        return (chapter, rule)
    }

    public func ruleIDs(in language: Language) -> [String] {
        rulesByID[Self.slot(language)].keys.sorted()
    }

    public func chapterIDs(in language: Language) -> [String] {
        chaptersByID[Self.slot(language)].keys.sorted()
    }

    /// The title a link to `target` shows when the author gave no text.
    public func title(of target: LinkTarget, in language: Language) -> String {
        switch target {
        case .part(let id):
            return handbook.part(id, in: language)?.title ?? id
        case .chapter(let id, let anchor):
            guard let chapter = chapter(id, in: language) else { return id }
            guard let anchor else { return chapter.title }
            if let section = chapter.sections.first(where: { $0.anchor == anchor }) { return section.titleText }
            if let rule = chapter.rules.first(where: { $0.localID == anchor }) { return rule.title }
            return chapter.title
        case .rule(let id):
            return rule(id, in: language)?.rule.title ?? id
        case .term(let id):
            return handbook.glossary.entry(id)?.term(in: language) ?? id
        case .external(let url):
            return url
        }
    }
}

/// Lookup tables over a loaded handbook: rules by id, anchors by chapter, titles for link text.
public struct HandbookIndex: Sendable {
    public let handbook: Handbook
    private var chaptersByID: [Language: [String: Chapter]] = [:]
    private var rulesByID: [Language: [String: (chapter: Chapter, rule: Rule)]] = [:]

    public init(_ handbook: Handbook) {
        self.handbook = handbook
        for language in Language.allCases {
            var chapters: [String: Chapter] = [:]
            var rules: [String: (Chapter, Rule)] = [:]
            for chapter in handbook.chapters(in: language) {
                chapters[chapter.id] = chapter
                for rule in chapter.rules { rules[chapter.ruleID(rule.localID)] = (chapter, rule) }
            }
            chaptersByID[language] = chapters
            rulesByID[language] = rules
        }
    }

    public func chapter(_ id: String, in language: Language) -> Chapter? {
        chaptersByID[language]?[id]
    }

    public func rule(_ id: String, in language: Language) -> (chapter: Chapter, rule: Rule)? {
        rulesByID[language]?[id]
    }

    public func ruleIDs(in language: Language) -> [String] {
        (rulesByID[language] ?? [:]).keys.sorted()
    }

    public func chapterIDs(in language: Language) -> [String] {
        (chaptersByID[language] ?? [:]).keys.sorted()
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

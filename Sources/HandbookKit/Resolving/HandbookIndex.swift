/// Lookup tables over a loaded handbook: rules by id, anchors by chapter, titles for link text.
///
/// A class: every renderer, resolver and builder keeps one, and closures that capture them
/// (a link renderer per page, a plain-text renderer per rule) copy one reference, not the
/// handbook and six tables.
public final class HandbookIndex: Sendable {
    public let handbook: Handbook
    /// Per language, in `Language.allCases` order (asked for every link of every page). A rule
    /// is found by its chapter's position and its block's, not kept as a copy.
    private let chapterLists: [[Chapter]]
    private let chaptersByID: [[String: Int]]
    private let rulesByID: [[String: (chapter: Int, rule: Int)]]

    private static func slot(_ language: Language) -> Int { language == .zhHans ? 0 : 1 }

    public convenience init(_ handbook: Handbook) {
        self.init(handbook, tables: Language.allCases.map { Self.tables(handbook.chapters(in: $0)) })
    }

    /// The same index, with each language's tables made on its own core.
    static func make(_ handbook: Handbook) async -> HandbookIndex {
        HandbookIndex(handbook, tables: await ParallelMap.map(Language.allCases, runLength: 1) {
            tables(handbook.chapters(in: $0))
        })
    }

    private struct Tables: Sendable {
        var list: [Chapter]
        var chapters: [String: Int]
        var rules: [String: (chapter: Int, rule: Int)]
    }

    private init(_ handbook: Handbook, tables: [Tables]) {
        self.handbook = handbook
        chapterLists = tables.map(\.list)
        chaptersByID = tables.map(\.chapters)
        rulesByID = tables.map(\.rules)
    }

    private static func tables(_ list: [Chapter]) -> Tables {
        var chapters: [String: Int] = [:]
        chapters.reserveCapacity(list.count)
        var rules: [String: (chapter: Int, rule: Int)] = [:]
        for (position, chapter) in list.enumerated() {
            chapters[chapter.id] = position
            for (rule, block) in zip(chapter.rules, chapter.ruleBlocks) {
                rules[chapter.ruleID(rule.localID)] = (position, block)
            }
        }
        return Tables(list: list, chapters: chapters, rules: rules)
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

    /// Whether a rule has this id, without copying the rule.
    public func containsRule(_ id: String, in language: Language) -> Bool {
        rulesByID[Self.slot(language)][id] != nil
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
            return handbook.glossary.term(id, in: language) ?? id
        case .external(let url):
            return url
        }
    }
}

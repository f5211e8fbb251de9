/// Lookup tables over a loaded handbook: rules by id, anchors by chapter, titles for link text.
///
/// A class: every renderer, resolver and builder keeps one, and closures that capture them
/// (a link renderer per page, a plain-text renderer per rule) copy one reference, not the
/// handbook and six tables.
public final class HandbookIndex: Sendable {
    public let handbook: Handbook
    /// Per language (asked for every link of every page). A rule is found by its chapter's
    /// position and its block's, not kept as a copy. One stored table per language, not an
    /// array of them: a table read out of an array is retained and released around every
    /// lookup, and the two cores doing so contend for its reference count.
    private let zhChapterList: [Chapter], enChapterList: [Chapter]
    private let zhChaptersByID: [String: Int], enChaptersByID: [String: Int]
    private let zhRulesByID: [String: (chapter: Int, rule: Int)], enRulesByID: [String: (chapter: Int, rule: Int)]

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
        // `tables` is in `Language.allCases` order.
        precondition(Language.allCases == [.zhHans, .en] && tables.count == 2)
        (zhChapterList, enChapterList) = (tables[0].list, tables[1].list)
        (zhChaptersByID, enChaptersByID) = (tables[0].chapters, tables[1].chapters)
        (zhRulesByID, enRulesByID) = (tables[0].rules, tables[1].rules)
    }

    private static func tables(_ list: [Chapter]) -> Tables {
        var chapters: [String: Int] = [:]
        chapters.reserveCapacity(list.count)
        var rules: [String: (chapter: Int, rule: Int)] = [:]
        rules.reserveCapacity(list.reduce(0) { $0 + $1.rules.count })
        for (position, chapter) in list.enumerated() {
            chapters[chapter.id] = position
            for (rule, block) in zip(chapter.rules, chapter.ruleBlocks) {
                rules[chapter.ruleID(rule.localID)] = (position, block)
            }
        }
        return Tables(list: list, chapters: chapters, rules: rules)
    }

    public func chapter(_ id: String, in language: Language) -> Chapter? {
        if language == .zhHans {
            return zhChaptersByID[id].map { zhChapterList[$0] }
        }
        return enChaptersByID[id].map { enChapterList[$0] }
    }

    public func rule(_ id: String, in language: Language) -> (chapter: Chapter, rule: Rule)? {
        let found = language == .zhHans ? zhRulesByID[id] : enRulesByID[id]
        guard let (position, block) = found else { return nil }
        let chapter = language == .zhHans ? zhChapterList[position] : enChapterList[position]
        guard case .rule(let rule) = chapter.content[block] else { return nil }
        return (chapter, rule)
    }

    /// Whether a rule has this id, without copying the rule.
    public func containsRule(_ id: String, in language: Language) -> Bool {
        language == .zhHans ? zhRulesByID[id] != nil : enRulesByID[id] != nil
    }

    public func ruleIDs(in language: Language) -> [String] {
        (language == .zhHans ? zhRulesByID : enRulesByID).keys.sorted()
    }

    public func chapterIDs(in language: Language) -> [String] {
        (language == .zhHans ? zhChaptersByID : enChaptersByID).keys.sorted()
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

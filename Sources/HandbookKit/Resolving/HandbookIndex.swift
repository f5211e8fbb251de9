/// Lookup tables over a loaded handbook: rules by id, anchors by chapter, titles for link text.
///
/// A class: every renderer, resolver and builder keeps one, and closures that capture them
/// (a link renderer per page, a plain-text renderer per rule) copy one reference, not the
/// handbook and six tables.
public final class HandbookIndex: Sendable {
    public let handbook: Handbook
    /// Per language, in `handbook.languages.all` order (asked for every link of every page). A
    /// rule is found by its chapter's position and its block's, not kept as a copy. Each
    /// language's tables are one object: reading one out of the array retains one reference,
    /// not each table's.
    private let tables: [Tables]
    private let languages: [Language]

    public convenience init(_ handbook: Handbook) {
        self.init(handbook, tables: handbook.languages.all.map { Self.tables(handbook.chapters(in: $0)) })
    }

    /// The same index, with each language's tables made on its own core.
    static func make(_ handbook: Handbook) async -> HandbookIndex {
        HandbookIndex(handbook, tables: await ParallelMap.map(handbook.languages.all, runLength: 1) {
            tables(handbook.chapters(in: $0))
        })
    }

    /// Keyed by typed ids: a link's target is looked up as it was parsed, and an id given as
    /// text is parsed first (text that is no id names nothing).
    private final class Tables: Sendable {
        let list: [Chapter]
        let chapters: [ChapterID: Int]
        let rules: [RuleID: (chapter: Int, rule: Int)]

        init(list: [Chapter], chapters: [ChapterID: Int], rules: [RuleID: (chapter: Int, rule: Int)]) {
            self.list = list
            self.chapters = chapters
            self.rules = rules
        }
    }

    private init(_ handbook: Handbook, tables: [Tables]) {
        self.handbook = handbook
        self.tables = tables
        languages = handbook.languages.all
    }

    /// A language's tables; none for a language the handbook is not written in.
    private func lookup(_ language: Language) -> Tables? {
        languages.firstIndex(of: language).map { tables[$0] }
    }

    private static func tables(_ list: [Chapter]) -> Tables {
        var chapters: [ChapterID: Int] = [:]
        chapters.reserveCapacity(list.count)
        var rules: [RuleID: (chapter: Int, rule: Int)] = [:]
        rules.reserveCapacity(list.reduce(0) { $0 + $1.rules.count })
        for (position, chapter) in list.enumerated() {
            chapters[chapter.identifier] = position
            for (rule, block) in zip(chapter.rules, chapter.ruleBlocks) {
                rules[chapter.identifier(of: rule)] = (position, block)
            }
        }
        return Tables(list: list, chapters: chapters, rules: rules)
    }

    public func chapter(_ id: ChapterID, in language: Language) -> Chapter? {
        guard let tables = lookup(language) else { return nil }
        return tables.chapters[id].map { tables.list[$0] }
    }

    /// The chapter whose id is this text (`controls/buttons`).
    public func chapter(_ id: String, in language: Language) -> Chapter? {
        ChapterID(id).flatMap { chapter($0, in: language) }
    }

    public func rule(_ id: RuleID, in language: Language) -> (chapter: Chapter, rule: Rule)? {
        guard let tables = lookup(language), let (position, block) = tables.rules[id] else { return nil }
        let chapter = tables.list[position]
        guard case .rule(let rule) = chapter.content[block] else { return nil }
        return (chapter, rule)
    }

    /// The rule whose id is this text (`controls.buttons.verb-titles`).
    public func rule(_ id: String, in language: Language) -> (chapter: Chapter, rule: Rule)? {
        RuleID(id).flatMap { rule($0, in: language) }
    }

    /// Whether a rule has this id, without copying the rule.
    public func containsRule(_ id: RuleID, in language: Language) -> Bool {
        lookup(language)?.rules[id] != nil
    }

    public func containsRule(_ id: String, in language: Language) -> Bool {
        RuleID(id).map { containsRule($0, in: language) } ?? false
    }

    /// Every rule id, as text, sorted (what "did you mean" chooses from).
    public func ruleIDs(in language: Language) -> [String] {
        (lookup(language)?.rules.keys).map { $0.map(\.description).sorted() } ?? []
    }

    /// Every chapter id, as text, sorted.
    public func chapterIDs(in language: Language) -> [String] {
        (lookup(language)?.chapters.keys).map { $0.map(\.description).sorted() } ?? []
    }

    /// The title a link to `target` shows when the author gave no text.
    public func title(of target: LinkTarget, in language: Language) -> String {
        switch target {
        case .part(let id):
            return handbook.part(id.text, in: language)?.title ?? id.text
        case .chapter(let id, let anchor):
            guard let chapter = chapter(id, in: language) else { return id.description }
            guard let anchor else { return chapter.title }
            if let section = chapter.sections.first(where: { $0.anchor == anchor.text }) { return section.titleText }
            if let rule = chapter.rules.first(where: { $0.localID == anchor.text }) { return rule.title }
            return chapter.title
        case .rule(let id):
            return rule(id, in: language)?.rule.title ?? id.description
        case .term(let id):
            return handbook.glossary.term(id, in: language) ?? id
        case .external(let url):
            return url
        }
    }
}

import Foundation
import HandbookMarkdown
import RulesCatalog
import Synchronization

@_exported import struct RulesCatalog.Language
@_exported import enum RulesCatalog.Status
@_exported import typealias RulesCatalog.LocalizedText

/// The whole handbook: every language, checked and ready to resolve.
public struct Handbook: Sendable {
    public var languages: HandbookLanguages
    /// Parts by language, sorted by weight then id.
    public var parts: [Language: [Part]]
    /// Chapters by language, sorted by part order, weight, then id.
    public var chapters: [Language: [Chapter]]
    public var glossary: Glossary
    /// The pictures of `content/figures/`.
    public var figures = FigureLibrary()
    /// The reviewed search synonyms of `content/search-synonyms.yaml`.
    public var searchSynonyms = SearchSynonyms()
    /// How each generated language's text is made from the source's, for the text that is not
    /// a chapter's (the changelog's summaries).
    var conversions: [Language: ScriptConversion] = [:]

    public init(languages: HandbookLanguages, parts: [Language: [Part]], chapters: [Language: [Chapter]],
                glossary: Glossary) {
        self.languages = languages
        self.parts = parts
        self.chapters = chapters
        self.glossary = glossary
    }

    public func parts(in language: Language) -> [Part] { parts[language] ?? [] }
    public func chapters(in language: Language) -> [Chapter] { chapters[language] ?? [] }

    public func part(_ id: String, in language: Language) -> Part? {
        parts(in: language).first { $0.id == id }
    }

    public func chapter(_ id: String, in language: Language) -> Chapter? {
        chapters(in: language).first { $0.id == id }
    }

    public func chapters(inPart part: String, language: Language) -> [Chapter] {
        chapters(in: language).filter { $0.part == part }
    }
}

/// A part of the handbook, which is also a search scope (`content/<lang>/<part>/_index.md`).
public struct Part: Sendable {
    public var id: String
    /// `id`, typed (a part's id is its folder's name, which discovery checked is an identifier).
    public var identifier: PartID { PartID(checked: id) }
    public var language: Language
    public var title: String
    public var summary: String
    public var weight: Int
    public var body: [MarkdownBlock]
    public var source: SourceLocation
}

/// One chapter in one language (`content/<lang>/<part>/<chapter>.md`).
///
/// A chapter never changes once parsed, and every stage passes chapters around and looks them
/// up by id: its fields live in one shared object, so a copy costs one reference count instead
/// of one per field, and its sections and rules are listed once.
public struct Chapter: Sendable {
    private final class Storage: Sendable {
        let identifier: ChapterID
        /// `identifier` as text, made once: the key most lookups use.
        let id: String
        let language: Language
        let title: String
        let summary: String
        let weight: Int
        let edition: String
        let status: Status
        let legacyNote: String?
        let related: [String]
        let content: [ChapterBlock]
        let source: SourceLocation
        /// The front matter as read, for where each value was written: a list, not a table (a
        /// chapter has a dozen keys, looked up only by a few checks; a table took twice the
        /// memory, 4 MB at 1,000 chapters a language).
        let frontMatter: [WrittenValue]
        /// False when the front matter had errors: the chapter is kept so that its body is
        /// checked, but it is not compared with its translation.
        let frontMatterIsValid: Bool
        let sections: [Section]
        let rules: [Rule]
        /// `controls.buttons.`, what every rule id of the chapter starts with.
        let ruleIDPrefix: String
        /// Where each of `rules` is in `content`.
        let ruleBlocks: [Int]

        /// A front-matter value and where it was written.
        struct WrittenValue: Sendable {
            let key: String
            let value: FrontMatter.Value
            let location: SourceLocation
        }

        func written(_ key: String) -> WrittenValue? { frontMatter.first { $0.key == key } }

        init(id: ChapterID, language: Language, title: String, summary: String, weight: Int, edition: String,
             status: Status, legacyNote: String?, related: [String], content: [ChapterBlock], source: SourceLocation,
             frontMatter: [String: FrontMatter.Entry], frontMatterIsValid: Bool) {
            identifier = id
            self.id = id.description
            ruleIDPrefix = id.rulePrefix
            self.language = language
            self.title = title
            self.summary = summary
            self.weight = weight
            self.edition = edition
            self.status = status
            self.legacyNote = legacyNote
            self.related = related
            self.content = content
            self.source = source
            self.frontMatter = frontMatter.values.map { WrittenValue(key: $0.key, value: $0.value, location: $0.valueLocation) }
            self.frontMatterIsValid = frontMatterIsValid
            sections = content.compactMap { if case .section(let s) = $0 { s } else { nil } }
            rules = content.compactMap { if case .rule(let r) = $0 { r } else { nil } }
            ruleBlocks = content.indices.filter { if case .rule = content[$0] { true } else { false } }
        }
    }

    private let storage: Storage

    init(id: ChapterID, language: Language, title: String, summary: String, weight: Int, edition: String,
         status: Status, legacyNote: String?, related: [String], content: [ChapterBlock], source: SourceLocation,
         frontMatter: [String: FrontMatter.Entry], frontMatterIsValid: Bool = true) {
        storage = Storage(id: id, language: language, title: title, summary: summary, weight: weight, edition: edition,
                          status: status, legacyNote: legacyNote, related: related, content: content, source: source,
                          frontMatter: frontMatter, frontMatterIsValid: frontMatterIsValid)
    }

    var frontMatterIsValid: Bool { storage.frontMatterIsValid }

    /// Its id, parsed: the part and the slug (the loader names a chapter by its folder and file,
    /// which discovery has checked are identifiers).
    public var identifier: ChapterID { storage.identifier }
    /// `<part>/<chapter>`, the text of `identifier`.
    public var id: String { storage.id }
    public var language: Language { storage.language }
    public var title: String { storage.title }
    public var summary: String { storage.summary }
    public var weight: Int { storage.weight }
    public var edition: String { storage.edition }
    public var status: Status { storage.status }
    public var legacyNote: String? { storage.legacyNote }
    public var related: [String] { storage.related }
    /// Where the chapter's advice comes from, e.g. `iOS 12 · Controls · Buttons` (front matter
    /// `basis`); a rule's own `basis` attribute replaces it for that rule.
    public var basis: [String] {
        if case .list(let items)? = storage.written("basis")?.value { return items }
        return []
    }
    /// Tags from the vocabulary in `content/tags.yaml` (front matter `tags`), as written; each
    /// of the chapter's rules carries them too.
    public var tags: [String] {
        if case .list(let items)? = storage.written("tags")?.value { return items }
        return []
    }
    /// The body in reading order, with sections and rules recognised.
    public var content: [ChapterBlock] { storage.content }
    public var source: SourceLocation { storage.source }
    /// Where a front-matter value was written, for diagnostics. (The parsed entries are kept:
    /// a table of locations made for every chapter cost more than the few diagnostics using it.)
    func metadataLocation(of key: String) -> SourceLocation? { storage.written(key)?.location }
    /// The part id, the first half of `id`.
    public var part: String { storage.identifier.part.text }
    /// Which parse of its file this is, during `serve` (0 in a plain build): equal revisions
    /// mean equal chapters, so work derived from one chapter alone can be reused.
    var revision = 0
    /// Whether the text was generated from the source language's (a generated language's
    /// chapter that is not written in it): always in step, so not tracked for freshness.
    public internal(set) var isGenerated = false
    public var slug: String { storage.identifier.slug }

    public var sections: [Section] { storage.sections }
    public var rules: [Rule] { storage.rules }
    /// Where each of `rules` is in `content`.
    var ruleBlocks: [Int] { storage.ruleBlocks }

    /// Every anchor on the page: sections and rules share one namespace.
    public var anchors: [String] { sections.map(\.anchor) + rules.map(\.localID) }

    public func hasAnchor(_ anchor: String) -> Bool {
        storage.sections.contains { $0.anchor == anchor } || storage.rules.contains { $0.localID == anchor }
    }

    /// `controls/buttons` + `verb-titles` → `controls.buttons.verb-titles`.
    public func ruleID(_ localID: String) -> String {
        storage.ruleIDPrefix + localID
    }

    /// The typed id of one of its rules.
    public func identifier(of rule: Rule) -> RuleID { storage.identifier.rule(rule.localID) }
}

/// A piece of a chapter's body.
public enum ChapterBlock: Sendable {
    case markdown(MarkdownBlock)
    case section(Section)
    case rule(Rule)
}

/// A `##` or `###` heading with its explicit anchor.
public struct Section: Sendable {
    public var anchor: String
    public var level: Int
    public var title: [MarkdownInline]
    public var location: SourceLocation

    public var titleText: String { title.plainText }
}

/// One guideline: `> [!DO verb-titles] Title` and its body.
///
/// Immutable and shared by reference: a rule is read by the pages, the catalogue, the search
/// index, the link checker and llms-full.txt, and copying ten fields at each of those reads was
/// a few per cent of a build.
public final class Rule: Sendable {
    public typealias Kind = RulesCatalog.Catalog.Rule.Kind
    public typealias Measure = RulesCatalog.Catalog.Rule.Measure

    public let localID: String
    public let kind: Kind
    public let title: String
    public let body: [MarkdownBlock]
    /// The anchor of the section it sits in.
    public let section: String?
    /// Overrides of the chapter's values, from `{status=… edition=…}`.
    public let status: Status?
    public let edition: String?
    /// For legacy and deprecated rules: what replaced it, in this language.
    public let note: String?
    /// Ids of the rules that carry this guidance now.
    public let replacedBy: [String]
    /// Where the advice comes from (`basis="…; …"`), when it differs from the chapter's.
    public let basis: [String]?
    /// Earlier forms of the advice, oldest first (`> > [!EARLIER iOS 7]` quotes in the body).
    public let history: [EarlierForm]
    /// Its own tags (`tags="component:button topic:accessibility"`), besides its chapter's.
    public let tags: [String]
    /// The numbers it states that a tool can check (`measures="touch-target >= 44 pt"`).
    public let measures: [RulesCatalog.Catalog.Rule.Measure]
    /// Wording in this language that follows the advice or breaks it (`good="…|…" bad="…"`),
    /// the good ones first, each kind in the order written.
    public let examples: [Example]
    public let location: SourceLocation

    /// A short text that follows the advice (`good`) or breaks it (`bad`).
    public struct Example: Sendable, Equatable {
        public typealias Kind = RulesCatalog.Catalog.Rule.Example.Kind
        public var kind: Kind
        public var text: String
    }

    /// How an earlier edition of the guidelines put the same advice.
    public struct EarlierForm: Sendable {
        public var edition: String
        public var body: [MarkdownBlock]
        public var location: SourceLocation
    }

    public init(localID: String, kind: Kind, title: String, body: [MarkdownBlock], section: String?,
                status: Status?, edition: String?, note: String?, replacedBy: [String] = [],
                basis: [String]? = nil, history: [EarlierForm] = [], tags: [String] = [],
                measures: [RulesCatalog.Catalog.Rule.Measure] = [], examples: [Example] = [], location: SourceLocation) {
        self.tags = tags
        self.measures = measures
        self.examples = examples
        self.localID = localID
        self.kind = kind
        self.title = title
        self.body = body
        self.section = section
        self.status = status
        self.edition = edition
        self.note = note
        self.replacedBy = replacedBy
        self.basis = basis
        self.history = history
        self.location = location
    }
}

/// `content/glossary.yaml`.
public struct Glossary: Sendable {
    public let entries: [GlossaryEntry]
    /// Each id's first entry (links name terms by id on every page).
    private let positions: [String: Int]

    /// Per entry, the positions of the other terms its English definition names: found when
    /// the glossary page first asks (the glossary is read before the chapters, which wait for
    /// it; this search does not hold them up).
    private let related: RelatedTerms

    public init(entries: [GlossaryEntry]) {
        self.entries = entries
        positions = Dictionary(entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        related = RelatedTerms()
    }

    /// The same terms with other definitions in languages other than English: the related
    /// terms, which only the English definitions decide, are kept.
    func replacingEntries(_ entries: [GlossaryEntry]) -> Glossary {
        guard entries.map(\.id) == self.entries.map(\.id), entries.map(\.en) == self.entries.map(\.en),
              entries.map({ $0.note?[.en] }) == self.entries.map({ $0.note?[.en] }) else { return Glossary(entries: entries) }
        return Glossary(entries: entries, positions: positions, related: related)
    }

    private init(entries: [GlossaryEntry], positions: [String: Int], related: RelatedTerms) {
        self.entries = entries
        self.positions = positions
        self.related = related
    }

    /// The glossary's other terms that `id`'s English definition names as whole words (terms
    /// of four letters or more), in the glossary's order: the glossary page's related terms.
    public func relatedTerms(of id: String) -> [GlossaryEntry] {
        guard let position = positions[id] else { return [] }
        return related.positions(entries)[position].map { entries[$0] }
    }

    /// The related terms of every entry, found once, by the first language's glossary page.
    private final class RelatedTerms: Sendable {
        private let found = Mutex<[[Int]]?>(nil)

        func positions(_ entries: [GlossaryEntry]) -> [[Int]] {
            found.withLock { found in
                if let found { return found }
                let candidates = Glossary.namedTermCandidates(entries)
                let made = entries.map { entry in
                    entry.note?[.en].map { Glossary.termsNamed(in: $0, besides: entry.id, candidates: candidates, entries: entries) } ?? []
                }
                found = made
                return made
            }
        }
    }

    /// The terms a definition can name (four letters or more), by their first run of letters
    /// lowercased: a term found in a note with no letter on either side starts with one of the
    /// note's words, so only the terms filed under those words are searched for. Positions in
    /// the glossary's order.
    private static func namedTermCandidates(_ entries: [GlossaryEntry]) -> [Substring: [Int]] {
        var byFirstWord: [Substring: [Int]] = [:]
        for position in entries.indices where entries[position].en.count >= 4 {
            if let first = words(entries[position].en).first { byFirstWord[first, default: []].append(position) }
        }
        return byFirstWord
    }

    /// Lowercased runs of letters.
    private static func words(_ text: String) -> [Substring] {
        text.lowercased().split { !$0.isLetter }
    }

    private static func termsNamed(in note: String, besides id: String, candidates: [Substring: [Int]],
                                   entries: [GlossaryEntry]) -> [Int] {
        // Each of the note's words once, then the terms starting with it (Foundation's
        // case-insensitive search for every pair of terms made the glossary page the slowest page
        // of the build; testing every term's first word against the note's was next).
        var named: [Int] = []
        for word in Set(words(note)) {
            for position in candidates[word] ?? [] where entries[position].id != id && names(note, entries[position].en) {
                named.append(position)
            }
        }
        return named.sorted()
    }

    /// Whether `note` holds `term` (ignoring case) with no letter on either side.
    private static func names(_ note: String, _ term: String) -> Bool {
        var searchRange = note.startIndex..<note.endIndex
        while let found = note.range(of: term, options: .caseInsensitive, range: searchRange) {
            let before = found.lowerBound == note.startIndex ? nil : note[note.index(before: found.lowerBound)]
            let after = found.upperBound == note.endIndex ? nil : note[found.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return true }
            searchRange = found.upperBound..<note.endIndex
        }
        return false
    }

    public func entry(_ id: String) -> GlossaryEntry? {
        positions[id].map { entries[$0] }
    }

    /// Whether there is an entry with this id; and its term: what a link asks, without copying
    /// the entry.
    public func contains(_ id: String) -> Bool { positions[id] != nil }

    public func term(_ id: String, in language: Language) -> String? {
        positions[id].map { entries[$0].term(in: language) }
    }
}

public struct GlossaryEntry: Sendable {
    public var id: String
    public var en: String
    public var zh: String
    public var zhHant: String
    public var variants: [String]
    public var note: LocalizedText?
    /// Forms prose should not use for this concept, per language (`check` warns).
    public var avoid: [Language: [String]] = [:]
    public var location: SourceLocation

    /// The tag of the language of `zhHant`.
    static let traditionalChineseTag = "zh-Hant"

    /// The term in `language`: the glossary gives Simplified and Traditional Chinese and
    /// English; any other language shows the English term.
    public func term(in language: Language) -> String {
        switch language.tag {
        case Language.zhHans.tag: zh
        case Self.traditionalChineseTag: zhHant
        default: en
        }
    }

    /// The entry's terms but the one `term(in:)` gives, in the order Simplified Chinese,
    /// English, Traditional Chinese: what else a reader of `language` may search for.
    public func terms(otherThan language: Language) -> [String] {
        switch language.tag {
        case Language.zhHans.tag: [en, zhHant]
        case Self.traditionalChineseTag: [zh, en]
        default: [zh, zhHant]
        }
    }
}

import RulesCatalog

@_exported import enum RulesCatalog.Language
@_exported import enum RulesCatalog.Status
@_exported import typealias RulesCatalog.LocalizedText

extension Language {
    /// The folder under `content/` and under the site that holds this language.
    public var folder: String {
        switch self {
        case .zhHans: "zh"
        case .en: "en"
        }
    }

    public init?(folder: String) {
        guard let language = Language.allCases.first(where: { $0.folder == folder }) else { return nil }
        self = language
    }

    /// The other language of the handbook.
    public var other: Language { self == .zhHans ? .en : .zhHans }
}

/// The whole handbook: both languages, checked and ready to resolve.
public struct Handbook: Sendable {
    /// Parts by language, sorted by weight then id.
    public var parts: [Language: [Part]]
    /// Chapters by language, sorted by part order, weight, then id.
    public var chapters: [Language: [Chapter]]
    public var glossary: Glossary

    public init(parts: [Language: [Part]], chapters: [Language: [Chapter]], glossary: Glossary) {
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
    public var language: Language
    public var title: String
    public var summary: String
    public var weight: Int
    public var body: [MarkdownBlock]
    public var source: SourceLocation
}

/// One chapter in one language (`content/<lang>/<part>/<chapter>.md`).
public struct Chapter: Sendable {
    /// `<part>/<chapter>`.
    public var id: String
    public var language: Language
    public var title: String
    public var summary: String
    public var weight: Int
    public var edition: String
    public var status: Status
    public var legacyNote: String?
    public var related: [String]
    /// The body in reading order, with sections and rules recognised.
    public var content: [ChapterBlock]
    public var source: SourceLocation
    /// Where each front-matter value was written, for diagnostics.
    var metadataLocations: [String: SourceLocation]
    /// The part id, the first half of `id`.
    public let part: String
    /// Which parse of its file this is, during `serve` (0 in a plain build): equal revisions
    /// mean equal chapters, so work derived from one chapter alone can be reused.
    var revision = 0
    public var slug: String { String(id.split(separator: "/").last ?? "") }

    public var sections: [Section] {
        content.compactMap { if case .section(let s) = $0 { s } else { nil } }
    }

    public var rules: [Rule] {
        content.compactMap { if case .rule(let r) = $0 { r } else { nil } }
    }

    /// Every anchor on the page: sections and rules share one namespace.
    public var anchors: [String] { sections.map(\.anchor) + rules.map(\.localID) }

    /// `controls/buttons` + `verb-titles` → `controls.buttons.verb-titles`.
    public func ruleID(_ localID: String) -> String {
        String(decoding: id.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: ".") : $0 }, as: UTF8.self) + "." + localID
    }
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
public struct Rule: Sendable {
    public typealias Kind = RulesCatalog.Catalog.Rule.Kind

    public var localID: String
    public var kind: Kind
    public var title: String
    public var body: [MarkdownBlock]
    /// The anchor of the section it sits in.
    public var section: String?
    /// Overrides of the chapter's values, from `{status=… edition=…}`.
    public var status: Status?
    public var edition: String?
    /// For legacy and deprecated rules: what replaced it, in this language.
    public var note: String?
    /// Ids of the rules that carry this guidance now.
    public var replacedBy: [String] = []
    public var location: SourceLocation
}

/// `content/glossary.yaml`.
public struct Glossary: Sendable {
    public var entries: [GlossaryEntry]

    public init(entries: [GlossaryEntry]) {
        self.entries = entries
    }

    public func entry(_ id: String) -> GlossaryEntry? {
        entries.first { $0.id == id }
    }
}

public struct GlossaryEntry: Sendable {
    public var id: String
    public var en: String
    public var zh: String
    public var zhHant: String
    public var variants: [String]
    public var note: LocalizedText?
    public var location: SourceLocation

    public func term(in language: Language) -> String {
        language == .zhHans ? zh : en
    }
}

import Foundation
import RulesCatalog

/// A question put to the catalogue: filters plus an optional text, ranked as the site search
/// ranks it (`RuleSearch`, docs/search-index.md "Ranking") in the answer's language.
public struct RuleQuery: Sendable {
    public var scope: String?
    public var kind: Catalog.Rule.Kind?
    public var status: Status?
    public var chapter: String?
    /// A tag from the content's vocabulary, `component:button` (rules.json 1.3).
    public var tag: String?
    public var text: String?
    /// The language whose search index ranks the text: the answer's.
    public var language: Language

    /// The longest text a query may have, in characters: a question, not a document. (Matching
    /// grows with the text's length; 20,000 characters took seconds.)
    public static let maximumTextLength = 500

    /// Why `text` cannot be asked, or nil.
    public static func problem(with text: String) -> String? {
        text.count > maximumTextLength
            ? "the text to match has \(text.count) characters; the limit is \(maximumTextLength)" : nil
    }

    public init(scope: String? = nil, kind: Catalog.Rule.Kind? = nil, status: Status? = nil,
                chapter: String? = nil, tag: String? = nil, text: String? = nil, language: Language = .en) {
        self.language = language
        self.tag = tag
        self.scope = scope
        self.kind = kind
        self.status = status
        self.chapter = chapter
        self.text = text
    }

    /// Matching rules: without a text in reading order (part, chapter, place in the chapter);
    /// with one, best first as the site search ranks them in `language` (the search page with
    /// the same filters lists the same rules in the same order). When nothing matches in that
    /// language, the catalogue's other languages are tried in turn, so that a query typed in
    /// Chinese finds rules for an English answer.
    public func run(on catalog: Catalog, search: RuleSearch) -> [Catalog.Rule] {
        let filtered = catalog.inReadingOrder(catalog.rules(scope: scope, kind: kind, status: status, chapter: chapter, tag: tag))
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return filtered }
        for tag in [language.tag] + catalog.languages.filter({ $0 != language.tag }) {
            if let ranked = search.rank(text, in: tag, among: filtered), !ranked.isEmpty { return ranked }
        }
        return []
    }
}

/// One rule in one language, as tools receive it: the `rules` command's JSON and the MCP tools.
public struct RuleAnswer: Codable, Sendable, Equatable {
    public var id: String
    public var kind: String
    public var status: String
    public var scope: String
    public var chapter: String
    public var section: String?
    public var title: String
    public var text: String
    /// Absolute when a base URL is known, otherwise relative to the site root.
    public var permalink: String
    public var introducedIn: String
    public var replacedBy: [String]
    public var note: String?
    /// `outdated` when the text it is compared with changed since this one was reviewed.
    public var translation: String
    /// The title of its section (rules.json 1.3; nil before the first section).
    public var sectionTitle: String?
    /// Its tags (rules.json 1.3; nil when it has none).
    public var tags: [String]?
    /// The numbers it states that a tool can check (rules.json 1.4; nil when none).
    public var measures: [Catalog.Rule.Measure]?
    /// Wording in this language that follows the advice or breaks it (rules.json 1.4; nil when none).
    public var examples: [Example]?

    /// A good or bad example in the answer's language.
    public struct Example: Codable, Sendable, Equatable {
        /// `good` or `bad`.
        public var kind: String
        public var text: String
    }

    public init(_ rule: Catalog.Rule, language: Language, baseURL: String?) {
        id = rule.id
        kind = rule.kind.rawValue
        status = rule.status.rawValue
        scope = rule.scope
        chapter = rule.chapter
        section = rule.section
        title = rule.title[language] ?? ""
        text = rule.text[language] ?? ""
        permalink = Permalink.make(rule.url[language] ?? "", baseURL: baseURL)
        introducedIn = rule.introducedIn
        replacedBy = rule.replacedBy
        note = rule.note?[language]
        translation = (rule.translation[language] ?? .current).rawValue
        sectionTitle = rule.sectionTitle?[language]
        tags = rule.tags
        measures = rule.measures
        examples = rule.examples?.map { Example(kind: $0.kind.rawValue, text: $0.text[language] ?? "") }
    }
}

/// A path relative to the site root, made absolute when the site's URL is known.
public enum Permalink {
    public static func make(_ path: String, baseURL: String?) -> String {
        guard let baseURL, !baseURL.isEmpty else { return path }
        return baseURL.hasSuffix("/") ? baseURL + path : baseURL + "/" + path
    }
}

extension Catalog {
    /// The catalogued language a user means by `userTag`: its tag in any case (`zh-hant`), or
    /// else the first with the same language subtag and script, a Chinese region standing for
    /// its script (`zh-TW` → `zh-Hant` when catalogued), or else the first with the same
    /// language subtag (`zh`, `zh-CN` → `zh-Hans`; `en-US` → `en`).
    public func language(matching userTag: String) -> Language? {
        func subtags(_ tag: String) -> (language: String, script: String?) {
            let parts = tag.lowercased().split(separator: "-").map(String.init)
            let script = parts.dropFirst().first { $0.count == 4 }
                ?? parts.dropFirst().first.flatMap { ["tw": "hant", "hk": "hant", "mo": "hant", "cn": "hans", "sg": "hans"][$0] }
            return (parts.first ?? "", script)
        }
        let wanted = subtags(userTag)
        let tag = languages.first { $0.lowercased() == userTag.lowercased() }
            ?? languages.first { wanted.script != nil && subtags($0) == wanted }
            ?? languages.first { subtags($0).language == wanted.language }
        return tag.map { Language(tag: $0) }
    }

    /// How an unknown language is refused.
    public var languageChoices: String {
        languages.map { "'\($0)'" }.joined(separator: ", ")
    }
}

import Foundation

/// The machine-readable catalogue of every guideline, as published in `rules.json`.
///
/// These are the types the generator writes, so a Swift tool that decodes the file with them
/// reads exactly what was published. The shape is versioned by `schemaVersion` (semantic
/// versioning: a new optional field is a minor change, a removed or renamed field a major one)
/// and described by the JSON Schema in `Catalog.schema`.
public struct Catalog: Codable, Sendable, Equatable {
    /// The version of the shape of this file, not of its content.
    public static let currentSchemaVersion = "1.4.0"

    public var schemaVersion: String
    /// BCP 47 tags of the languages every localized field carries, in the handbook's order:
    /// always `zh-Hans` and `en`, and any other the handbook is written in (since 1.2).
    public var languages: [String]
    /// The parts of the handbook, which are also the search scopes, by weight.
    public var scopes: [Scope]
    /// Every chapter, sorted by id.
    public var chapters: [Chapter]
    /// Every rule, sorted by id.
    public var rules: [Rule]
    /// The last release of the handbook's content, e.g. `2026.11` (since 1.3; nil when none was made).
    public var version: String?
    /// The day of that release, `YYYY-MM-DD` (since 1.3; nil when none was made).
    public var released: String?
    /// The languages whose text is generated at build time from another's, by tag (since 1.4;
    /// nil when none is): Traditional Chinese converted from Simplified by OpenCC. A chapter
    /// written in such a language directly is not generated (`Chapter.generated`).
    public var generated: [String: Generation]?

    /// How a generated language's text is made.
    public struct Generation: Codable, Sendable, Equatable {
        /// The tag of the language it is converted from.
        public var from: String
        /// The conversion, e.g. `OpenCC s2twp`.
        public var method: String

        public init(from: String, method: String) {
            self.from = from
            self.method = method
        }
    }

    public init(languages: [Language] = [.zhHans, .en], scopes: [Scope], chapters: [Chapter], rules: [Rule],
                version: String? = nil, released: String? = nil, generated: [String: Generation]? = nil) {
        self.generated = generated
        self.schemaVersion = Catalog.currentSchemaVersion
        self.languages = languages.map(\.tag)
        self.scopes = scopes
        self.chapters = chapters
        self.rules = rules
        self.version = version
        self.released = released
    }

    public func rule(withID id: String) -> Rule? {
        rules.first { $0.id == id }
    }

    /// The rules that match every given filter; a nil filter matches everything.
    public func rules(scope: String? = nil, kind: Rule.Kind? = nil, status: Status? = nil,
                      chapter: String? = nil, tag: String? = nil) -> [Rule] {
        rules.filter { rule in
            (scope == nil || rule.scope == scope)
                && (kind == nil || rule.kind == kind)
                && (status == nil || rule.status == status)
                && (chapter == nil || rule.chapter == chapter)
                && (tag.map { (rule.tags ?? []).contains($0) } ?? true)
        }
    }

    /// The rules in reading order: by part weight, chapter weight and place in the chapter
    /// (`position`; by id in files older than 1.3, which do not give it).
    public func inReadingOrder(_ rules: [Rule]) -> [Rule] {
        let scopeWeights = Dictionary(scopes.map { ($0.id, $0.weight) }, uniquingKeysWith: { first, _ in first })
        let chapterWeights = Dictionary(chapters.map { ($0.id, $0.weight) }, uniquingKeysWith: { first, _ in first })
        func key(_ rule: Rule) -> (Int, Int, String, Int, String) {
            (scopeWeights[rule.scope] ?? Int.max, chapterWeights[rule.chapter] ?? Int.max, rule.chapter,
             rule.position ?? Int.max, rule.id)
        }
        return rules.sorted { key($0) < key($1) }
    }

    /// Decodes a catalogue from the bytes of a `rules.json` file.
    public static func decode(from data: Data) throws -> Catalog {
        try JSONDecoder().decode(Catalog.self, from: data)
    }
}

/// A language of the handbook, identified by its BCP 47 tag (`zh-Hans`, `en`, `zh-Hant`).
///
/// Languages are data: a handbook lists its own in `handbook.yaml`. Two languages are equal when
/// their tags are; `code` is the handbook's short name for it (the folder under `content/` and
/// under the site), which a language read from `rules.json` alone does not know and takes to be
/// its tag.
public struct Language: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The BCP 47 tag: `lang`, `hreflang` and the keys of every localized field of `rules.json`.
    public let tag: String
    /// The folder under `content/` and under the site that holds this language.
    public let code: String

    public init(tag: String, code: String? = nil) {
        self.tag = tag
        self.code = code ?? tag
    }

    /// Simplified Chinese, the handbook's source language.
    public static let zhHans = Language(tag: "zh-Hans", code: "zh")
    public static let en = Language(tag: "en", code: "en")

    public var description: String { tag }

    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.tag == rhs.tag }
    public func hash(into hasher: inout Hasher) { hasher.combine(tag) }

    public init(from decoder: any Decoder) throws {
        self.init(tag: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(tag)
    }
}

/// A value given in each language of the handbook, encoded as `{"en": …, "zh-Hans": …}` with
/// a key per language's tag. Kept as a list sorted by tag: a handbook has a handful of
/// languages, and a catalogue tens of thousands of these (a dictionary each took twice the
/// memory, and every read hashed the language's tag).
public struct PerLanguage<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    @usableFromInline struct Entry: Sendable, Equatable {
        @usableFromInline var language: Language
        @usableFromInline var value: Value

        @usableFromInline init(language: Language, value: Value) {
            self.language = language
            self.value = value
        }
    }

    /// Sorted by tag, each language once.
    @usableFromInline var entries: [Entry]

    @inlinable public init(_ values: [Language: Value]) {
        self.init(byLanguage: values.map { ($0.key, $0.value) })
    }

    /// The values of `pairs`; a language given twice keeps its first value.
    @inlinable public init(byLanguage pairs: [(Language, Value)]) {
        entries = pairs.map { Entry(language: $0.0, value: $0.1) }
        entries.sort { $0.language.tag < $1.language.tag }
        if entries.count > 1 {
            for place in entries.indices.dropFirst().reversed() where entries[place].language.tag == entries[place - 1].language.tag {
                entries.remove(at: place)
            }
        }
    }

    @inlinable public init(zhHans: Value, en: Value) {
        self.init(byLanguage: [(.zhHans, zhHans), (.en, en)])
    }

    /// The values by language.
    @inlinable public var values: [Language: Value] {
        get { Dictionary(uniqueKeysWithValues: entries.map { ($0.language, $0.value) }) }
        set { self = PerLanguage(newValue) }
    }

    /// The value in `language`, nil when the catalogue does not carry that language.
    @inlinable public subscript(language: Language) -> Value? {
        get {
            for entry in entries where entry.language.tag == language.tag { return entry.value }
            return nil
        }
        set {
            let place = entries.firstIndex { $0.language.tag >= language.tag } ?? entries.endIndex
            let present = place < entries.endIndex && entries[place].language.tag == language.tag
            switch (newValue, present) {
            case (let value?, true): entries[place].value = value
            case (let value?, false): entries.insert(Entry(language: language, value: value), at: place)
            case (nil, true): entries.remove(at: place)
            case (nil, false): break
            }
        }
    }

    /// The languages given, sorted by tag (the order of the keys in `rules.json`).
    @inlinable public var languages: [Language] { entries.map(\.language) }

    @inlinable public init(from decoder: any Decoder) throws {
        let byTag = try decoder.singleValueContainer().decode([String: Value].self)
        self.init(byLanguage: byTag.map { (Language(tag: $0.key), $0.value) })
    }

    /// A member per language, keyed by its tag: what `JSONEncoder` writes for the same values in
    /// a dictionary by tag, without making that dictionary (an encoder with sorted keys puts the
    /// members in order).
    @inlinable public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TagKey.self)
        for place in entries.indices { try container.encode(entries[place].value, forKey: TagKey(stringValue: entries[place].language.tag)) }
    }

    @usableFromInline struct TagKey: CodingKey {
        @usableFromInline var stringValue: String
        @usableFromInline var intValue: Int? { nil }
        @usableFromInline init(stringValue: String) { self.stringValue = stringValue }
        @usableFromInline init?(intValue: Int) { nil }
    }
}

/// Text in each language.
public typealias LocalizedText = PerLanguage<String>

/// Whether a language's text of a rule is in step with the source language's.
public enum Freshness: String, Codable, Sendable, CaseIterable {
    case current
    /// The text it is compared with changed since this one was last reviewed: for a
    /// translation, the source language's; for the source language, a translation's.
    case outdated
}

/// `Freshness` per language.
public typealias TranslationState = PerLanguage<Freshness>

extension PerLanguage where Value == Freshness {
    /// Every language in `languages` in step.
    public init(current languages: [Language] = [.zhHans, .en]) {
        self.init(byLanguage: languages.map { ($0, .current) })
    }
}

/// Whether guidance still applies to current iOS.
public enum Status: String, Codable, Sendable, CaseIterable {
    /// Applies to current iOS.
    case current
    /// Tied to retired technology; kept for reference, with a note on what replaced it.
    case legacy
    /// Retired or merged into other rules (`replacedBy`); kept so that its id still resolves.
    case deprecated
}

extension Catalog {
    public struct Scope: Codable, Sendable, Equatable {
        public var id: String
        public var title: LocalizedText
        public var summary: LocalizedText
        public var weight: Int
        public var url: LocalizedText
        /// `url` made absolute with the site's base URL (since 1.3; only when one is configured).
        public var permalink: LocalizedText?

        public init(id: String, title: LocalizedText, summary: LocalizedText, weight: Int,
                    url: LocalizedText, permalink: LocalizedText? = nil) {
            self.id = id
            self.title = title
            self.summary = summary
            self.weight = weight
            self.url = url
            self.permalink = permalink
        }
    }

    public struct Chapter: Codable, Sendable, Equatable {
        /// `<part>/<chapter>`, e.g. `controls/buttons`.
        public var id: String
        public var scope: String
        public var title: LocalizedText
        public var summary: LocalizedText
        public var weight: Int
        public var edition: String
        public var status: Status
        public var url: LocalizedText
        /// Related chapter ids, sorted.
        public var related: [String]
        /// Legacy chapters: what replaced the technology (since 1.1).
        public var note: LocalizedText?
        /// `url` made absolute with the site's base URL (since 1.3; only when one is configured).
        public var permalink: LocalizedText?
        /// The chapter's tags from the vocabulary in `content/tags.yaml`, sorted (since 1.3;
        /// nil when it has none).
        public var tags: [String]?
        /// The tags of the languages this chapter's text is generated in rather than written
        /// in, in the handbook's order (since 1.4; nil when none).
        public var generated: [String]?

        public init(id: String, scope: String, title: LocalizedText, summary: LocalizedText,
                    weight: Int, edition: String, status: Status, url: LocalizedText,
                    related: [String], note: LocalizedText? = nil, permalink: LocalizedText? = nil,
                    tags: [String]? = nil, generated: [String]? = nil) {
            self.generated = generated
            self.permalink = permalink
            self.tags = tags
            self.id = id
            self.scope = scope
            self.title = title
            self.summary = summary
            self.weight = weight
            self.edition = edition
            self.status = status
            self.url = url
            self.related = related
            self.note = note
        }
    }

    public struct Rule: Codable, Sendable, Equatable {
        public enum Kind: String, Codable, Sendable, CaseIterable {
            case `do`, avoid, consider
        }

        /// `<part>.<chapter>.<local-id>`, e.g. `controls.buttons.verb-titles`. Never reused.
        public var id: String
        /// The chapter id, e.g. `controls/buttons`.
        public var chapter: String
        /// The anchor of the section the rule sits in, or nil before the first section.
        public var section: String?
        public var scope: String
        public var kind: Kind
        public var status: Status
        /// The HIG edition the guidance comes from, e.g. `iOS 12` (same as `introducedIn`).
        public var edition: String
        /// The HIG edition the guidance comes from (since 1.1).
        public var introducedIn: String
        /// For deprecated (and some legacy) rules: the ids that carry the guidance now (since 1.1).
        public var replacedBy: [String]
        /// For legacy and deprecated rules: what replaced it (since 1.1).
        public var note: LocalizedText?
        /// Per language, whether its text is in step with the language it is compared with (since 1.1).
        public var translation: TranslationState
        /// The short title, plain text.
        public var title: LocalizedText
        /// The body, plain text (no Markdown).
        public var text: LocalizedText
        /// The rule's permalink, relative to the site root.
        public var url: LocalizedText
        /// Ids of the rules this rule links to, sorted.
        public var related: [String]
        /// Where the advice comes from: the editions and topics of Apple's guidelines it retells,
        /// e.g. `iOS 7 · Bars · Navigation bar` (since 1.2; nil in older files).
        public var basis: [String]?
        /// Earlier forms of the advice, oldest first (since 1.2; nil in older files).
        public var history: [EarlierForm]?
        /// The title of the section the rule sits in, plain text (since 1.3; nil before the
        /// first section and in older files).
        public var sectionTitle: LocalizedText?
        /// The rule's place among its chapter's rules, from 1: with the part's and the chapter's
        /// weights, the reading order (since 1.3; nil in older files).
        public var position: Int?
        /// The chapter's tags and the rule's own, from the vocabulary in `content/tags.yaml`,
        /// sorted (since 1.3; nil when it has none).
        public var tags: [String]?
        /// `url` made absolute with the site's base URL (since 1.3; only when one is configured).
        public var permalink: LocalizedText?
        /// The pictures the rule shows (a "do" and a "don't", say), in order (since 1.3; nil when none).
        public var figures: [FigureReference]?
        /// The numbers the rule states that a tool can check, such as a 44-point touch target
        /// (since 1.4; nil when it states none).
        public var measures: [Measure]?
        /// Short texts that follow the advice or break it, such as button titles, per language;
        /// the good ones first, each kind in the order written (since 1.4; nil when none).
        public var examples: [Example]?

        /// A number a rule states: `touch-target >= 44 pt` is
        /// `{"applies": "touch-target", "comparison": "min", "unit": "pt", "value": 44}`.
        public struct Measure: Codable, Sendable, Equatable {
            /// What the number is about, a lowercase hyphenated name (`touch-target`, `tabs`,
            /// `contrast`, `font-size`); the rule's text says exactly what it measures.
            public var applies: String
            public var comparison: Comparison
            public var value: Double
            public var unit: Unit
            /// True when the rule gives the number as a rough guide ("about five"); absent otherwise.
            public var approximate: Bool?

            /// How a measured value must relate to `value`.
            public enum Comparison: String, Codable, Sendable, CaseIterable {
                /// At least `value` (written `>=`).
                case min
                /// At most `value` (`<=`).
                case max
                /// Less than `value` (`<`).
                case below
                /// More than `value` (`>`).
                case above
                /// `value` itself (`=`).
                case exact
            }

            public enum Unit: String, Codable, Sendable, CaseIterable {
                /// Points, the interface's unit of length.
                case pt
                /// Pixels of an image.
                case px
                /// Percent (written `%`), of what the rule says.
                case percent
                /// A ratio `value`:1, such as a contrast ratio (written `:1`, as in `4.5:1`).
                case ratio
                /// Counts: of characters, of words, of lines of text, of things (tabs, segments, groups).
                case characters, words, lines, items
                /// Durations: milliseconds, seconds, minutes, hours.
                case ms, s, min, h
                /// Frames per second.
                case fps
            }

            public init(applies: String, comparison: Comparison, value: Double, unit: Unit, approximate: Bool? = nil) {
                self.applies = applies
                self.comparison = comparison
                self.value = value
                self.unit = unit
                self.approximate = approximate
            }
        }

        /// Wording that follows the advice (`good`) or breaks it (`bad`), in each language.
        public struct Example: Codable, Sendable, Equatable {
            public enum Kind: String, Codable, Sendable, CaseIterable {
                case good, bad
            }

            public var kind: Kind
            public var text: LocalizedText

            public init(kind: Kind, text: LocalizedText) {
                self.kind = kind
                self.text = text
            }
        }

        /// A figure as a rule shows it: the published file and its alt text.
        public struct FigureReference: Codable, Sendable, Equatable {
            /// Relative to the site root, e.g. `assets/figures/tab-bar--few-tabs--do-3f2a9c1e04.svg`.
            public var src: String
            public var alt: LocalizedText

            public init(src: String, alt: LocalizedText) {
                self.src = src
                self.alt = alt
            }
        }

        /// How an earlier edition of the guidelines put the same advice.
        public struct EarlierForm: Codable, Sendable, Equatable {
            public var edition: String
            /// Plain text, per language.
            public var text: LocalizedText

            public init(edition: String, text: LocalizedText) {
                self.edition = edition
                self.text = text
            }
        }

        public init(id: String, chapter: String, section: String?, scope: String, kind: Kind,
                    status: Status, edition: String, title: LocalizedText, text: LocalizedText,
                    url: LocalizedText, related: [String], replacedBy: [String] = [],
                    note: LocalizedText? = nil, translation: TranslationState = TranslationState(),
                    basis: [String]? = nil, history: [EarlierForm]? = nil, sectionTitle: LocalizedText? = nil,
                    position: Int? = nil, tags: [String]? = nil, permalink: LocalizedText? = nil,
                    figures: [FigureReference]? = nil, measures: [Measure]? = nil, examples: [Example]? = nil) {
            self.figures = figures
            self.measures = measures
            self.examples = examples
            self.sectionTitle = sectionTitle
            self.position = position
            self.tags = tags
            self.permalink = permalink
            self.id = id
            self.chapter = chapter
            self.section = section
            self.scope = scope
            self.kind = kind
            self.status = status
            self.edition = edition
            self.introducedIn = edition
            self.replacedBy = replacedBy
            self.note = note
            self.translation = translation
            self.title = title
            self.text = text
            self.url = url
            self.related = related
            self.basis = basis
            self.history = history
        }
    }
}

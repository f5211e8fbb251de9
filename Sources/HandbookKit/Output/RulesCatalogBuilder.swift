import Foundation
import HandbookMarkdown
import RulesCatalog

/// Builds `rules.json` from the resolved handbook. Every language is required for every entry:
/// the bilingual check has already made sure each rule exists in each. Values that do not
/// depend on the language (weights, editions, statuses, links) are the source language's, which
/// the bilingual check found equal in every translation.
struct RulesCatalogBuilder: Sendable {
    let index: HandbookIndex
    let resolver: LinkResolver
    let links: LinkChecker.Findings
    var freshness = TranslationFreshness()
    /// The site's absolute URL: with it, every entry has a `permalink` beside its `url`.
    var baseURL: String?
    /// The last release in `content/changelog.yaml`: the catalogue's `version` and `released`.
    var release: Changelog.Release?

    typealias Entries = (chapter: Catalog.Chapter?, rules: [Catalog.Rule])

    /// What a chapter's entries read beyond its source text and the outline.
    struct EntriesContext: Equatable, Sendable {
        /// The translations' revisions.
        var revisions: [Int?]
        var outdated: [Bool]
        var references: [[String]]
    }

    var handbook: Handbook { index.handbook }

    /// Each source chapter's entries, with its rules in every language: independent of the
    /// other chapters' (made on all cores; kept between builds by `serve`).
    struct ChapterEntries: ChapterWork {
        let builder: RulesCatalogBuilder

        var chapters: [Chapter] { builder.handbook.chapters(in: builder.handbook.languages.source) }

        func output(for chapter: Chapter) -> Entries { builder.entries(of: chapter) }

        func context(for chapter: Chapter) -> EntriesContext {
            let languages = builder.handbook.languages
            let ids = chapter.rules.map { chapter.ruleID($0.localID) }
            return EntriesContext(
                revisions: languages.translations.map { builder.index.chapter(chapter.identifier, in: $0)?.revision },
                outdated: ids.flatMap { id in languages.all.map { builder.freshness.isOutdated(id, in: $0) } },
                references: ids.map { builder.links.ruleReferences[$0] ?? [] })
        }
    }

    var chapterEntries: ChapterEntries { ChapterEntries(builder: self) }

    func build() async -> Catalog {
        build(await chapterEntries.outputs())
    }

    /// The catalogue of `chapterEntries`' outputs.
    func build(_ made: [Entries]) -> Catalog {
        let languages = handbook.languages
        let scopes = handbook.parts(in: languages.source).compactMap { part -> Catalog.Scope? in
            guard let title = each({ handbook.part(part.id, in: $0)?.title }),
                  let summary = each({ handbook.part(part.id, in: $0)?.summary }) else { return nil }
            return Catalog.Scope(id: part.id, title: title, summary: summary, weight: part.weight,
                                 url: localized { SiteURLs.part(part.id, $0) },
                                 permalink: permalink { SiteURLs.part(part.id, $0) })
        }
        return Catalog(languages: languages.all, scopes: scopes,
                       chapters: made.compactMap(\.chapter).sorted { $0.id < $1.id }, rules: Self.sortedByID(made),
                       version: release?.version, released: release?.date, generated: Self.generated(languages))
    }

    /// The generated languages and how they are made, for rules.json; nil when there are none.
    static func generated(_ languages: HandbookLanguages) -> [String: Catalog.Generation]? {
        guard !languages.conversions.isEmpty else { return nil }
        return Dictionary(uniqueKeysWithValues: languages.conversions.map { language, conversion in
            (language.tag, Catalog.Generation(from: conversion.from.tag, method: "OpenCC \(conversion.openCC)"))
        })
    }

    private static func nonEmpty(_ tags: [String]) -> [String]? { tags.isEmpty ? nil : tags }

    /// Every chapter's rules in one list sorted by id. A rule id is its chapter's id with dots
    /// (`part.chapter.`) and the rule's own, so chapters in the order of that prefix, each with
    /// its rules sorted, give the order without sorting every rule against every other, and each
    /// rule (a few dozen strings) is copied once. Checked, with a full sort if it ever differs.
    private static func sortedByID(_ made: [Entries]) -> [Catalog.Rule] {
        func prefix(_ entries: Entries) -> String {
            guard let first = entries.rules.first else { return "" }
            return String(first.id[..<(first.id.utf8.lastIndex(of: UInt8(ascii: ".")) ?? first.id.utf8.startIndex)]) + "."
        }
        let prefixes = made.map(prefix)
        var rules: [Catalog.Rule] = []
        rules.reserveCapacity(made.reduce(0) { $0 + $1.rules.count })
        for chapter in made.indices.sorted(by: { prefixes[$0] < prefixes[$1] }) {
            let own = made[chapter].rules
            for rule in own.indices.sorted(by: { own[$0].id < own[$1].id }) { rules.append(own[rule]) }
        }
        guard rules.indices.dropFirst().allSatisfy({ rules[$0 - 1].id < rules[$0].id }) else {
            return rules.sorted { $0.id < $1.id }
        }
        return rules
    }

    /// The entries of a chapter, given in the source language.
    private func entries(of chapter: Chapter) -> Entries {
        var versions: [Language: Chapter] = [:]
        for language in handbook.languages.all {
            guard let version = index.chapter(chapter.identifier, in: language) else { return (nil, []) }
            versions[language] = version
        }
        let entry = Catalog.Chapter(
            id: chapter.id, scope: chapter.part, title: each { versions[$0]!.title }!,
            summary: each { versions[$0]!.summary }!, weight: chapter.weight,
            edition: chapter.edition, status: chapter.status, url: localized { SiteURLs.chapter(chapter.identifier, $0) },
            related: chapter.related.sorted(), note: each { versions[$0]!.legacyNote },
            permalink: permalink { SiteURLs.chapter(chapter.identifier, $0) }, tags: Self.tags(chapter.tags),
            generated: Self.nonEmpty(handbook.languages.translations.filter { versions[$0]?.isGenerated == true }.map { $0.tag }))
        var rules: [Catalog.Rule] = []
        for (position, rule) in chapter.rules.enumerated() {
            var ruleVersions: [Language: Rule] = [:]
            for (language, version) in versions {
                ruleVersions[language] = version.rules.first { $0.localID == rule.localID }
            }
            guard ruleVersions.count == versions.count else { continue }
            let identifier = chapter.identifier(of: rule), id = identifier.description
            rules.append(Catalog.Rule(
                id: id, chapter: chapter.id, section: rule.section, scope: chapter.part, kind: rule.kind,
                status: rule.status ?? chapter.status, edition: rule.edition ?? chapter.edition,
                title: each { ruleVersions[$0]!.title }!,
                text: each { plainText(ruleVersions[$0]!.body, versions[$0]!) }!,
                url: localized { SiteURLs.path(of: .rule(identifier), in: $0) },
                related: links.ruleReferences[id] ?? [], replacedBy: rule.replacedBy,
                // A rule of a legacy chapter carries the chapter's note on what replaced it.
                note: each { language in
                    let version = ruleVersions[language]!
                    return version.note ?? (version.status == nil ? versions[language]!.legacyNote : nil)
                },
                translation: TranslationState(Dictionary(uniqueKeysWithValues: handbook.languages.all.map {
                    ($0, freshness.isOutdated(id, in: $0) ? Freshness.outdated : .current)
                })),
                basis: rule.basis ?? chapter.basis,
                // Earlier forms, position by position (the bilingual check makes the editions agree).
                history: rule.history.indices.map { position in
                    Catalog.Rule.EarlierForm(edition: rule.history[position].edition, text: each { language in
                        let forms = ruleVersions[language]!.history
                        return forms.indices.contains(position) ? plainText(forms[position].body, versions[language]!) : nil
                    }!)
                },
                sectionTitle: rule.section.flatMap { anchor in
                    each { language in versions[language]!.sections.first { $0.anchor == anchor }?.titleText }
                },
                position: position + 1, tags: Self.tags(chapter.tags + rule.tags),
                permalink: permalink { SiteURLs.path(of: .rule(identifier), in: $0) },
                figures: figures(of: rule, in: ruleVersions),
                measures: rule.measures.isEmpty ? nil : rule.measures,
                examples: examples(of: rule, in: ruleVersions)))
        }
        return (entry, rules)
    }

    /// The figures of a rule's body, paired by position (every language shows the same), with
    /// their alt text per language; nil when the rule shows none.
    private func figures(of rule: Rule, in versions: [Language: Rule]) -> [Catalog.Rule.FigureReference]? {
        let shown = versions.mapValues(Self.images)
        let references = Self.images(rule.body).indices.compactMap { position -> Catalog.Rule.FigureReference? in
            guard let figure = handbook.figures.figure(forSource: Self.images(rule.body)[position].source),
                  let alt = each({ language in shown[language].flatMap { $0.indices.contains(position) ? $0[position].alt : nil } })
            else { return nil }
            return .init(src: figure.sitePath, alt: alt)
        }
        return references.isEmpty ? nil : references
    }

    /// The examples of a rule with their text in every language, paired by kind and position
    /// (the bilingual check makes every language give as many of each); nil when it gives none.
    private func examples(of rule: Rule, in versions: [Language: Rule]) -> [Catalog.Rule.Example]? {
        var examples: [Catalog.Rule.Example] = []
        for kind in Rule.Example.Kind.allCases {
            let count = rule.examples.filter { $0.kind == kind }.count
            for position in 0..<count {
                guard let text = each({ language -> String? in
                    let own = versions[language]!.examples.filter { $0.kind == kind }
                    return own.indices.contains(position) ? own[position].text : nil
                }) else { continue }
                examples.append(.init(kind: kind, text: text))
            }
        }
        return examples.isEmpty ? nil : examples
    }

    /// The images of a rule's body, in order: their sources and alt texts.
    private static func images(_ rule: Rule) -> [(source: String, alt: String)] { images(rule.body) }

    private static func images(_ blocks: [MarkdownBlock]) -> [(source: String, alt: String)] {
        var found: [(source: String, alt: String)] = []
        for block in blocks {
            block.forEachInline { inline in
                if case .image(let source, _, let alt, _) = inline { found.append((source, alt.plainText)) }
            }
        }
        return found
    }

    /// A value in every language; nil when one has none.
    private func each<Value: Codable & Sendable & Equatable>(_ value: (Language) -> Value?) -> PerLanguage<Value>? {
        var values: [(Language, Value)] = []
        values.reserveCapacity(handbook.languages.all.count)
        for language in handbook.languages.all {
            guard let found = value(language) else { return nil }
            values.append((language, found))
        }
        return PerLanguage(byLanguage: values)
    }

    private func localized(_ make: (Language) -> String) -> LocalizedText {
        each(make)!
    }

    /// The absolute form of a path per language, when the site's URL is known.
    private func permalink(_ make: (Language) -> String) -> LocalizedText? {
        guard let baseURL, !baseURL.isEmpty else { return nil }
        return each { Permalink.make(make($0), baseURL: baseURL) }
    }

    /// Sorted and unique; nil for none, so that an untagged entry writes no key.
    static func tags(_ tags: [String]) -> [String]? {
        tags.isEmpty ? nil : Array(Set(tags)).sorted()
    }

    /// `glossary.json`: the glossary's entries by id, with each language's term.
    func glossary() -> GlossaryCatalog {
        let languages = handbook.languages.all
        let termLanguages = languages.contains { $0.tag == GlossaryEntry.traditionalChineseTag }
            ? languages : languages + [Language(tag: GlossaryEntry.traditionalChineseTag)]
        var seen = Set<String>()
        let terms = handbook.glossary.entries.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }.map { entry in
            GlossaryCatalog.Term(
                id: entry.id,
                term: PerLanguage(Dictionary(uniqueKeysWithValues: termLanguages.map { ($0, entry.term(in: $0)) })),
                variants: Array(Set(entry.variants)).sorted(),
                definition: entry.note)
        }
        return GlossaryCatalog(languages: languages, terms: terms)
    }

    func plainText(_ blocks: [MarkdownBlock], _ chapter: Chapter) -> String {
        // The closure keeps what it reads, not a copy of the whole builder.
        let resolver = resolver, index = index
        return PlainTextRenderer { target, text in
            if let text { return text }
            guard case .success(let resolved) = resolver.resolve(wikiTarget: target, from: chapter,
                                                                 language: chapter.language)
            else { return target }
            return index.title(of: resolved, in: chapter.language)
        }.render(blocks)
    }

    /// Sorted keys, no timestamps: two builds give the same bytes (`JSONEncoder`'s, with
    /// `.prettyPrinted, .sortedKeys, .withoutEscapingSlashes`, written by `CatalogJSON`).
    static func encode(_ catalog: Catalog) throws -> Data { Data(try CatalogJSON.encode(catalog)) }
}

import Foundation
import RulesCatalog

/// Builds `rules.json` from the resolved handbook. Both languages are required for every entry:
/// the bilingual check has already made sure each rule exists in both.
struct RulesCatalogBuilder {
    let index: HandbookIndex
    let resolver: LinkResolver
    let links: LinkChecker.Findings
    var freshness = TranslationFreshness()
    /// Each chapter's entries from the previous build (`serve`).
    var memo: ChapterMemo<Entries>?

    typealias Entries = (chapter: Catalog.Chapter?, rules: [Catalog.Rule])

    /// What a chapter's entries read beyond its two languages' text and the outline.
    private struct EntriesContext: Equatable, Sendable {
        var zhRevision: Int?
        var outdated: [Bool]
        var references: [[String]]
    }

    var handbook: Handbook { index.handbook }

    func build() async -> Catalog {
        let scopes = handbook.parts(in: .en).compactMap { en -> Catalog.Scope? in
            guard let zh = handbook.part(en.id, in: .zhHans) else { return nil }
            return Catalog.Scope(
                id: en.id, title: LocalizedText(zhHans: zh.title, en: en.title),
                summary: LocalizedText(zhHans: zh.summary, en: en.summary), weight: en.weight,
                url: localized { SiteURLs.part(en.id, $0) })
        }
        // Each chapter's entries are independent: made on all cores, then sorted by id.
        let made = await ParallelMap.map(handbook.chapters(in: .en)) { en in
            guard let memo else { return entries(of: en) }
            let ids = en.rules.map { en.ruleID($0.localID) }
            let context = EntriesContext(
                zhRevision: index.chapter(en.id, in: .zhHans)?.revision,
                outdated: ids.flatMap { id in Language.allCases.map { freshness.isOutdated(id, in: $0) } },
                references: ids.map { links.ruleReferences[$0] ?? [] })
            return memo.value(for: en, context: context) { entries(of: en) }
        }
        return Catalog(scopes: scopes, chapters: made.compactMap(\.chapter).sorted { $0.id < $1.id },
                       rules: Self.sortedByID(made))
    }

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

    private func entries(of en: Chapter) -> Entries {
        guard let zh = index.chapter(en.id, in: .zhHans) else { return (nil, []) }
        let chapter = Catalog.Chapter(
            id: en.id, scope: en.part, title: LocalizedText(zhHans: zh.title, en: en.title),
            summary: LocalizedText(zhHans: zh.summary, en: en.summary), weight: en.weight,
            edition: en.edition, status: en.status, url: localized { SiteURLs.chapter(en.id, $0) },
            related: en.related.sorted(),
            note: en.legacyNote.flatMap { note in zh.legacyNote.map { LocalizedText(zhHans: $0, en: note) } })
        var rules: [Catalog.Rule] = []
        for rule in en.rules {
            guard let zhRule = zh.rules.first(where: { $0.localID == rule.localID }) else { continue }
            let id = en.ruleID(rule.localID)
            rules.append(Catalog.Rule(
                id: id, chapter: en.id, section: rule.section, scope: en.part, kind: rule.kind,
                status: rule.status ?? en.status, edition: rule.edition ?? en.edition,
                title: LocalizedText(zhHans: zhRule.title, en: rule.title),
                text: LocalizedText(zhHans: plainText(zhRule.body, zh), en: plainText(rule.body, en)),
                url: localized { SiteURLs.path(of: .rule(id), in: $0) },
                related: links.ruleReferences[id] ?? [], replacedBy: rule.replacedBy,
                // A rule of a legacy chapter carries the chapter's note on what replaced it.
                note: (rule.note ?? (rule.status == nil ? en.legacyNote : nil)).flatMap { note in
                    (zhRule.note ?? (zhRule.status == nil ? zh.legacyNote : nil)).map { LocalizedText(zhHans: $0, en: note) }
                },
                translation: TranslationState(
                    zhHans: freshness.isOutdated(id, in: .zhHans) ? .outdated : .current,
                    en: freshness.isOutdated(id, in: .en) ? .outdated : .current),
                basis: rule.basis ?? en.basis,
                history: zip(rule.history, zhRule.history).map { earlier, zhEarlier in
                    Catalog.Rule.EarlierForm(edition: earlier.edition,
                                             text: LocalizedText(zhHans: plainText(zhEarlier.body, zh), en: plainText(earlier.body, en)))
                }))
        }
        return (chapter, rules)
    }

    private func localized(_ make: (Language) -> String) -> LocalizedText {
        LocalizedText(zhHans: make(.zhHans), en: make(.en))
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
    static func encode(_ catalog: Catalog) -> Data { Data(CatalogJSON.encode(catalog)) }
}

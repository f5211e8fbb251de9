import Foundation
import HandbookSearch
import RulesCatalog
import Synchronization

/// The text search of the `rules` command and the MCP server: the site search's ranking
/// (`SearchRanking`) over the search index the site publishes for each language, so that a
/// query gives the same rules in the same order in all three (issue #28).
public struct RuleSearch: Sendable {
    public let normalizer: SearchNormalizer
    /// By language tag; each made on its first query (the `rules` command asks one language).
    private let rankings: Rankings

    struct Ranked: Sendable {
        var ranking: SearchRanking
        /// Each record's rule id ("" for chapters, sections and terms).
        var ruleIDs: [String]
    }

    private final class Rankings: Sendable {
        let indexes: [String: SearchIndex]
        let normalizer: SearchNormalizer
        private let made = Mutex<[String: Ranked]>([:])

        init(indexes: [String: SearchIndex], normalizer: SearchNormalizer) {
            self.indexes = indexes
            self.normalizer = normalizer
        }

        subscript(language: String) -> Ranked? {
            if let ranked = made.withLock({ $0[language] }) { return ranked }
            guard let index = indexes[language] else { return nil }
            let ranked = Ranked(ranking: SearchRanking(index: index, normalizer: normalizer),
                                ruleIDs: index.records.map { $0.kind == .rule ? $0.ruleID : "" })
            made.withLock { $0[language] = ranked }
            return ranked
        }
    }

    public init(indexes: [SearchIndex], normalizer: SearchNormalizer) {
        self.normalizer = normalizer
        rankings = Rankings(indexes: Dictionary(indexes.map { ($0.language, $0) }, uniquingKeysWith: { first, _ in first }),
                            normalizer: normalizer)
    }

    /// The indexes of the site a `rules.json` was published with, `<lang folder>/search-index.js`
    /// beside it (the folder of a language is the first part of its rules' URLs); a language
    /// whose index is missing is searched in an index of the catalogue's rules alone.
    public init(publishedWith rulesJSON: URL, catalog: Catalog, normalizer: SearchNormalizer) {
        let site = rulesJSON.deletingLastPathComponent()
        var indexes: [SearchIndex] = []
        for tag in catalog.languages {
            let language = Language(tag: tag)
            let folder = catalog.rules.lazy.compactMap { $0.url[language]?.split(separator: "/").first }.first.map(String.init)
            let languageFolder = folder.map { site.appendingPathComponent($0) }
            if let languageFolder, let data = try? Data(contentsOf: languageFolder.appendingPathComponent("search-index.js")),
               let index = try? SearchIndex.decode(script: data, chunk: { number in
                   try? Data(contentsOf: languageFolder.appendingPathComponent("search-index/\(number).js"))
               }) {
                indexes.append(index)
            } else {
                indexes.append(Self.rulesOnlyIndex(catalog, language, normalizer))
            }
        }
        self.init(indexes: indexes, normalizer: normalizer)
    }

    /// A search index of the catalogue's rules alone, for a catalogue read without its site: the
    /// same ranking, without the chapters, sections, terms and synonyms the site's index holds.
    static func rulesOnlyIndex(_ catalog: Catalog, _ language: Language, _ normalizer: SearchNormalizer) -> SearchIndex {
        let reader = PinyinReader.shared
        let records = catalog.inReadingOrder(catalog.rules).map { rule in
            let title = rule.title[language] ?? ""
            let normalized = normalizer.normalize(title)
            return SearchIndex.Record(kind: .rule, scope: -1, title: title, text: rule.text[language] ?? "", context: "",
                                      url: rule.url[language] ?? "", ruleID: rule.id, edition: rule.introducedIn,
                                      pinyin: normalized.contains(where: PinyinReader.isSearchHan) ? reader.exceptionalKey(normalized) : "",
                                      status: rule.status)
        }
        let titles = records.map { normalizer.normalize($0.title) }
        let readsPinyin = titles.contains { $0.contains(where: PinyinReader.isSearchHan) }
        return SearchIndex(language: language.tag, scopes: [], records: records, variants: "", synonyms: [],
                           readings: readsPinyin ? reader.readings(of: titles.flatMap(\.unicodeScalars)) : "")
    }

    /// `rules` ranked for `text` in `language`'s index, best first; nil when the language has no index.
    func rank(_ text: String, in language: String, among rules: [Catalog.Rule]) -> [Catalog.Rule]? {
        guard let ranked = rankings[language] else { return nil }
        let byID = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ranked.ranking.ranked(text) { byID[ranked.ruleIDs[$0]] != nil }.compactMap { byID[ranked.ruleIDs[$0]] }
    }
}

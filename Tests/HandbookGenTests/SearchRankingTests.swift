import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit
@testable import HandbookSearch

/// One ranking everywhere (issue #28): `SearchRanking` is search.js's ranking in Swift, and the
/// `rules` command and the MCP server rank with it. The e2e test `test_ranking_shared.py` checks
/// that the site, the command and the server give the same top 10 for the shared query set.
@Suite struct SearchRankingTests {
    static let repo = FixtureHandbook.repoRoot

    /// The real handbook's catalogue and the search over the indexes the site would publish.
    static func handbook() async throws -> (catalog: Catalog, search: RuleSearch, indexes: [SearchIndex]) {
        var log = DiagnosticLog()
        let file = HandbookConfiguration.load(path: repo.appendingPathComponent("handbook.yaml").path, log: &log)
        let configuration = BuildConfiguration(contentPath: repo.appendingPathComponent("content").path,
                                               templatesPath: repo.appendingPathComponent("templates").path,
                                               baselinePath: nil, languages: file.handbookLanguages)
        let outcome = await HandbookBuilder(configuration: configuration).catalogue(searchIndexes: true)
        let catalog = try #require(outcome.catalog, "\(outcome.diagnostics.prefix(3))")
        let normalizer = SearchNormalizer(variants: try #require(ChineseVariantTable.load(log: &log)))
        return (catalog, RuleSearch(indexes: outcome.searchIndexes, normalizer: normalizer), outcome.searchIndexes)
    }

    struct SharedQuery: Decodable {
        var query: String
        var language: String
        var first: String
    }

    @Test func theSharedQuerySetGivesItsFirstRuleThroughRuleQuery() async throws {
        let (catalog, search, _) = try await Self.handbook()
        let queries = try JSONDecoder().decode([SharedQuery].self, from: Data(contentsOf: Self.repo.appendingPathComponent(
            "Tests/shared/rule-ranking-queries.json")))
        #expect(queries.count >= 15)
        for query in queries {
            let language = try #require(catalog.language(matching: query.language))
            // As the e2e test asks: current rules, like the search page's default.
            let found = RuleQuery(status: .current, text: query.query, language: language).run(on: catalog, search: search)
            #expect(found.first?.id == query.first, "\(query.language) '\(query.query)': \(found.prefix(3).map(\.id))")
        }
    }

    /// The site's own query set (Tests/e2e/search-queries.json: chapters, terms, sections and
    /// rules, pinyin, Traditional forms and typos) gives the same first result in Swift.
    @Test func theSitesQuerySetGivesTheSameFirstResultInSwift() async throws {
        let (_, search, indexes) = try await Self.handbook()
        struct SiteQuery: Decodable {
            var query: String
            var language: String
            var first: String
        }
        let queries = try JSONDecoder().decode([SiteQuery].self, from: Data(contentsOf: Self.repo.appendingPathComponent(
            "Tests/e2e/search-queries.json")))
        #expect(queries.count >= 20)
        for query in queries {
            let index = try #require(indexes.first { $0.records.first?.url.hasPrefix(query.language + "/") == true })
            let ranking = SearchRanking(index: index, normalizer: search.normalizer)
            let first = ranking.ranked(query.query) { _ in true }.first.map { index.records[$0].url }
            #expect(first == query.first, "\(query.language) '\(query.query)'")
        }
    }

    /// The tools rank over the very index the site publishes: the catalogue stage's indexes,
    /// written as a script, are the golden site's `<lang>/search-index.js` byte for byte; and
    /// read back from the script, they give the same ranking input.
    @Test func theToolsIndexIsThePublishedOne() async throws {
        let fixture = try FixtureHandbook()
        let outcome = await HandbookBuilder(configuration: fixture.configuration).catalogue(searchIndexes: true)
        #expect(outcome.searchIndexes.map(\.language) == ["zh-Hans", "en"])
        for (index, folder) in zip(outcome.searchIndexes, ["zh", "en"]) {
            let published = try Data(contentsOf: GoldenTests.goldenFolder.appendingPathComponent("\(folder)/search-index.js"))
            #expect(try SearchIndexBuilder.script(index) == published, "\(folder)")
            let read = try SearchIndex.decode(script: published)
            #expect(read == index, "\(folder)")
        }
    }

    /// A rules.json without its site beside it is ranked over an index of its rules alone:
    /// still prefixes, Traditional forms and pinyin, without the site's synonyms.
    @Test func aCatalogueWithoutItsSiteIsRankedOverItsRules() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ranking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("rules.json")
        try FileManager.default.copyItem(at: GoldenTests.goldenFolder.appendingPathComponent("rules.json"), to: url)
        let catalog = try Catalog.decode(from: Data(contentsOf: url))
        var log = DiagnosticLog()
        let search = RuleSearch(publishedWith: url, catalog: catalog, normalizer: SearchNormalizer(variants: try #require(ChineseVariantTable.load(log: &log))))
        let run = { (text: String, language: Language) in RuleQuery(text: text, language: language).run(on: catalog, search: search).map(\.id) }
        #expect(run("verb tit", .en).first == "controls.buttons.verb-titles")
        #expect(run("dong ci", .zhHans).first == "controls.buttons.verb-titles")
        #expect(run("動詞", .zhHans).first == "controls.buttons.verb-titles")
        // A Chinese query for an English answer: nothing in English, so the Chinese titles rank it.
        #expect(run("动词", .en).first == "controls.buttons.verb-titles")
    }

    /// search.js holds the same weights and penalties (its query module, the kinds' order in its
    /// index module): a change to one side fails here.
    @Test func searchJSHasTheSameWeights() throws {
        let folder = Self.repo.appendingPathComponent("templates/assets/search")
        let script = try String(contentsOf: folder.appendingPathComponent("30-query.js"), encoding: .utf8)
        let index = try String(contentsOf: folder.appendingPathComponent("20-index.js"), encoding: .utf8)
        for (name, value) in SearchRanking.weights {
            let pattern = try Regex("[ ,]\(name) = ([0-9.]+)[,;]")
            let found = try #require(script.firstMatch(of: pattern), "search.js has no \(name)")
            #expect(Double(found.output[1].substring ?? "") == value, "\(name)")
        }
        // Numbers search.js writes in place.
        #expect(script.contains("alts.splice(1, 0, [term, \(Int(SearchRanking.glossaryWhole))])"))
        #expect(script.contains("alts.push([term, \(Int(SearchRanking.glossaryBegun))])"))
        #expect(script.contains("TYPO + \(Int(SearchRanking.typoSecond)) * n"))
        #expect(index.contains("var KIND_ORDER = { c: 0, t: 1, s: 2, r: 3 };"))
        #expect(SearchRanking.kindOrder == [.chapter: 0, .term: 1, .section: 2, .rule: 3])
    }

    @Test func aTypoIsCorrectedAndTheTitleCoveredMoreComesFirst() {
        var log = DiagnosticLog()
        let normalizer = SearchNormalizer(variants: ChineseVariantTable.load(log: &log)!)
        let records = ["Navigation bars", "Tab bars", "Navigation and search", "Toolbars"].enumerated().map { n, title in
            SearchIndex.Record(kind: .rule, scope: 0, title: title, text: "", context: "", url: "en/\(n).html", ruleID: "r\(n)")
        }
        let ranking = SearchRanking(index: SearchIndex(language: "en", scopes: [], records: records, variants: "", synonyms: []),
                                    normalizer: normalizer)
        // "navigaton" begins no word: corrected to "navigation", the shorter title first.
        #expect(ranking.ranked("navigaton") { _ in true } == [0, 2])
        // Both titles hold the word whole: the one it covers more of first ("Toolbars" holds no word "bars").
        #expect(ranking.ranked("bars") { _ in true } == [1, 0])
        #expect(SearchRanking.editKind(Array("navigaton".utf16), Array("navigation".utf16), 10) == 0)
    }

    @Test func synonymsNamingNoGlossaryTermAreReported() throws {
        let text = "- term: touch-target\n  names: [tap target, 44 pt]\n- term: touch-targte\n  names: [x]\n- names: [y]\n"
        let file = SourceFile(path: "content/search-synonyms.yaml", text: text)
        let glossary = Glossary(entries: [GlossaryEntry(
            id: "touch-target", en: "touch target", zh: "触控区域", zhHant: "觸控區域", variants: [], note: nil,
            location: SourceLocation(file: "content/glossary.yaml", line: 1, column: 1))])
        var log = DiagnosticLog()
        let synonyms = SearchSynonyms.parse(file, glossary: glossary, log: &log)
        #expect(synonyms.names == ["touch-target": ["tap target", "44 pt"]])
        #expect(log.sorted.map(\.id) == ["search-synonyms.unknown-term", "search-synonyms.malformed"])
        #expect(log.sorted.first?.description
                == "content/search-synonyms.yaml:3:9: error: 'touch-targte' is not a glossary term; did you mean 'touch-target'?")
    }
}

import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit
import HandbookMCP
import MCP

/// The catalogue as tools use it: the RulesCatalog library decodes what the generator publishes,
/// and queries match the way the site search does.
@Suite struct CatalogAccessTests {
    let catalog: Catalog
    let normalizer: SearchNormalizer

    init() throws {
        let data = try Data(contentsOf: GoldenTests.goldenFolder.appendingPathComponent("rules.json"))
        catalog = try Catalog.decode(from: data)
        var log = DiagnosticLog()
        normalizer = SearchNormalizer(variants: try #require(ChineseVariantTable.load(log: &log)))
    }

    @Test func libraryDecodesThePublishedCatalogueAndReencodesItByteForByte() async throws {
        let data = try Data(contentsOf: GoldenTests.goldenFolder.appendingPathComponent("rules.json"))
        #expect(RulesCatalogBuilder.encode(catalog) == data)
        #expect(catalog.schemaVersion == Catalog.currentSchemaVersion)
    }

    @Test func aUserTagMeansTheClosestCataloguedLanguage() {
        let matches = { (catalog: Catalog, tag: String) in catalog.language(matching: tag)?.tag }
        for (tag, expected) in [("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-TW", "zh-Hans"), ("EN-us", "en"), ("fr", nil)] {
            #expect(matches(catalog, tag) == expected, "\(tag)")
        }
        var three = catalog
        three.languages.append("zh-Hant")
        for (tag, expected) in [("zh", "zh-Hans"), ("zh-hans-CN", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh-hant", "zh-Hant"),
                                ("zh-Hant-HK", "zh-Hant"), ("en", "en")] {
            #expect(matches(three, tag) == expected, "\(tag)")
        }
    }

    @Test func everyFieldTheSchemaRequiresIsWritten() async throws {
        // The schema's `required` lists, checked against the keys the Codable types produce.
        let schema = try #require(try JSONSerialization.jsonObject(with: Catalog.schema) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let json = try #require(try JSONSerialization.jsonObject(with: RulesCatalogBuilder.encode(catalog)) as? [String: Any])
        for (name, key) in [("rule", "rules"), ("chapter", "chapters"), ("scope", "scopes")] {
            let required = try #require((defs[name] as? [String: Any])?["required"] as? [String])
            let allowed = try #require(((defs[name] as? [String: Any])?["properties"] as? [String: Any])?.keys)
            for item in try #require(json[key] as? [[String: Any]]) {
                #expect(Set(required).isSubset(of: item.keys), "\(name) lacks \(Set(required).subtracting(item.keys))")
                #expect(Set(item.keys).isSubset(of: Set(allowed)), "\(name) has keys the schema does not allow")
            }
        }
    }

    @Test func lookUpAndFilter() async throws {
        let rule = try #require(catalog.rule(withID: "controls.buttons.verb-titles"))
        #expect(rule.title[.en] == "Use verbs in titles")
        #expect(rule.url[.zhHans] == "zh/controls/buttons.html#verb-titles")
        #expect(catalog.rules(scope: "controls", kind: .avoid).map(\.id) == ["controls.buttons.home-button-shortcuts", "controls.buttons.long-titles"])
        #expect(catalog.rules(status: .deprecated).map(\.id) == ["controls.buttons.single-word-titles"])
        #expect(catalog.rules(status: .deprecated).first?.replacedBy == ["controls.buttons.short-titles"])
        #expect(catalog.rules(chapter: "bars/toolbar").count == 1)
    }

    @Test func textQueriesMatchLikeTheSiteSearch() async {
        let run = { (text: String) in RuleQuery(text: text).run(on: self.catalog, normalizer: self.normalizer).map(\.id) }
        // Chinese from the middle of a word, Traditional forms, English prefixes, ids.
        // The toolbar rule's text links to the verb-titles rule by its title: a body match, ranked after.
        #expect(run("动词") == ["controls.buttons.verb-titles", "bars.toolbar.few-items"])
        #expect(run("詞作") == ["controls.buttons.verb-titles", "bars.toolbar.few-items"])
        #expect(run("標題").contains("controls.buttons.verb-titles"))
        #expect(run("verb tit").first == "controls.buttons.verb-titles")
        #expect(run("erb").isEmpty)
        #expect(run("home-button") == ["controls.buttons.home-button-shortcuts"])
        #expect(RuleQuery(kind: .consider, text: "标题").run(on: catalog, normalizer: normalizer).map(\.id)
                == ["controls.buttons.short-titles"])
    }

    @Test func queriesAnswerInReadingOrder() {
        // Part weight, chapter weight, place in the chapter: the toolbar (bars) before buttons,
        // and the buttons' rules as the page shows them, not by id.
        let all = RuleQuery().run(on: catalog, normalizer: normalizer).map(\.id)
        #expect(all.first == "bars.toolbar.few-items")
        let buttons = catalog.rules(chapter: "controls/buttons").sorted { $0.position! < $1.position! }.map(\.id)
        #expect(Array(all.dropFirst()) == buttons)
        #expect(buttons != buttons.sorted())
        #expect(RuleQuery(kind: .avoid).run(on: catalog, normalizer: normalizer).map(\.id)
                == ["controls.buttons.long-titles", "controls.buttons.home-button-shortcuts"])
        #expect(RuleQuery(tag: "topic:none").run(on: catalog, normalizer: normalizer).isEmpty)
    }

    @Test func listingsInEachFormat() async throws {
        let rules = [try #require(catalog.rule(withID: "controls.buttons.verb-titles"))]
        let zh = RuleListing(catalog: catalog, language: .zhHans, baseURL: "https://example.com/hig/")
        let json = try zh.render(rules, as: .json)
        let answers = try JSONDecoder().decode([RuleAnswer].self, from: Data(json.utf8))
        #expect(answers.first?.title == "用动词作标题")
        #expect(answers.first?.permalink == "https://example.com/hig/zh/controls/buttons.html#verb-titles")
        let csv = RuleListing(catalog: catalog, language: .en, baseURL: nil).csv(rules)
        #expect(csv.hasPrefix(CSVEscaping.byteOrderMark + "\"id\",\"kind\",\"status\",\"scope\",\"chapter\",\"title\",\"text\",\"permalink\"\r\n\"controls.buttons.verb-titles\",\"do\""))
        #expect(csv.hasSuffix("\"en/controls/buttons.html#verb-titles\"\r\n"))
        let markdown = zh.markdown(rules)
        #expect(markdown.contains("## [按钮](https://example.com/hig/zh/controls/buttons.html)"))
        #expect(markdown.contains("- [ ] **应该** 用动词作标题 — [`controls.buttons.verb-titles`](https://example.com/hig/zh/controls/buttons.html#verb-titles)"))
    }

    @Test func mcpToolsAnswerWithIdsTextAndPermalinks() async throws {
        let tools = CatalogTools(catalog: catalog, normalizer: normalizer, baseURL: "https://example.com/hig")
        #expect(tools.tools.map(\.name) == ["search_rules", "get_rule", "list_scopes", "list_chapters"])
        let found = tools.call("search_rules", arguments: ["query": .string("動詞"), "language": .string("zh")])
        #expect(found.isError != true)
        let rules = try #require(found.structuredContent?.objectValue?["rules"]?.arrayValue)
        #expect(rules.first?.objectValue?["id"]?.stringValue == "controls.buttons.verb-titles")
        #expect(rules.first?.objectValue?["title"]?.stringValue == "用动词作标题")
        #expect(rules.first?.objectValue?["permalink"]?.stringValue == "https://example.com/hig/zh/controls/buttons.html#verb-titles")
        let deprecated = tools.call("get_rule", arguments: ["id": .string("controls.buttons.single-word-titles")])
        #expect(deprecated.structuredContent?.objectValue?["replacedBy"] == .array([.string("controls.buttons.short-titles")]))
        #expect(tools.call("get_rule", arguments: ["id": .string("controls.buttons.nope")]).isError == true)
        #expect(tools.call("search_rules", arguments: ["language": .string("fr")]).isError == true)
        #expect(tools.call("list_chapters", arguments: ["scope": .string("bars")]).structuredContent?
            .objectValue?["chapters"]?.arrayValue?.count == 1)
    }
}

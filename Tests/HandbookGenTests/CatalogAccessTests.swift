import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit
@testable import HandbookSearch
@testable import HandbookMCP
import MCP

/// The catalogue as tools use it: the RulesCatalog library decodes what the generator publishes,
/// and queries match the way the site search does.
@Suite struct CatalogAccessTests {
    let catalog: Catalog
    let normalizer: SearchNormalizer
    /// Over the golden site's search indexes, beside its rules.json.
    let search: RuleSearch

    init() throws {
        let url = GoldenTests.goldenFolder.appendingPathComponent("rules.json")
        catalog = try Catalog.decode(from: try Data(contentsOf: url))
        var log = DiagnosticLog()
        normalizer = SearchNormalizer(variants: try #require(ChineseVariantTable.load(log: &log)))
        search = RuleSearch(publishedWith: url, catalog: catalog, normalizer: normalizer)
    }

    @Test func libraryDecodesThePublishedCatalogueAndReencodesItByteForByte() async throws {
        let data = try Data(contentsOf: GoldenTests.goldenFolder.appendingPathComponent("rules.json"))
        #expect(try RulesCatalogBuilder.encode(catalog) == data)
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
        let json = try #require(try JSONSerialization.jsonObject(with: try RulesCatalogBuilder.encode(catalog)) as? [String: Any])
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
        let run = { (text: String) in RuleQuery(text: text).run(on: self.catalog, search: self.search).map(\.id) }
        // Chinese from the middle of a word, Traditional forms, English prefixes, ids.
        // The toolbar rule's text links to the verb-titles rule by its title: a body match, ranked after.
        #expect(run("动词") == ["controls.buttons.verb-titles", "bars.toolbar.few-items"])
        #expect(run("詞作") == ["controls.buttons.verb-titles", "bars.toolbar.few-items"])
        #expect(run("標題").contains("controls.buttons.verb-titles"))
        #expect(run("verb tit").first == "controls.buttons.verb-titles")
        #expect(run("erb").isEmpty)
        #expect(run("home-button") == ["controls.buttons.home-button-shortcuts"])
        #expect(RuleQuery(kind: .consider, text: "标题").run(on: catalog, search: search).map(\.id)
                == ["controls.buttons.short-titles"])
    }

    @Test func queriesAnswerInReadingOrder() {
        // Part weight, chapter weight, place in the chapter: the toolbar (bars) before buttons,
        // and the buttons' rules as the page shows them, not by id.
        let all = RuleQuery().run(on: catalog, search: search).map(\.id)
        #expect(all.first == "bars.toolbar.few-items")
        let buttons = catalog.rules(chapter: "controls/buttons").sorted { $0.position! < $1.position! }.map(\.id)
        #expect(Array(all.dropFirst()) == buttons)
        #expect(buttons != buttons.sorted())
        #expect(RuleQuery(kind: .avoid).run(on: catalog, search: search).map(\.id)
                == ["controls.buttons.long-titles", "controls.buttons.home-button-shortcuts"])
        #expect(RuleQuery(tag: "topic:none").run(on: catalog, search: search).isEmpty)
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

    @Test func mcpChaptersAreMarkdownResourcesInEachLanguage() throws {
        let resources = CatalogResources(tools: CatalogTools(catalog: catalog, search: search, baseURL: "https://example.com/hig"))
        #expect(resources.resources.map(\.uri) == ["handbook://chapter/zh-Hans/bars/toolbar", "handbook://chapter/zh-Hans/controls/buttons",
                                                    "handbook://chapter/en/bars/toolbar", "handbook://chapter/en/controls/buttons"])
        #expect(resources.resources[1].title == "按钮" && resources.resources[1].mimeType == "text/markdown")
        let read = try resources.read("handbook://chapter/zh/controls/buttons")
        let text = try #require(read.contents.first?.text)
        #expect(read.contents.first?.uri == "handbook://chapter/zh-Hans/controls/buttons")
        #expect(text.hasPrefix("# 按钮\n\nhttps://example.com/hig/zh/controls/buttons.html\n"))
        // Sections in reading order, each rule under its section with its id and permalink.
        let system = try #require(text.range(of: "\n## 系统按钮\n"))
        let verb = try #require(text.range(of: "\n### DO: 用动词作标题\n\n- id: controls.buttons.verb-titles\n- url: https://example.com/hig/zh/controls/buttons.html#verb-titles\n"))
        #expect(system.lowerBound < verb.lowerBound)
        #expect(throws: MCPError.self) { try resources.read("handbook://chapter/en/controls/butons") }
        #expect(throws: MCPError.self) { try resources.read("handbook://chapter/fr/controls/buttons") }
    }

    @Test func reviewPromptAsksForIdsAndPermalinksWithTheRelevantRules() throws {
        let resources = CatalogResources(tools: CatalogTools(catalog: catalog, search: search, baseURL: nil))
        #expect(resources.prompts.map(\.name) == ["review_design"])
        // A chapter title named in the description brings that chapter's rules (those that say it).
        let relevant = resources.relevantRules(for: "一个设置页：顶部工具栏有五个按钮，按钮标题都很长。").map(\.id)
        #expect(relevant.contains("bars.toolbar.few-items"))
        #expect(!relevant.contains("controls.buttons.single-word-titles"), "deprecated rules are left out")
        let result = try resources.prompt("review_design", arguments: ["description": "A screen with a toolbar of *many* buttons.", "language": "en"])
        guard case .text(let text)? = result.messages.first?.content else { Issue.record("no text message"); return }
        #expect(text.contains("cite the rule by its id and link its permalink"))
        #expect(text.contains("A screen with a toolbar of \\*many\\* buttons."))
        #expect(text.contains("`bars.toolbar.few-items` — en/bars/toolbar.html#few-items"))
        #expect(throws: MCPError.self) { try resources.prompt("review_design", arguments: [:]) }
        #expect(throws: MCPError.self) { try resources.prompt("review_design", arguments: ["description": "x", "language": "fr"]) }
    }

    @Test func mcpToolsDeclareTheirOutputAndTakeRulesJSONLanguageTags() throws {
        let tools = CatalogTools(catalog: catalog, search: search, baseURL: nil)
        #expect(tools.tools.allSatisfy { $0.outputSchema?.objectValue?["type"] == "object" })
        #expect(tools.languageProperty.objectValue?["enum"] == ["zh-Hans", "en", "zh"])
        let zhHans = tools.call("get_rule", arguments: ["id": "controls.buttons.verb-titles", "language": "zh-Hans"])
        #expect(zhHans.structuredContent?.objectValue?["title"]?.stringValue == "用动词作标题")
        #expect(zhHans.structuredContent?.objectValue?["sectionTitle"]?.stringValue == "系统按钮")
        // Every answer has the fields its schema requires.
        for tool in tools.tools {
            let required = tool.name == "get_rule" ? tool.outputSchema?.objectValue?["required"]?.arrayValue : nil
            for key in required ?? [] {
                #expect(zhHans.structuredContent?.objectValue?[key.stringValue!] != nil, "\(key)")
            }
        }
    }

    @Test func mcpToolsAnswerWithIdsTextAndPermalinks() async throws {
        let tools = CatalogTools(catalog: catalog, search: search, baseURL: "https://example.com/hig")
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

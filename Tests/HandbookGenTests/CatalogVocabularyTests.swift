import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// rules.json 1.3: tags from the content's vocabulary, permalinks when the site's URL is known,
/// the release, section titles and positions, and glossary.json beside it.
@Suite struct CatalogVocabularyTests {
    static let vocabulary = """
        component:
          - id: button
            label: {zh: 按钮, en: button}
          - id: toolbar
            label: {zh: 工具栏, en: toolbar}
        topic:
          - id: writing
            label: {zh: 文字, en: writing}
          - id: accessibility
            label: {zh: 辅助功能, en: accessibility}

        """

    /// The fixture with the vocabulary, `controls/buttons` tagged in its front matter and one
    /// of its rules with a tag of its own, in both languages.
    static func tagged() throws -> FixtureHandbook {
        let fixture = try FixtureHandbook()
        try fixture.write(TagVocabulary.fileName, vocabulary)
        for language in ["zh", "en"] {
            try fixture.edit("\(language)/controls/buttons.md", replacing: "related: [bars/toolbar]\n",
                             with: "related: [bars/toolbar]\ntags: [topic:writing, component:button]\n")
        }
        try fixture.edit("zh/controls/buttons.md", replacing: "[!AVOID long-titles] 不要用过长的标题",
                         with: "[!AVOID long-titles] 不要用过长的标题 {tags=\"topic:accessibility component:button\"}")
        try fixture.edit("en/controls/buttons.md", replacing: "[!AVOID long-titles] Avoid long titles",
                         with: "[!AVOID long-titles] Avoid long titles {tags=\"component:button topic:accessibility\"}")
        return fixture
    }

    static func catalog(_ outcome: HandbookBuilder.Outcome) throws -> Catalog {
        let file = try #require(outcome.files.first { $0.path == SiteURLs.rulesJSON })
        return try Catalog.decode(from: file.data)
    }

    @Test func rulesCarryTheirChaptersTagsAndTheirOwnSorted() async throws {
        let fixture = try Self.tagged()
        let outcome = await fixture.check()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        let catalog = try Self.catalog(outcome)
        #expect(catalog.chapters.first { $0.id == "controls/buttons" }?.tags == ["component:button", "topic:writing"])
        #expect(catalog.chapters.first { $0.id == "bars/toolbar" }?.tags == nil)
        #expect(catalog.rule(withID: "controls.buttons.long-titles")?.tags
                == ["component:button", "topic:accessibility", "topic:writing"])
        #expect(catalog.rule(withID: "controls.buttons.verb-titles")?.tags == ["component:button", "topic:writing"])
        #expect(catalog.rule(withID: "bars.toolbar.few-items")?.tags == nil)
        #expect(catalog.rules(tag: "topic:accessibility").map(\.id) == ["controls.buttons.long-titles"])
        // Written as JSONEncoder writes the types, tags and all.
        let data = try #require(outcome.files.first { $0.path == SiteURLs.rulesJSON }).data
        #expect(try RulesCatalogBuilder.encode(catalog) == data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(try encoder.encode(catalog) + Data("\n".utf8) == data)
    }

    @Test func anUnknownTagIsAnErrorWithTheClosestKnownOne() async throws {
        let fixture = try Self.tagged()
        for language in ["zh", "en"] {
            try fixture.edit("\(language)/controls/buttons.md", replacing: "tags: [topic:writing, component:button]",
                             with: "tags: [topic:writting, component:button]")
        }
        let lines = fixture.lines(await fixture.check())
        #expect(lines.contains("content/zh/controls/buttons.md:9:7: error: unknown tag 'topic:writting'; tags are '<facet>:<id>' from content/tags.yaml; did you mean 'topic:writing'?"),
                "\(lines)")
    }

    @Test func tagsMustBeTheSameInEveryLanguageAndNeedAVocabulary() async throws {
        let fixture = try Self.tagged()
        try fixture.edit("en/controls/buttons.md", replacing: "tags: [topic:writing, component:button]", with: "tags: [topic:writing]")
        let lines = fixture.lines(await fixture.check())
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:9:7: error: 'tags' is 'topic:writing' here but 'component:button, topic:writing' in the Chinese version") }, "\(lines)")
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent(TagVocabulary.fileName))
        let without = fixture.lines(await fixture.check())
        #expect(without.contains { $0.contains("error: tag 'component:button' is used but there is no content/tags.yaml") })
    }

    @Test func aVocabularyTagNeedsALabelInEachLanguage() async throws {
        let fixture = try Self.tagged()
        try fixture.write(TagVocabulary.fileName, Self.vocabulary.replacingOccurrences(of: "{zh: 文字, en: writing}", with: "{zh: 文字}"))
        let lines = fixture.lines(await fixture.check())
        #expect(lines.contains { $0.hasPrefix("content/tags.yaml:") && $0.hasSuffix("error: tag 'topic:writing' has no label in 'en'") },
                "\(lines)")
    }

    @Test func releaseSectionTitlesPositionsAndPermalinks() async throws {
        let fixture = try FixtureHandbook()
        var configuration = fixture.configuration
        configuration.baseURL = "https://example.com/hig"
        let outcome = await HandbookBuilder(configuration: configuration).check()
        let catalog = try Self.catalog(outcome)
        #expect(catalog.version == "1.1" && catalog.released == "2026-11-01")
        let rule = try #require(catalog.rule(withID: "controls.buttons.long-titles"))
        #expect(rule.sectionTitle == LocalizedText(zhHans: "系统按钮", en: "System buttons"))
        #expect(rule.permalink?[.zhHans] == "https://example.com/hig/zh/controls/buttons.html#long-titles")
        #expect(catalog.chapters.first?.permalink?[.en] == "https://example.com/hig/en/bars/toolbar.html")
        #expect(catalog.scopes.first?.permalink?[.en] == "https://example.com/hig/en/bars/index.html")
        // Positions follow the chapter's text; reading order is part, chapter, position.
        let buttons = catalog.rules(chapter: "controls/buttons")
        #expect(buttons.compactMap(\.position).sorted() == Array(1...buttons.count))
        #expect(catalog.inReadingOrder(catalog.rules).map(\.id).prefix(3)
                == ["bars.toolbar.few-items", "controls.buttons.verb-titles", "controls.buttons.long-titles"])
        let data = try #require(outcome.files.first { $0.path == SiteURLs.rulesJSON }).data
        #expect(try RulesCatalogBuilder.encode(catalog) == data)
        // Without a changelog there is no release, and no key for it.
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent(Changelog.fileName))
        let bare = try Self.catalog(await fixture.check())
        #expect(bare.version == nil && bare.released == nil && bare.rules.allSatisfy { $0.permalink == nil })
        let text = String(decoding: try RulesCatalogBuilder.encode(bare), as: UTF8.self)
        #expect(!text.contains("\"version\"") && !text.contains("\"released\"") && !text.contains("\"permalink\""))
    }

    @Test func aVersionOneTwoFileStillDecodes() throws {
        var object = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: GoldenTests.goldenFolder.appendingPathComponent("rules.json"))) as? [String: Any])
        object["schemaVersion"] = "1.2.0"
        object["version"] = nil
        object["released"] = nil
        object["rules"] = (object["rules"] as? [[String: Any]])?.map { rule in
            rule.filter { !["sectionTitle", "position", "tags", "permalink"].contains($0.key) }
        }
        let old = try Catalog.decode(from: JSONSerialization.data(withJSONObject: object))
        #expect(old.schemaVersion == "1.2.0" && old.version == nil && old.rules.allSatisfy { $0.position == nil })
        // Reading order falls back to ids within a chapter.
        #expect(old.inReadingOrder(old.rules(chapter: "controls/buttons")).map(\.id)
                == old.rules(chapter: "controls/buttons").map(\.id))
    }

    @Test func glossaryJSONHasEveryTermInEachLanguageAndMatchesItsEncoder() async throws {
        let outcome = await (try FixtureHandbook()).check()
        let data = try #require(outcome.files.first { $0.path == SiteURLs.glossaryJSON }).data
        let glossary = try GlossaryCatalog.decode(from: data)
        #expect(glossary.schemaVersion == GlossaryCatalog.currentSchemaVersion)
        #expect(glossary.terms.map(\.id) == glossary.terms.map(\.id).sorted())
        let toolbar = try #require(glossary.terms.first { $0.id == "toolbar" })
        #expect(toolbar.term[.zhHans] == "工具栏" && toolbar.term[Language(tag: "zh-Hant")] == "工具欄" && toolbar.term[.en] == "toolbar")
        #expect(toolbar.variants == ["工具列", "工具条"])
        #expect(toolbar.definition?[.en]?.hasPrefix("Sits at the bottom") == true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(try encoder.encode(glossary) + Data("\n".utf8) == data)
        #expect(outcome.files.first { $0.path == SiteURLs.glossarySchema }?.data == (try GlossaryCatalog.schema))
    }
}

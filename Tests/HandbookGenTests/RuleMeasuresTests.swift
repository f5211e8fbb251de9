import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit
@testable import TextBytes

/// rules.json 1.4: `measures` (numbers a rule states that a linter can check) and `examples`
/// (wording that follows the advice or breaks it), from the rule attributes `measures="…"`,
/// `good="…"` and `bad="…"`.
@Suite struct RuleMeasuresTests {
    typealias Measure = Catalog.Rule.Measure

    // MARK: The attribute's grammar

    @Test func measuresParseWithEveryComparisonAndUnitForm() throws {
        let parsed = try RuleMeasures.parse("touch-target >= 44 pt; contrast >= 4.5:1; text-scale >= 200%; tabs <= ~7 items; title < 15 characters; loading > 2 s; opacity = ~35 %").get()
        #expect(parsed == [
            Measure(applies: "touch-target", comparison: .min, value: 44, unit: .pt),
            Measure(applies: "contrast", comparison: .min, value: 4.5, unit: .ratio),
            Measure(applies: "text-scale", comparison: .min, value: 200, unit: .percent),
            Measure(applies: "tabs", comparison: .max, value: 7, unit: .items, approximate: true),
            Measure(applies: "title", comparison: .below, value: 15, unit: .characters),
            Measure(applies: "loading", comparison: .above, value: 2, unit: .s),
            Measure(applies: "opacity", comparison: .exact, value: 35, unit: .percent, approximate: true),
        ])
        // Every unit has a written form that parses back to it.
        for (written, unit) in RuleMeasures.units {
            #expect(try RuleMeasures.parse("size >= 3 \(written)").get().first?.unit == unit, "\(written)")
        }
    }

    @Test(arguments: [
        ("touch-target >= 44 pts", "unknown unit 'pts' in measure 'touch-target >= 44 pts'; use pt, px, %, :1, characters, words, lines, items, ms, s, min, h, fps; did you mean 'pt'?"),
        ("touch-target >= 44", "measure 'touch-target >= 44' has no unit; use pt, px, %, :1, characters, words, lines, items, ms, s, min, h, fps"),
        ("touch-target >=", "measure 'touch-target >=' is incomplete: write '<what> <comparison> <value> <unit>', e.g. 'touch-target >= 44 pt'"),
        ("touch-target => 44 pt", "unknown comparison '=>' in measure 'touch-target => 44 pt'; use >=, <=, <, > or ="),
        ("touch-target >= forty-four pt", "measure 'touch-target >= forty-four pt' has no number: write digits after the comparison, e.g. '44' or '4.5'"),
        ("touch-target >= 4.4.4 pt", "measure 'touch-target >= 4.4.4 pt' has no number: write digits after the comparison, e.g. '44' or '4.5'"),
        ("Touch_Target >= 44 pt", "measure 'Touch_Target >= 44 pt' names 'Touch_Target': what it applies to is lowercase words joined by hyphens (write '<what> <comparison> <value> <unit>', e.g. 'touch-target >= 44 pt')"),
        ("tabs <= 4.5 items", "measure 'tabs <= 4.5 items' counts items: the number must be whole"),
        ("contrast >= 0.5:1", "measure 'contrast >= 0.5:1' gives a ratio below 1:1; write the larger side first, e.g. '4.5:1'"),
        ("tabs <= 5 items;", "empty measure in measures=\"tabs <= 5 items;\"; separate measures with ';'"),
        ("tabs <= 5 items; tabs <= 6 items", "measure 'tabs <= 6 items' repeats the 'tabs' <= of another"),
    ])
    func badMeasuresAreRefusedWithAReason(_ written: String, _ message: String) {
        #expect(RuleMeasures.parse(written) == .failure(.init(message)))
    }

    @Test func examplesSplitAtBarsAndRefuseEmptyOnes() throws {
        #expect(try RuleExamples.parse("Add to List | Send").get() == ["Add to List", "Send"])
        #expect(RuleExamples.parse("Send||OK") == .failure(.init("empty example in \"Send||OK\"; separate examples with '|'")))
    }

    // MARK: In the handbook

    /// The fixture with a measure and examples on `controls.buttons.verb-titles`, in both languages.
    static func annotated() throws -> FixtureHandbook {
        let fixture = try FixtureHandbook()
        try fixture.edit("zh/controls/buttons.md", replacing: "[!DO verb-titles] 用动词作标题",
                         with: "[!DO verb-titles] 用动词作标题 {good=\"发送|添加到列表\" measures=\"title <= 3 words; touch-target >= 44 pt\" bad=\"确定\"}")
        try fixture.edit("en/controls/buttons.md", replacing: "[!DO verb-titles] Use verbs in titles",
                         with: "[!DO verb-titles] Use verbs in titles {measures=\"title <= 3 words; touch-target >= 44 pt\" bad=\"OK\" good=\"Send|Add to List\"}")
        return fixture
    }

    @Test func measuresAndExamplesReachTheCatalogueAsJSONEncoderWritesThem() async throws {
        let fixture = try Self.annotated()
        let outcome = await fixture.check()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        let catalog = try CatalogVocabularyTests.catalog(outcome)
        #expect(catalog.schemaVersion == "1.4.0")
        let rule = try #require(catalog.rule(withID: "controls.buttons.verb-titles"))
        #expect(rule.measures == [Measure(applies: "title", comparison: .max, value: 3, unit: .words),
                                  Measure(applies: "touch-target", comparison: .min, value: 44, unit: .pt)])
        #expect(rule.examples == [
            .init(kind: .good, text: LocalizedText(zhHans: "发送", en: "Send")),
            .init(kind: .good, text: LocalizedText(zhHans: "添加到列表", en: "Add to List")),
            .init(kind: .bad, text: LocalizedText(zhHans: "确定", en: "OK")),
        ])
        // A rule without them has neither key.
        let other = try #require(catalog.rule(withID: "controls.buttons.long-titles"))
        #expect(other.measures == nil && other.examples == nil)
        let data = try #require(outcome.files.first { $0.path == SiteURLs.rulesJSON }).data
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"value\" : 44\n") && !text.contains("\"measures\" : [\n\n"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(try encoder.encode(catalog) + Data("\n".utf8) == data)
        // The attributes are not shown on the page: the rule's text quotes its examples itself.
        let page = try #require(outcome.files.first { $0.path == "en/controls/buttons.html" })
        #expect(!String(decoding: page.data, as: UTF8.self).contains("measures="))
    }

    @Test func aFractionalValueIsWrittenInItsShortestForm() throws {
        var json = JSONTextWriter(pretty: false)
        json.beginObject()
        for (key, value) in [("a", 4.5), ("b", 44.0), ("c", 0.1)] {
            json.key(key)
            json.value(value)
        }
        json.endObject()
        #expect(String(decoding: json.bytes, as: UTF8.self) == "{\"a\":4.5,\"b\":44,\"c\":0.1}")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(["a": 4.5, "b": 44.0, "c": 0.1]) == Data(json.bytes))
    }

    @Test func aBadMeasureIsAnErrorAtItsAttribute() async throws {
        let fixture = try Self.annotated()
        try fixture.edit("en/controls/buttons.md", replacing: "touch-target >= 44 pt\" bad", with: "touch-target >= 44 pts\" bad")
        let lines = fixture.lines(await fixture.check())
        #expect(lines.contains("content/en/controls/buttons.md:17:42: error: unknown unit 'pts' in measure 'touch-target >= 44 pts'; use pt, px, %, :1, characters, words, lines, items, ms, s, min, h, fps; did you mean 'pt'?"),
                "\(lines)")
        // Columns count characters on a Chinese line.
        try fixture.edit("zh/controls/buttons.md", replacing: "good=\"发送|添加到列表\"", with: "good=\"发送||添加到列表\"")
        let zh = fixture.lines(await fixture.check())
        #expect(zh.contains("content/zh/controls/buttons.md:17:29: error: empty example in \"发送||添加到列表\"; separate examples with '|'"), "\(zh)")
    }

    @Test func measuresAndTheNumberOfExamplesMustAgreeAcrossLanguages() async throws {
        let fixture = try Self.annotated()
        try fixture.edit("en/controls/buttons.md", replacing: "touch-target >= 44 pt\" bad=\"OK\" good=\"Send|Add to List\"",
                         with: "touch-target >= 48 pt\" bad=\"OK\" good=\"Send\"")
        let lines = fixture.lines(await fixture.check())
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:17:1: error: rule 'verb-titles' has different measures here and in Chinese; every language states the same numbers") },
                "\(lines)")
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:17:1: error: rule 'verb-titles' gives 1 good example here but 2 in Chinese; every language gives the same examples, in the same order") },
                "\(lines)")
    }

    @Test func examplesAreTranslatedText() throws {
        // Editing an example changes the rule's translation fingerprint; measures, which are not
        // translated, leave it alone, as does a rule without examples.
        func fingerprint(_ attributes: String) throws -> Fingerprint {
            let text = """
                ---
                id: controls/buttons
                title: Buttons
                summary: A button starts an action.
                weight: 10
                edition: iOS 12
                status: current
                ---

                > [!DO verb-titles] Use verbs \(attributes)
                > Body.

                """
            var log = DiagnosticLog()
            let file = try #require(SourceFile.decode(Data(text.utf8), displayPath: "content/en/controls/buttons.md", log: &log))
            let loader = HandbookLoader(contentDirectory: URL(fileURLWithPath: "/nonexistent"), displayRoot: "content")
            let chapter = try #require(loader.parseChapter(file, part: "controls", slug: "buttons", language: .en, log: &log))
            return try #require(chapter.translationUnits().first { $0.key == "controls.buttons.verb-titles" }).fingerprint
        }
        let plain = try fingerprint("")
        #expect(try fingerprint("{measures=\"title <= 3 words\"}") == plain)
        #expect(try fingerprint("{good=\"Send\"}") != plain)
        #expect(try fingerprint("{good=\"Send\"}") != fingerprint("{good=\"Post\"}"))
        #expect(try fingerprint("{good=\"Send\"}") != fingerprint("{bad=\"Send\"}"))
    }
}

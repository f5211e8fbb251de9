import Foundation
import RulesCatalog
import Testing

/// `PerLanguage`, a value per language as rules.json carries it: a map from language to value,
/// whatever order it was given in (kept as a list sorted by tag).
@Suite struct PerLanguageTests {
    static let hant = Language(tag: "zh-Hant")

    @Test func theOrderGivenDoesNotMatter() {
        let fromDictionary = PerLanguage([.en: "Buttons", .zhHans: "按钮", Self.hant: "按鈕"])
        let fromPairs = PerLanguage(byLanguage: [(Self.hant, "按鈕"), (.en, "Buttons"), (.zhHans, "按钮")])
        #expect(fromDictionary == fromPairs)
        #expect(fromPairs.languages.map(\.tag) == ["en", "zh-Hans", "zh-Hant"])
        #expect(fromPairs.values == [.en: "Buttons", .zhHans: "按钮", Self.hant: "按鈕"])
        #expect(PerLanguage(zhHans: "按钮", en: "Buttons") == PerLanguage([.en: "Buttons", .zhHans: "按钮"]))
        #expect(PerLanguage(zhHans: "按钮", en: "Buttons") != PerLanguage(zhHans: "按钮", en: "Button"))
    }

    @Test func aLanguageGivenTwiceKeepsItsFirstValue() {
        let values = PerLanguage(byLanguage: [(.en, "first"), (.zhHans, "按钮"), (.en, "second")])
        #expect(values[.en] == "first")
        #expect(values.languages.count == 2)
    }

    @Test func readingAndWritingALanguage() {
        var values = PerLanguage(zhHans: "按钮", en: "Buttons")
        #expect(values[.zhHans] == "按钮")
        #expect(values[Self.hant] == nil)
        // The same language by another value: languages are the same by their tag.
        #expect(values[Language(tag: "en")] == "Buttons")
        values[Self.hant] = "按鈕"
        values[.en] = "Button"
        #expect(values.languages.map(\.tag) == ["en", "zh-Hans", "zh-Hant"])
        #expect(values == PerLanguage([.en: "Button", .zhHans: "按钮", Self.hant: "按鈕"]))
        values[.zhHans] = nil
        values[.zhHans] = nil
        #expect(values.languages.map(\.tag) == ["en", "zh-Hant"])
        values.values[.zhHans] = "按钮"
        #expect(values[.zhHans] == "按钮")
    }

    @Test func encodedAsAnObjectByTag() throws {
        let values = PerLanguage([Self.hant: "按鈕", .en: "Buttons", .zhHans: "按钮"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(values)
        #expect(String(decoding: json, as: UTF8.self) == #"{"en":"Buttons","zh-Hans":"按钮","zh-Hant":"按鈕"}"#)
        #expect(try JSONDecoder().decode(PerLanguage<String>.self, from: json) == values)
    }
}

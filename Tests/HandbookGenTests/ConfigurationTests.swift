import Foundation
import Testing
@testable import HandbookKit

/// `handbook.yaml`: its values, the defaults when it is missing, and every problem at once.
@Suite struct ConfigurationTests {
    func load(_ text: String?) throws -> (HandbookConfiguration, [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("handbook.yaml").path
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        var log = DiagnosticLog()
        let configuration = HandbookConfiguration.load(path: path, log: &log)
        return (configuration, log.sorted.map { $0.description.replacingOccurrences(of: path, with: "handbook.yaml") })
    }

    @Test func theRepositorysOwnConfigurationNamesTheBaselineAndThreeLanguages() throws {
        var log = DiagnosticLog()
        let configuration = HandbookConfiguration.load(path: FixtureHandbook.repoRoot.appendingPathComponent("handbook.yaml").path, log: &log)
        #expect(log.diagnostics.isEmpty)
        #expect(configuration.baseline == "baseline/rules.json")
        #expect(configuration.languages.map(\.tag) == ["zh-Hans", "en", "zh-Hant"])
        #expect(configuration.sourceLanguage?.code == "zh")
        // Traditional Chinese is generated from the source by OpenCC's Taiwan conversion.
        let languages = configuration.handbookLanguages
        #expect(languages.conversions == [Language(tag: "zh-Hant"): LanguageConversion(from: .zhHans, openCC: "s2twp")])
        #expect(!languages.isGenerated(.en) && !languages.isGenerated(.zhHans))
    }

    @Test func onlyATranslationMayBeGenerated() throws {
        let (_, problems) = try load("""
            languages:
              - {code: zh, tag: zh-Hans, source: true, opencc: s2twp}
              - {code: en, tag: en}
              - {code: zh-Hant, tag: zh-Hant, opencc: ../s2twp}
            """)
        #expect(problems == [
            "handbook.yaml:2:3: error: language 'zh': the source language is written, not generated; remove 'opencc'",
            "handbook.yaml:2:3: error: language 'zh-Hant': 'opencc' names one of OpenCC's configurations, such as 's2twp'",
        ])
    }

    @Test func anyLanguageMayBeAddedBesideTheRequiredTwo() throws {
        let (configuration, problems) = try load("""
            languages:
              - {code: en, tag: en}
              - {code: zh, tag: zh-Hans, source: true}
              - {code: zh-Hant, tag: zh-Hant}
            """)
        #expect(problems.isEmpty)
        let languages = configuration.handbookLanguages
        #expect(languages.all.map(\.tag) == ["en", "zh-Hans", "zh-Hant"])
        #expect(languages.all.map(\.code) == ["en", "zh", "zh-Hant"])
        #expect(languages.source == .zhHans)
        #expect(languages.translations.map(\.tag) == ["en", "zh-Hant"])
        #expect(languages.others(than: .en).map(\.tag) == ["zh-Hans", "zh-Hant"])
    }

    @Test func aMissingFileGivesTheDefaults() throws {
        let (configuration, problems) = try load(nil)
        #expect(problems.isEmpty)
        #expect(configuration == HandbookConfiguration())
        #expect(configuration.baseline == nil)
    }

    @Test func valuesAreRead() throws {
        let (configuration, problems) = try load("content: docs/content\noutput: public\nbase-url: https://example.com/hig/\nbaseline: published.json\n")
        #expect(problems.isEmpty)
        #expect(configuration.content == "docs/content")
        #expect(configuration.templates == "templates")
        #expect(configuration.output == "public")
        #expect(configuration.baseURL == "https://example.com/hig/")
        #expect(configuration.baseline == "published.json")
    }

    @Test func everyProblemIsReported() throws {
        let (_, problems) = try load("""
            outptu: public
            languages:
              - {code: zh, tag: zh-Hans}
              - {code: fr, tag: fr}
              - {code: fr, tag: fr_FR}
              - {code: ../x, tag: x}
            """)
        #expect(problems.contains("handbook.yaml:1:1: error: unknown key 'outptu'; did you mean 'output'?"))
        #expect(problems.contains { $0.contains("error: language 'fr' is listed twice") })
        #expect(problems.contains { $0.contains("error: language 'fr': 'fr_FR' is not a BCP 47 tag") })
        #expect(problems.contains { $0.contains("error: language code '../x' must be letters and digits") })
        #expect(problems.contains { $0.contains("error: language '../x': 'x' is not a BCP 47 tag") })
        #expect(problems.contains { $0.contains("error: exactly one language must be the source") })
        #expect(problems.contains { $0.contains("error: language 'en' is missing") })
        let (_, typed) = try load("languages: 3\n")
        #expect(typed.contains { $0.hasPrefix("handbook.yaml:1:1: error: 'languages' must be") }, "\(typed)")
    }
}

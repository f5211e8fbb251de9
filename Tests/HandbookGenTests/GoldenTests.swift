import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// Builds the fixture handbook and compares every output file with `Tests/HandbookGenTests/Golden`
/// (and the fixture with a third language with `GoldenThreeLanguages`).
/// Run with `HANDBOOKGEN_UPDATE_GOLDEN=1 swift test` to rewrite the expected files after an
/// intended change, then review the diff.
@Suite struct GoldenTests {
    static var goldenFolder: URL {
        FixtureHandbook.repoRoot.appendingPathComponent("Tests/HandbookGenTests/Golden")
    }

    @Test func fixtureSiteMatchesGoldenFiles() async throws {
        let fixture = try FixtureHandbook()
        let outcome = await fixture.build()
        // The fixture's translation lock is stale for three units on purpose.
        #expect(fixture.lines(outcome).map { $0.components(separatedBy: ": warning: ").first! } == [
            "content/en/bars/toolbar.md:1:1", "content/zh/bars/toolbar.md:16:1", "content/zh/controls/buttons.md:24:1",
        ])
        try Self.compare(try fixture.snapshot(), with: Self.goldenFolder)
    }

    /// Compares a built site with its golden folder, or rewrites the folder when asked to. The
    /// published scripts and style sheet are the templates' own, compacted: the folder records
    /// their digests (`assets.digests`) instead of a third copy of each, so that a change to them
    /// still shows as a golden change.
    static func compare(_ built: [String: Data], with folder: URL) throws {
        var built = built
        let digests = built.keys.filter(isTemplateAsset).sorted().map { "\(digest(built[$0]!)) \($0)" }
        for path in built.keys.filter(isTemplateAsset) { built[path] = nil }
        built[digestsFile] = Data((digests.joined(separator: "\n") + "\n").utf8)
        try compareFiles(built, with: folder)
    }

    /// Compares files by path with a folder's, or rewrites the folder when asked to.
    static func compareFiles(_ built: [String: Data], with folder: URL) throws {
        if ProcessInfo.processInfo.environment["HANDBOOKGEN_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            for (path, data) in built {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            return
        }
        let expected = try FixtureHandbook.snapshot(of: folder)
        #expect(Set(built.keys) == Set(expected.keys), "the set of output files changed")
        for path in built.keys.sorted() where expected[path] != built[path] {
            Issue.record("\(path) differs from its golden copy in \(folder.lastPathComponent); rerun with HANDBOOKGEN_UPDATE_GOLDEN=1 and review the diff")
        }
    }

    static let digestsFile = "assets.digests"

    /// A script or style sheet published from `templates/assets`.
    static func isTemplateAsset(_ path: String) -> Bool {
        path.hasPrefix("assets/") && !path.dropFirst("assets/".count).contains("/")
            && (path.hasSuffix(".js") || path.hasSuffix(".css"))
    }

    /// FNV-1a over the bytes, with their count: enough to tell that a file changed.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + "-" + String(data.count)
    }

    /// The fixture with Traditional Chinese as a third language (two chapters) builds, into
    /// `Tests/HandbookGenTests/GoldenThreeLanguages`.
    @Test func aThirdLanguageBuildsWithItsPagesSwitchAndCatalogue() async throws {
        let fixture = try FixtureHandbook.threeLanguages()
        let outcome = await fixture.build()
        // The two-language fixture's stale units, and the opening of the toolbar chapter, whose
        // Simplified Chinese changed since its Traditional Chinese was reviewed.
        #expect(fixture.lines(outcome).map { $0.components(separatedBy: ": warning: ").first! } == [
            "content/en/bars/toolbar.md:1:1", "content/zh-Hant/bars/toolbar.md:1:1", "content/zh/bars/toolbar.md:16:1",
            "content/zh/controls/buttons.md:24:1",
        ])
        let built = try fixture.snapshot()
        try Self.compare(built, with: FixtureHandbook.repoRoot.appendingPathComponent("Tests/HandbookGenTests/GoldenThreeLanguages"))
        func page(_ path: String) throws -> String { String(decoding: try #require(built[path]), as: UTF8.self) }

        for path in ["zh-Hant/index.html", "zh-Hant/bars/index.html", "zh-Hant/controls/index.html",
                     "zh-Hant/bars/toolbar.html", "zh-Hant/controls/buttons.html", "zh-Hant/glossary.html",
                     "zh-Hant/search.html", "zh-Hant/changelog.html", "zh-Hant/search-index.js",
                     "zh-Hant/llms.txt", "zh-Hant/llms-full.txt"] {
            #expect(built[path] != nil, "\(path) is missing")
        }
        let buttons = try page("zh-Hant/controls/buttons.html")
        #expect(buttons.contains("<html lang=\"zh-Hant\">"))
        #expect(buttons.contains("<h1>按鈕</h1>"))
        // The language menu: the page in every language, the switch to the other two at the same page.
        for (tag, href) in [("zh-Hans", "../../zh/controls/buttons.html"), ("en", "../../en/controls/buttons.html"),
                            ("zh-Hant", "buttons.html")] {
            #expect(buttons.contains("<link rel=\"alternate\" hreflang=\"\(tag)\" href=\"\(href)\">"))
        }
        #expect(buttons.components(separatedBy: "class=\"language-switch\"").count - 1 == 2)
        #expect(buttons.contains("<a class=\"language-switch\" href=\"../../zh/controls/buttons.html\" hreflang=\"zh-Hans\" lang=\"zh-Hans\" title=\"切換語言\">简体中文</a>"))
        #expect(buttons.contains("<a class=\"language-switch\" href=\"../../en/controls/buttons.html\" hreflang=\"en\" lang=\"en\" title=\"切換語言\">English</a>"))
        // Each rule links to itself in the two other languages: site.js adds to its id the links of
        // the header's switch (above), with the rule's anchor; the page carries each once.
        #expect(buttons.contains("<p class=\"rule-meta\"><a href=\"#verb-titles\">controls.buttons.verb-titles</a></p>"))
        // An outdated translation's notice links to the source language.
        #expect(try page("zh-Hant/bars/toolbar.html").contains("<p class=\"notice outdated\" role=\"note\">此處譯文可能已過時：簡體中文原文在上次核對後有改動。請對照閱讀 <a href=\"../../zh/bars/toolbar.html\" hreflang=\"zh-Hans\" lang=\"zh-Hans\">简体中文</a></p>"))
        let english = try page("en/controls/buttons.html")
        #expect(english.components(separatedBy: "class=\"language-switch\"").count - 1 == 2)
        #expect(english.contains("href=\"../../zh-Hant/controls/buttons.html\" hreflang=\"zh-Hant\" lang=\"zh-Hant\" title=\"Switch language\">繁體中文</a>"))
        #expect(try page("index.html").contains("hreflang=\"zh-Hant\""))

        let catalog = try Catalog.decode(from: try #require(built["rules.json"]))
        #expect(catalog.languages == ["zh-Hans", "en", "zh-Hant"])
        let rule = try #require(catalog.rule(withID: "controls.buttons.verb-titles"))
        let traditional = Language(tag: "zh-Hant")
        #expect(rule.title[traditional] == "用動詞作標題")
        #expect(rule.text[traditional]?.contains("「傳送」") == true)
        #expect(rule.url[traditional] == "zh-Hant/controls/buttons.html#verb-titles")
        #expect(rule.translation[traditional] == .current)
        #expect(catalog.scopes.first { $0.id == "controls" }?.title[traditional] == "控制項")
        #expect(catalog.chapters.first { $0.id == "bars/toolbar" }?.note?[traditional] == "範例用的舊版說明。")
        // zh-Hans and en keep their place in the file: only a key is added beside them.
        let json = String(decoding: try #require(built["rules.json"]), as: UTF8.self)
        #expect(json.contains("\"title\" : {\n        \"en\" : \"Use verbs in titles\",\n        \"zh-Hans\" : \"用动词作标题\",\n        \"zh-Hant\" : \"用動詞作標題\"\n      }"))
        #expect(try page("llms.txt").contains("zh-Hant/llms.txt"))
        #expect(try page("zh-Hant/search-index.js").contains("用動詞作標題"))
    }

    @Test func twoBuildsAreByteIdentical() async throws {
        let first = try FixtureHandbook()
        let second = try FixtureHandbook()
        #expect(await first.build().succeeded)
        #expect(await second.build().succeeded)
        #expect(try first.snapshot() == second.snapshot())
    }

    @Test func everyInterfaceStringAppearsInTheSite() async throws {
        // A misspelt template key renders as nothing without an error; this catches it, in
        // each of three languages.
        let fixture = try FixtureHandbook.threeLanguages()
        #expect(await fixture.build().succeeded)
        let pages = try fixture.snapshot().filter { $0.key.hasSuffix(".html") }
        var log = DiagnosticLog()
        for language in fixture.languages.all {
            let templates = try #require(TemplateSet.load(
                from: FixtureHandbook.repoRoot.appendingPathComponent("templates"), displayRoot: "templates",
                languages: fixture.languages, log: &log))
            let strings = try #require(templates.strings[language])
            let text = pages.filter { $0.key.hasPrefix(language.code + "/") }.values
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            for child in Mirror(reflecting: strings).children {
                guard let label = child.label, let value = child.value as? String else { continue }
                let shown = HTML.escape(value.replacingOccurrences(of: "%d", with: ""))
                    .components(separatedBy: " ").max { $0.count < $1.count } ?? ""
                #expect(text.contains(shown), "interface string '\(label)' (\(language.tag)) never appears in the pages")
            }
        }
    }
}

import Foundation
import Testing
@testable import HandbookKit
import RulesCatalog

/// The generated language: zh-Hant written from zh-Hans by OpenCC's s2twp, with the reviewed
/// overrides and the glossary's terms put in before the conversion.
struct ConversionTests {
    static func conversion(_ pairs: [(source: String, target: String)]) throws -> ScriptConversion {
        ScriptConversion(converter: try OpenCCConverter.shared("s2twp").get(), phrases: FixedPhrases(pairs))
    }

    @Test func fixedPhrasesAreKeptAndOnlyTheTextBetweenIsConverted() throws {
        // OpenCC alone gives the mainland terms in Traditional characters.
        #expect(try Self.conversion([]).convert("导航栏显示当前视图的标题") == "導航欄顯示當前檢視的標題")
        let conversion = try Self.conversion([("导航栏", "導覽列"), ("视图", "視圖"), ("当前", "目前")])
        #expect(conversion.convert("导航栏显示当前视图的标题") == "導覽列顯示目前視圖的標題")
        // A fixed form is final: 視圖 is not converted again into 檢視.
        #expect(conversion.convert("视图") == "視圖")
    }

    @Test func theLongestPhraseWinsAndTheFirstOfTwoEqualOnes() throws {
        let conversion = try Self.conversion([("导航", "導覽"), ("导航栏", "導覽列"), ("步行导航", "步行導航"), ("导航", "导航")])
        #expect(conversion.convert("导航栏与导航，步行导航") == "導覽列與導覽，步行導航")
    }

    @Test func aLatinFormIsSpacedFromHanTextOnly() throws {
        let conversion = try Self.conversion([("应用", "App"), ("“", "「"), ("”", "」")])
        #expect(conversion.convert("打开应用时") == "開啟 App 時")
        #expect(conversion.convert("在 iOS 应用中。") == "在 iOS App 中。")
        #expect(conversion.convert("“应用”") == "「App」")
        #expect(conversion.convert("应用") == "App")
    }

    @Test func aTermLinkReadsAsItsTermAndIsSpacedLikeIt() throws {
        let conversion = ScriptConversion(converter: try OpenCCConverter.shared("s2twp").get(),
                                          phrases: FixedPhrases([("应用", "App")]),
                                          linkTexts: ["term:app-icon": "App 圖像", "term:icon": "圖像",
                                                      "foundations/app-icons": "App 圖像", "technologies/sf#symbols": "SF Symbols"])
        #expect(conversion.convert("有辨识度的[[term:app-icon]]把品牌带到主屏幕") == "有辨識度的 [[term:app-icon]]把品牌帶到主螢幕")
        #expect(conversion.convert("应用[[term:icon]]和[[term:icon]]") == "App [[term:icon]]和[[term:icon]]")
        // A link with its own text, or to an unknown term, is text like any other.
        #expect(conversion.convert("的[[term:app-icon|图标]]") == "的[[term:app-icon|圖示]]")
        #expect(conversion.convert("的[[term:nothing]]") == "的[[term:nothing]]")
        // Any other target reads as its title: a chapter, or a section of this chapter.
        #expect(conversion.convert("见[[foundations/app-icons]]。") == "見 [[foundations/app-icons]]。")
        #expect(conversion.convert("见[[ #symbols ]]和图标", chapter: "technologies/sf") == "見 [[ #symbols ]] 和圖示")
        #expect(conversion.convert("见[[#symbols]]", chapter: "technologies/other") == "見[[#symbols]]")
        // A Latin fixed form is a word of its own; the source's own spacing is kept as it is.
        #expect(conversion.convert("iOS应用和iOS设备") == "iOS App 和iOS裝置")
        #expect(conversion.convert("[[term:app-icon]]App") == "[[term:app-icon]]App")
    }

    /// The pieces between fixed phrases go through OpenCC in one call, joined by U+0001: each
    /// converts as it would alone, a phrase never spans two of them, and a text that holds the
    /// separator itself still converts piece by piece.
    @Test func thePiecesConvertAsTheyWouldAlone() throws {
        let conversion = try Self.conversion([("设", "設"), ("应用", "App")])
        let alone = try Self.conversion([])
        // OpenCC reads 设置 as one phrase (設定); split by a fixed form, each side converts alone.
        #expect(alone.convert("设置") == "設定" && alone.convert("置") == "置")
        #expect(conversion.convert("设置视图和应用设置") == "設" + alone.convert("置视图和")! + " App " + "設" + alone.convert("置")!)
        // 设 and 置 on either side of a fixed form: joined, they would read as 设置.
        #expect(try Self.conversion([("视图", "視圖")]).convert("设视图置") == alone.convert("设")! + "視圖" + alone.convert("置")!)
        #expect(conversion.convert("软件\u{1}设置\u{1}应用") == alone.convert("软件\u{1}")! + "設" + alone.convert("置\u{1}")! + "App")
    }

    @Test func markupAndTextWithoutChineseAreCopied() throws {
        let conversion = try Self.conversion([("工具栏", "工具列")])
        let text = "---\nid: bars/toolbar\nweight: 10\n---\n\n> [!DO few-items] 工具栏 {status=legacy}\n[[controls/buttons#verb-titles]]\n"
        #expect(conversion.convert(text) == "---\nid: bars/toolbar\nweight: 10\n---\n\n> [!DO few-items] 工具列 {status=legacy}\n[[controls/buttons#verb-titles]]\n")
    }

    @Test func anUnknownConfigurationIsAnErrorThatSaysHowToInstall() {
        guard case .failure(let failure) = OpenCCConverter.shared("s2nowhere") else {
            Issue.record("an unknown configuration opened")
            return
        }
        #expect(failure.description.hasPrefix("cannot open OpenCC's 's2nowhere' conversion ("))
        #expect(failure.description.contains("brew install opencc"))
    }

    @Test func overrideProblemsAreReportedWhereTheyAre() {
        let file = SourceFile(path: "content/zh-Hant-overrides.yaml", text: """
            - {zh-Hans: 导航栏, zh-Hant: 導覽列}
            - {zh-Hans: 导航栏, zh-Hant: 導航列}
            - {zh-Hans: 工具栏, zh-Hnat: 工具列}
            - {zh-Hans: 滑块, zh-Hant: 滑桿, note: s2twp gives 滑塊}

            """)
        var log = DiagnosticLog()
        let overrides = ConversionOverrides.parse(file, from: .zhHans, to: Language(tag: "zh-Hant"), log: &log)
        #expect(overrides.pairs.map { "\($0.source)=\($0.target)" } == ["导航栏=導覽列", "滑块=滑桿"])
        #expect(log.sorted.map(\.description) == [
            "content/zh-Hant-overrides.yaml:2:3: error: '导航栏' is overridden twice\ncontent/zh-Hant-overrides.yaml:1:3: note: first here",
            "content/zh-Hant-overrides.yaml:3:3: error: override is missing 'zh-Hant'",
            "content/zh-Hant-overrides.yaml:3:18: error: unknown key 'zh-Hnat'; did you mean 'zh-Hant'?",
        ])
    }

    /// The three-language fixture with zh-Hant generated: only controls/buttons is written in it.
    static func generatedFixture() throws -> FixtureHandbook {
        var fixture = try FixtureHandbook.threeLanguages()
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent("zh-Hant/bars"))
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent("zh-Hant/controls/_index.md"))
        let traditional = Language(tag: "zh-Hant")
        fixture.languages = HandbookLanguages(fixture.languages.all, source: .zhHans,
                                              conversions: [traditional: LanguageConversion(from: .zhHans, openCC: "s2twp")])
        try fixture.write("zh-Hant-overrides.yaml", "- {zh-Hans: 屏幕, zh-Hant: 畫面}\n")
        return fixture
    }

    @Test func aChapterWrittenInTheGeneratedLanguageWinsAndIsTrackedTheOthersAreConverted() async throws {
        let fixture = try Self.generatedFixture()
        var outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        func page(_ path: String) throws -> String {
            try String(contentsOf: fixture.output.appendingPathComponent(path), encoding: .utf8)
        }
        // Written: the fixture's own text. Generated: the glossary's term (工具欄 in the
        // fixture's glossary), the override (畫面, where s2twp gives 螢幕) and OpenCC for the rest.
        #expect(try page("zh-Hant/controls/buttons.html").contains("例如「傳送」"))
        let toolbar = try page("zh-Hant/bars/toolbar.html")
        #expect(toolbar.contains("<title>工具欄 · "))
        #expect(toolbar.contains("工具欄位於畫面底部。"))
        #expect(try page("zh-Hant/bars/index.html").contains("lang=\"zh-Hant\""))
        // rules.json says which language is generated, and in which chapters.
        let catalog = try Catalog.decode(from: try Data(contentsOf: fixture.output.appendingPathComponent("rules.json")))
        #expect(catalog.generated == ["zh-Hant": Catalog.Generation(from: "zh-Hans", method: "OpenCC s2twp")])
        #expect(catalog.chapters.map { "\($0.id) \($0.generated ?? [])" } == ["bars/toolbar [\"zh-Hant\"]", "controls/buttons []"])
        // Only the written chapter has lock lines for zh-Hant.
        let lock = try TranslationLock().accepting(nil, from: outcome.freshness)
        let lines = lock.serialized(languages: fixture.languages).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("controls.buttons.verb-titles ") && $0.contains(" zh-Hant=") })
        #expect(lines.contains { $0.hasPrefix("bars.toolbar.few-items ") && !$0.contains("zh-Hant") })
        try fixture.write(TranslationLock.fileName, lock.serialized(languages: fixture.languages))
        // A change to the source marks the written translation outdated, never a generated one.
        try fixture.edit("zh/controls/buttons.md", replacing: "例如“发送”", with: "例如“发送”或“删除”")
        try fixture.edit("zh/bars/toolbar.md", replacing: "工具栏位于屏幕底部。", with: "工具栏总在屏幕底部。")
        outcome = await fixture.build()
        #expect(outcome.freshness.outdated["controls.buttons.verb-titles"]?.contains(Language(tag: "zh-Hant")) == true)
        #expect(outcome.freshness.outdated.values.allSatisfy { $0 == [.en] || $0 == [.en, Language(tag: "zh-Hant")] })
        #expect(!outcome.freshness.outdated.keys.contains { $0.hasPrefix("bars.toolbar") && outcome.freshness.isOutdated($0, in: Language(tag: "zh-Hant")) })
        #expect(try page("zh-Hant/bars/toolbar.html").contains("工具欄總在畫面底部。"))
    }

    @Test func aGeneratedChaptersProblemsAreReportedOnceAtTheSource() async throws {
        let fixture = try Self.generatedFixture()
        try fixture.edit("zh/bars/toolbar.md", replacing: "> [!DO few-items]", with: "> [!MUST few-items]")
        let lines = fixture.lines(await fixture.check())
        #expect(lines.filter { $0.contains("unknown rule kind") }.count == 1, "\(lines)")
        #expect(lines.allSatisfy { !$0.hasPrefix("content/zh-Hant/bars/") })
    }

    /// Characters OpenCC maps to a different Traditional form and that are not themselves
    /// Traditional (in Taiwan's standard forms either): what a zh-Hant text must not contain.
    static func simplifiedOnlyCharacters() throws -> Set<Character> {
        let simplifiedToTraditional = try OpenCCTable.load("STCharacters")
        let traditional = Set(try OpenCCTable.load("TSCharacters").keys)
            .union(simplifiedToTraditional.values.joined())
            .union(try OpenCCTable.load("TWVariants").values.joined())
        return Set(simplifiedToTraditional.compactMap { character, forms in
            !forms.contains(character) && !traditional.contains(character) ? character : nil
        })
    }

    @Test func theRealHandbooksZhHantHasNoSimplifiedOnlyCharacter() async throws {
        let simplifiedOnly = try Self.simplifiedOnlyCharacters()
        #expect(simplifiedOnly.count > 2000 && simplifiedOnly.contains("们") && !simplifiedOnly.contains("群"))
        let root = FixtureHandbook.repoRoot
        var log = DiagnosticLog()
        let file = HandbookConfiguration.load(path: root.appendingPathComponent("handbook.yaml").path, log: &log)
        let configuration = BuildConfiguration(contentPath: root.appendingPathComponent(file.content).path,
                                               templatesPath: root.appendingPathComponent(file.templates).path,
                                               languages: file.handbookLanguages)
        let outcome = await HandbookBuilder(configuration: configuration).generate(checkOutput: false)
        #expect(outcome.succeeded)
        let traditional = Language(tag: "zh-Hant")
        // All the prose (llms-full.txt), and every title and text of the catalogue.
        let prose = try #require(outcome.files.first { $0.path == "zh-Hant/llms-full.txt" })
        let catalog = try JSONDecoder().decode(Catalog.self, from: try #require(outcome.files.first { $0.path == "rules.json" }).data)
        #expect(catalog.rules.count > 1000 && catalog.rules.allSatisfy { $0.title[traditional] != nil && $0.text[traditional] != nil })
        let glossary = try JSONDecoder().decode(GlossaryCatalog.self, from: try #require(outcome.files.first { $0.path == "glossary.json" }).data)
        #expect(glossary.terms.filter { $0.definition?[traditional] != nil }.count > 200)
        let text = String(decoding: prose.data, as: UTF8.self)
            + catalog.rules.map { ($0.title[traditional] ?? "") + ($0.text[traditional] ?? "") }.joined()
            + catalog.chapters.map { ($0.title[traditional] ?? "") + ($0.summary[traditional] ?? "") }.joined()
            + glossary.terms.map { ($0.term[traditional] ?? "") + ($0.definition?[traditional] ?? "") }.joined()
        #expect(text.count > 200_000)
        let found = text.filter { simplifiedOnly.contains($0) }
        #expect(found.isEmpty, "Simplified-only characters in zh-Hant: \(Set(found).sorted())")
    }
}

/// An OpenCC character dictionary in text form: from its `.txt` where the data has one, or else
/// its `.ocd2` converted by `opencc_dict`, which comes with OpenCC.
enum OpenCCTable {
    static func load(_ name: String) throws -> [Character: [Character]] {
        let folders = OpenCCConverter.dataFolders
        var text = folders.lazy.compactMap { try? String(contentsOfFile: "\($0)/\(name).txt", encoding: .utf8) }.first
        if text == nil, let binary = folders.map({ "\($0)/\(name).ocd2" }).first(where: FileManager.default.fileExists),
           let tool = ["/usr/bin/opencc_dict", "/opt/homebrew/bin/opencc_dict", "/usr/local/bin/opencc_dict"]
               .first(where: FileManager.default.isExecutableFile) {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("opencc-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: output) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["-i", binary, "-o", output.path, "-f", "ocd2", "-t", "text"]
            try process.run()
            process.waitUntilExit()
            text = try String(contentsOf: output, encoding: .utf8)
        }
        let lines = try #require(text, "OpenCC's \(name) is not installed").split(separator: "\n")
        var table: [Character: [Character]] = [:]
        for line in lines {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, fields[0].count == 1 else { continue }
            table[fields[0].first!] = fields[1].split(separator: " ").compactMap { $0.count == 1 ? $0.first : nil }
        }
        return table
    }
}

import Foundation
import Testing
@testable import HandbookKit

/// Each bad input gives its diagnostic in compiler format, the build fails, and the previous
/// site is left exactly as it was.
@Suite struct BadInputTests {
    @Test func malformedYAML() async throws {
        let lines = try await FixtureHandbook.failingBuild { try $0.edit("zh/controls/buttons.md", replacing: "summary: 按钮发起一个具体操作。", with: "summary: [按钮") }
        #expect(lines.contains { $0.hasPrefix("content/zh/controls/buttons.md:") && $0.contains(": error: malformed YAML") })
    }

    @Test func unknownMissingAndWronglyTypedKeys() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("zh/controls/buttons.md", replacing: "edition: iOS 12", with: "editon: iOS 12")
            try fixture.edit("en/controls/buttons.md", replacing: "weight: 10", with: "weight: ten")
        }
        #expect(lines.contains("content/zh/controls/buttons.md:6:1: error: unknown front-matter key 'editon'; did you mean 'edition'?"))
        #expect(lines.contains("content/zh/controls/buttons.md:1:1: error: missing front-matter key 'edition'"))
        #expect(lines.contains("content/en/controls/buttons.md:5:9: error: 'weight' must be an integer, not 'ten'"))
    }

    @Test func fileThatIsNotUTF8() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            var data = Data("---\ntitle: 栏\n".utf8)
            data.append(contentsOf: [0xC3, 0x28])
            try data.write(to: fixture.content.appendingPathComponent("zh/bars/_index.md"))
        }
        #expect(lines.contains("content/zh/bars/_index.md:3:1: error: file is not valid UTF-8 (byte 0xC3)"))
    }

    @Test func duplicateChapterSectionAndRuleIDs() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("zh/controls/buttons.md", replacing: "## 旧版按钮 {#legacy-buttons}", with: "## 旧版按钮 {#system-buttons}")
            try fixture.edit("en/controls/buttons.md", replacing: "[!AVOID long-titles]", with: "[!AVOID verb-titles]")
            try fixture.edit("en/bars/toolbar.md", replacing: "id: bars/toolbar", with: "id: controls/buttons")
        }
        #expect(lines.contains { $0.hasPrefix("content/zh/controls/buttons.md:35:1: error: duplicate anchor 'system-buttons'") })
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:21:1: error: duplicate anchor 'verb-titles'") })
        #expect(lines.contains("content/en/bars/toolbar.md:2:5: error: chapter id 'controls/buttons' does not match its path; it must be 'bars/toolbar'"))
    }

    @Test func replacedByMustNameALiveRuleInBothLanguages() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("en/controls/buttons.md", replacing: "replaced-by=\"controls.buttons.short-titles\"",
                             with: "replaced-by=\"controls.buttons.shortest-titles\"")
        }
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:32:1: error: replaced-by names unknown rule 'controls.buttons.shortest-titles'; did you mean 'controls.buttons.short-titles'?") })
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:32:1: error: rule 'single-word-titles' has different status, edition, replaced-by, basis or tags attributes in the two languages") })
    }

    @Test func chapterSectionOrRuleMissingInOneLanguage() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try FileManager.default.removeItem(at: fixture.content.appendingPathComponent("en/bars/toolbar.md"))
            try fixture.edit("en/controls/buttons.md", replacing: "### Title length {#title-length}", with: "### Title length {#title-size}")
            try fixture.edit("zh/controls/buttons.md", replacing: "> [!AVOID long-titles] 不要用过长的标题\n> 长标题会被截断。参见[[#system-buttons]]。\n", with: "")
        }
        #expect(lines.contains("content/zh/bars/toolbar.md:1:1: error: chapter 'bars/toolbar' has no English version; add content/en/bars/toolbar.md"))
        #expect(lines.contains { $0.hasPrefix("content/zh/controls/buttons.md:22:1: error: section '#title-length' is missing from the English version") })
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:24:1: error: section '#title-size' is missing from the Chinese version") })
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:21:1: error: rule 'long-titles' is missing from the Chinese version") })
    }

    @Test func aThirdLanguageIsCheckedAgainstTheSource() async throws {
        let fixture = try FixtureHandbook.threeLanguages()
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent("zh-Hant/bars/toolbar.md"))
        try fixture.edit("zh-Hant/controls/buttons.md", replacing: "weight: 10", with: "weight: 20")
        try fixture.edit("zh-Hant/controls/buttons.md", replacing: "### 標題長度 {#title-length}", with: "### 標題長度 {#title-size}")
        let lines = fixture.lines(await fixture.check())
        #expect(lines.contains("content/zh/bars/toolbar.md:1:1: error: chapter 'bars/toolbar' has no zh-Hant version; add content/zh-Hant/bars/toolbar.md"))
        #expect(lines.contains { $0.hasPrefix("content/zh-Hant/controls/buttons.md:5:9: error: 'weight' is '20' here but '10' in the Chinese version") })
        #expect(lines.contains { $0.hasPrefix("content/zh/controls/buttons.md:24:1: error: section '#title-length' is missing from the zh-Hant version") })
        #expect(lines.contains { $0.hasPrefix("content/zh-Hant/controls/buttons.md:24:1: error: section '#title-size' is missing from the Chinese version") })
        // English agrees with the source: no error names it.
        #expect(!lines.contains { $0.contains(": error: ") && $0.contains("English") })

        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent("zh-Hant"))
        #expect(fixture.lines(await fixture.check()).contains { $0.hasSuffix("error: missing language folder 'content/zh-Hant'") })
    }

    @Test func unresolvedCrossLinkSuggestsTheNearestID() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("zh/controls/buttons.md", replacing: "[[bars/toolbar|工具栏]]", with: "[[bars/tolbar|工具栏]]")
            try fixture.edit("en/controls/buttons.md", replacing: "[[rule:controls.buttons.short-titles]]", with: "[[rule:controls.buttons.short-title]]")
            try fixture.edit("en/bars/toolbar.md", replacing: "[[controls/buttons#verb-titles]]", with: "[[controls/buttons#verb-title]]")
        }
        // The link is preceded by 26 characters on line 11 (70 bytes).
        #expect(lines.contains("content/zh/controls/buttons.md:11:27: error: unresolved cross-link 'bars/tolbar'; did you mean 'bars/toolbar'?"))
        #expect(lines.contains("content/en/controls/buttons.md:19:12: error: unresolved rule link 'rule:controls.buttons.short-title'; did you mean 'controls.buttons.short-titles'?"))
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:17:") && $0.contains("unresolved anchor 'verb-title'") && $0.hasSuffix("did you mean 'verb-titles'?") })
    }

    @Test func unknownRuleKind() async throws {
        let lines = try await FixtureHandbook.failingBuild { try $0.edit("zh/bars/toolbar.md", replacing: "[!DO few-items]", with: "[!SHOULD few-items]") }
        #expect(lines.contains("content/zh/bars/toolbar.md:16:1: error: unknown rule kind 'SHOULD'; use DO, AVOID or CONSIDER"))
    }

    @Test func disallowedLinkScheme() async throws {
        let lines = try await FixtureHandbook.failingBuild { try $0.edit("en/bars/toolbar.md", replacing: "A toolbar sits", with: "A [toolbar](javascript:alert(1)) sits") }
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:12:3: error: link scheme 'javascript:' is not allowed") })
    }

    @Test func outputInsideOrEqualToContent() async throws {
        let fixture = try FixtureHandbook()
        for output in [fixture.content.path, fixture.content.appendingPathComponent("zh/site").path] {
            var configuration = fixture.configuration
            configuration.outputPath = output
            let outcome = await HandbookBuilder(configuration: configuration).build()
            #expect(!outcome.succeeded)
            #expect(outcome.diagnostics.contains { $0.message.contains("the content folder") })
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.content.appendingPathComponent("zh/site").path))
        #expect(try FixtureHandbook.snapshot(of: fixture.content) == FixtureHandbook.snapshot(of: FixtureHandbook.fixtureContent))
    }

    @Test func allProblemsAreReportedInOneRun() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("zh/controls/buttons.md", replacing: "weight: 10", with: "weight: x")
            try fixture.edit("en/bars/toolbar.md", replacing: "[!DO few-items]", with: "[!MUST few-items]")
            try fixture.edit("en/controls/buttons.md", replacing: "[[bars/toolbar]]", with: "[[bars/nope]]")
        }
        #expect(lines.filter { $0.contains(": error: ") }.count >= 3)
    }
}

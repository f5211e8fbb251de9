import Foundation
import Testing
@testable import HandbookKit

/// The terminology check: forms a glossary term marks to avoid, and spellings listed in
/// `content/terminology.yaml`, are warned about at line:column with the word to write instead;
/// allowed phrases, inline code and quotations are left alone.
@Suite struct TerminologyTests {
    static func fixture() throws -> FixtureHandbook {
        let fixture = try FixtureHandbook()
        try fixture.edit("glossary.yaml", replacing: "  variants: [工具条, 工具列]\n", with: "  variants: [工具条, 工具列]\n  avoid:\n    zh: [工具条]\n    en: [tool bar]\n")
        try fixture.write("terminology.yaml", """
            allow:
              zh: [App Store]
            zh:
              - {avoid: App, use: 应用}
            en:
              - {avoid: colour, use: color}
            """)
        return fixture
    }

    @Test func eachKindOfWarningNamesTheWordToWrite() async throws {
        let fixture = try Self.fixture()
        try fixture.edit("zh/bars/toolbar.md", replacing: "工具栏位于屏幕底部。", with: "工具条位于 App 的屏幕底部。")
        try fixture.edit("en/bars/toolbar.md", replacing: "A toolbar sits at the bottom of the screen.",
                         with: "A Tool Bar sits at the bottom; its colours match.")
        try fixture.edit("en/bars/toolbar.md", replacing: "title: Toolbar", with: "title: Toolbar colour")
        let outcome = await fixture.build()
        #expect(outcome.succeeded)
        let lines = fixture.lines(outcome)
        #expect(lines.contains("content/zh/bars/toolbar.md:12:1: warning: '工具条' is not the handbook's wording; write '工具栏' (glossary: toolbar)"))
        #expect(lines.contains("content/zh/bars/toolbar.md:12:7: warning: 'App' is not the handbook's wording; write '应用'"))
        #expect(lines.contains("content/en/bars/toolbar.md:12:3: warning: 'tool bar' is not the handbook's wording; write 'toolbar' (glossary: toolbar)"))
        #expect(lines.contains("content/en/bars/toolbar.md:12:36: warning: 'colour' is not the handbook's wording; write 'color'"))
        #expect(lines.contains("content/en/bars/toolbar.md:3:16: warning: 'colour' is not the handbook's wording; write 'color'"))
    }

    @Test func allowedPhrasesCodeLinksAndQuotationsAreNotChecked() async throws {
        let fixture = try Self.fixture()
        try fixture.edit("zh/bars/toolbar.md", replacing: "工具栏位于屏幕底部。",
                         with: "工具栏位于屏幕底部，见 App Store 和 `App`。\n\n> 原文写作“工具条”。\n> App")
        try fixture.edit("en/bars/toolbar.md", replacing: "A toolbar sits at the bottom of the screen.",
                         with: "A toolbar sits at the bottom of the screen ([see](https://example.com/colour)); colors and `colour`.")
        let lines = fixture.lines(await fixture.build())
        #expect(!lines.contains { $0.contains("handbook's wording") }, "\(lines)")
    }

    @Test func anUnknownGlossaryTermIsAnError() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.write("terminology.yaml", "zh:\n  - {avoid: 工具条, use: 工具栏, term: tool-bar}\n")
        }
        #expect(lines.contains("content/terminology.yaml:2:5: error: '工具条' names unknown glossary term 'tool-bar'; did you mean 'toolbar'?"))
    }
}

import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// Where a rule's advice comes from (`basis`) and how earlier editions put it (`[!EARLIER …]`),
/// on the card and in rules.json, the same in both languages.
@Suite struct RuleHistoryTests {
    static func fixture(earlierInChinese: Bool = true) throws -> FixtureHandbook {
        let fixture = try FixtureHandbook()
        for language in ["en", "zh"] {
            try fixture.edit("\(language)/controls/buttons.md", replacing: "related: [bars/toolbar]",
                             with: "related: [bars/toolbar]\nbasis: [\"iOS 12 · Controls · Buttons\"]")
            try fixture.edit("\(language)/controls/buttons.md", replacing: "basis=\"iOS 7 · Controls · Buttons\"",
                             with: "basis=\"iOS 7 · Controls · Buttons; iOS 12 · Controls · Buttons\"")
        }
        try fixture.edit("en/controls/buttons.md", replacing: "> See also [[rule:controls.buttons.short-titles]].\n",
                         with: "> See also [[rule:controls.buttons.short-titles]].\n>\n> > [!EARLIER iPhone OS 3]\n> > Name the action, as in [[bars/toolbar]].\n")
        if earlierInChinese {
            try fixture.edit("zh/controls/buttons.md", replacing: "> 另见 [[rule:controls.buttons.short-titles]]。\n",
                             with: "> 另见 [[rule:controls.buttons.short-titles]]。\n>\n> > [!EARLIER iPhone OS 3]\n> > 写出操作的名称，见 [[bars/toolbar]]。\n")
        }
        return fixture
    }

    @Test func basisAndEarlierFormsReachTheCatalogueAndTheCard() async throws {
        let fixture = try Self.fixture()
        let outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        let catalog = try Catalog.decode(from: Data(contentsOf: fixture.output.appendingPathComponent("rules.json")))
        let verb = try #require(catalog.rule(withID: "controls.buttons.verb-titles"))
        #expect(verb.basis == ["iOS 12 · Controls · Buttons"])
        #expect(verb.history == [.init(edition: "iPhone OS 3", text: LocalizedText(zhHans: "写出操作的名称，见 工具栏。",
                                                                                   en: "Name the action, as in Toolbar."))])
        // The earlier form is not part of the rule's text.
        #expect(verb.text[.en]?.contains("Name the action") == false)
        #expect(catalog.rule(withID: "controls.buttons.short-titles")?.basis == ["iOS 7 · Controls · Buttons", "iOS 12 · Controls · Buttons"])
        #expect(catalog.rule(withID: "bars.toolbar.few-items")?.basis == [])
        let page = try String(contentsOf: fixture.output.appendingPathComponent("en/controls/buttons.html"), encoding: .utf8)
        #expect(page.contains("<div class=\"rule-earlier\"><p class=\"rule-earlier-label\">Earlier · iPhone OS 3</p>\n<p>Name the action, as in <a class=\"xref\" href=\"../bars/toolbar.html\">Toolbar</a>.</p>\n</div>"))
        // The chapter's basis once under its title; a card names only a basis of its own.
        #expect(page.contains("<p class=\"meta chapter-basis\">Based on: iOS 12 · Controls · Buttons</p>"))
        #expect(page.components(separatedBy: "class=\"rule-basis\"").count == 2)
        let zh = try String(contentsOf: fixture.output.appendingPathComponent("zh/controls/buttons.html"), encoding: .utf8)
        #expect(zh.contains("<p class=\"rule-earlier-label\">早期版本 · iPhone OS 3</p>"))
        #expect(zh.contains("<p class=\"rule-basis\">依据：iOS 7 · Controls · Buttons; iOS 12 · Controls · Buttons</p>"))
    }

    @Test func earlierFormsMustMatchAcrossLanguages() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            let edited = try Self.fixture(earlierInChinese: false)
            for path in ["en/controls/buttons.md", "zh/controls/buttons.md"] {
                try fixture.write(path, try edited.read(path))
            }
        }
        #expect(lines.contains { $0.contains("error: rule 'verb-titles' has earlier forms from no edition here but from 'iPhone OS 3' in Chinese") || $0.contains("error: rule 'verb-titles' has earlier forms from 'iPhone OS 3' here but from no edition in Chinese") }, "\(lines)")
    }
}

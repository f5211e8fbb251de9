import Foundation
import Testing
@testable import HandbookKit

/// GitHub-style callouts in the prose: rendered as notes with a label in the page's language,
/// searchable without their marker, and never mistaken for a rule.
@Suite struct CalloutTests {
    @Test func aCalloutInAChapterIsRenderedAndSearchable() async throws {
        let fixture = try FixtureHandbook()
        try fixture.edit("en/controls/buttons.md", replacing: "System buttons have no border by default.",
                         with: "System buttons have no border by default.\n\n> [!WARNING]\n> Borderless buttons need clear titles.")
        try fixture.edit("zh/controls/buttons.md", replacing: "## 系统按钮 {#system-buttons}\n",
                         with: "## 系统按钮 {#system-buttons}\n\n> [!WARNING]\n> 无边框按钮需要清楚的标题。\n")
        let outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        let en = try String(contentsOf: fixture.output.appendingPathComponent("en/controls/buttons.html"), encoding: .utf8)
        #expect(en.contains("<aside class=\"callout warning\" role=\"note\"><p class=\"callout-label\">Warning</p>\n<p>Borderless buttons need clear titles.</p>\n</aside>"))
        let zh = try String(contentsOf: fixture.output.appendingPathComponent("zh/controls/buttons.html"), encoding: .utf8)
        #expect(zh.contains("<p class=\"callout-label\">警告</p>"))
        let index = try fixture.snapshot().filter { $0.key.hasPrefix("en/") && $0.key.contains("search") && $0.key.hasSuffix(".js") }
            .values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(index.contains("Borderless buttons need clear titles."))
        #expect(!index.contains("[!WARNING]"))
    }
}

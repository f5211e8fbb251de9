import Foundation
import Testing
@testable import HandbookKit

/// llms-full.txt gives each chapter as it reads: opening, sections and tables in order, the
/// rules' blocks in their sections, all of it escaped so that no text becomes Markdown syntax.
@Suite struct LLMsFullTextTests {
    @Test func chaptersReadInOrderWithProseTablesAndRulesEscaped() async throws {
        let fixture = try FixtureHandbook()
        for language in ["zh", "en"] {
            try fixture.edit("\(language)/controls/buttons.md", replacing: "## ", with: """
                | Style | Use `<b>` |
                |---|---|
                | Plain | a \\| b |

                ## 
                """)
        }
        let outcome = await fixture.check()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        let file = try #require(outcome.files.first { $0.path == "en/llms-full.txt" })
        let text = String(decoding: file.data, as: UTF8.self)
        let chapter = try #require(text.range(of: "\n### Buttons\n"))
        let order = ["A button starts an action and can sit in a Toolbar.",
                     "| Style | Use \\<b\\> |\n| --- | --- |\n| Plain | a \\| b |",
                     "\n#### System buttons\n",
                     "System buttons have no border by default.",
                     "\n#### DO: Use verbs in titles\n\n- id: controls.buttons.verb-titles\n",
                     "\n##### Title length\n",
                     "\n#### CONSIDER: Keep titles short\n",
                     "\n#### Legacy buttons\n",
                     "- id: controls.buttons.home-button-shortcuts\n"]
        var after = chapter.upperBound
        for piece in order {
            let found = try #require(text.range(of: piece, range: after..<text.endIndex), "\(piece) out of order")
            after = found.upperBound
        }
        // Every rule of the catalogue once, as before.
        for id in ["bars.toolbar.few-items", "controls.buttons.verb-titles", "controls.buttons.long-titles",
                   "controls.buttons.short-titles", "controls.buttons.single-word-titles", "controls.buttons.home-button-shortcuts"] {
            #expect(text.components(separatedBy: "- id: \(id)\n").count == 2, "\(id)")
        }
    }
}

import Foundation
import Testing
@testable import HandbookKit

/// The sidebar: every chapter for a handbook of ordinary size, a window around the current
/// chapter for a large one, the current page marked either way.
@Suite struct NavigationTests {
    private func sidebar(fullListLimit: Int) async throws -> NavigationCache {
        let fixture = try FixtureHandbook()
        var log = DiagnosticLog()
        let handbook = await HandbookLoader(contentDirectory: fixture.content, displayRoot: "content").load(log: &log)
        let templates = try #require(TemplateSet.load(from: fixture.root.appendingPathComponent("templates"),
                                                      displayRoot: "templates", log: &log))
        return NavigationCache(handbook: handbook, templates: templates, fullListLimit: fullListLimit)
    }

    @Test func aSmallHandbookListsEveryChapterAndMarksTheCurrentOne() async throws {
        let html = try await sidebar(fullListLimit: 400).html(language: .en, page: "en/controls/buttons.html",
                                                        currentPart: "controls", currentChapter: "controls/buttons")
        #expect(html.contains("<li class=\"nav-part open\">\n      <a href=\"index.html\">"))
        #expect(html.contains("<a href=\"buttons.html\" aria-current=\"page\">"))
        #expect(html.contains("<a href=\"../bars/toolbar.html\">"), "another part's chapter is listed")
        #expect(html.components(separatedBy: "aria-current").count == 2)
        #expect(!html.contains("\u{0}"))
    }

    @Test func aLargeHandbookListsTheCurrentPartsNeighbourhoodOnly() async throws {
        let navigation = try await sidebar(fullListLimit: 1)
        let chapter = navigation.html(language: .en, page: "en/controls/buttons.html",
                                      currentPart: "controls", currentChapter: "controls/buttons")
        #expect(chapter.contains("<a href=\"buttons.html\" aria-current=\"page\">"))
        #expect(chapter.contains("<a href=\"../bars/index.html\">"), "every part is listed")
        #expect(!chapter.contains("../bars/toolbar.html"), "other parts' chapters are not")
        #expect(chapter.contains("nav-part open"))
        let part = navigation.html(language: .en, page: "en/bars/index.html", currentPart: "bars", currentChapter: nil)
        #expect(part.contains("<a href=\"index.html\" aria-current=\"page\">"))
        #expect(!part.contains("toolbar.html"))
    }
}

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
        #expect(html.contains("<li class=\"nav-part open\"><a href=\"index.html\">"))
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

    /// Windows are cut from runs of `windowRadius` chapters so that neighbours share one rendering;
    /// every chapter still sees at least that many neighbours on either side, and only itself
    /// marked current.
    @Test func everyChapterOfALongPartSeesItsNeighboursAndOnlyItselfMarked() async throws {
        let fixture = try FixtureHandbook()
        for number in 0..<40 {
            try fixture.write("en/controls/extra-\(number).md", """
                ---
                id: controls/extra-\(number)
                title: Extra \(number)
                summary: One of many.
                weight: \(100 + number)
                edition: iOS 12
                status: current
                ---

                Text.

                """)
        }
        var log = DiagnosticLog()
        let handbook = await HandbookLoader(contentDirectory: fixture.content, displayRoot: "content").load(log: &log)
        let templates = try #require(TemplateSet.load(from: fixture.root.appendingPathComponent("templates"),
                                                      displayRoot: "templates", log: &log))
        let navigation = NavigationCache(handbook: handbook, templates: templates, fullListLimit: 1)
        let chapters = handbook.chapters(in: .en).filter { $0.part == "controls" }
        #expect(chapters.count > 3 * NavigationCache.windowRadius)
        let radius = NavigationCache.windowRadius
        for (position, chapter) in chapters.enumerated() {
            let html = navigation.html(language: .en, page: SiteURLs.chapter(chapter.identifier, .en), currentPart: "controls",
                                       currentChapter: chapter.id)
            let file = { (id: String) in String(id.split(separator: "/").last!) + ".html" }
            let listed = chapters.indices.filter { html.contains("<a href=\"\(file(chapters[$0].id))\"") }
            #expect(html.components(separatedBy: "aria-current").count == 2)
            #expect(html.contains("<a href=\"\(file(chapter.id))\" aria-current=\"page\">"), "\(chapter.id) is marked")
            let first = try #require(listed.first), last = try #require(listed.last)
            #expect(listed == Array(first...last), "the window is one run of chapters")
            #expect(position - first >= min(radius, position), "\(chapter.id): neighbours before")
            #expect(last - position >= min(radius, chapters.count - 1 - position), "\(chapter.id): neighbours after")
            #expect(listed.count <= 3 * radius)
        }
    }
}

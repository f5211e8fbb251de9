import Foundation
import Testing
@testable import HandbookKit

/// `serve` rebuilds with what the previous build left: each rebuild must write exactly what a
/// full build of the same sources writes, touch only what the change affects, and leave the
/// site alone when it fails.
@Suite struct IncrementalBuildTests {
    /// A full build of the fixture as it is now, into a folder of its own.
    private func fullBuild(_ fixture: FixtureHandbook) throws -> [String: Data] {
        var configuration = fixture.configuration
        configuration.outputPath = fixture.root.appendingPathComponent("full").path
        let outcome = HandbookBuilder(configuration: configuration).build()
        #expect(outcome.succeeded)
        return try FixtureHandbook.snapshot(of: configuration.outputURL)
    }

    @Test func rebuildsMatchFullBuildsAndRenderOnlyWhatChanged() throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        let first = builder.build()
        #expect(first.outcome.succeeded)
        #expect(first.pagesReused == 0)
        #expect(try fixture.snapshot() == fullBuild(fixture))

        // Nothing changed: every page comes from the cache and nothing is written.
        let idle = builder.build()
        #expect(idle.pagesRendered == 0)
        #expect(idle.filesWritten == 0)

        // A sentence in one chapter: its page (and the other language's, whose translation is
        // now behind) change; the sidebar, home and other chapters do not.
        try fixture.edit("en/controls/buttons.md", replacing: "## System buttons", with: "A new sentence.\n\n## System buttons")
        let body = builder.build()
        #expect(body.outcome.succeeded)
        #expect(body.pagesRendered > 0 && body.pagesRendered <= 4, "rendered \(body.pagesRendered) pages")
        #expect(body.pagesReused > 0)
        #expect(try fixture.snapshot() == fullBuild(fixture))

        // A new title shows in every sidebar: every page of that language is rendered again.
        try fixture.edit("en/controls/buttons.md", replacing: "title: Buttons", with: "title: Push buttons")
        let title = builder.build()
        #expect(title.pagesRendered > body.pagesRendered)
        let site = try fixture.snapshot()
        #expect(site == (try fullBuild(fixture)))
        #expect(String(decoding: site["en/index.html"]!, as: UTF8.self).contains("Push buttons"))
    }

    @Test func aFailedRebuildLeavesTheSiteAndTheNextOneRecovers() throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        #expect(builder.build().outcome.succeeded)
        let good = try fixture.snapshot()

        try fixture.edit("en/controls/buttons.md", replacing: "weight: 10", with: "weight: ten")
        let failed = builder.build()
        #expect(!failed.outcome.succeeded)
        #expect(fixture.lines(failed.outcome).contains { $0.hasPrefix("content/en/controls/buttons.md:5:9: error:") })
        #expect(failed.filesWritten == 0)
        #expect(try fixture.snapshot() == good)

        try fixture.edit("en/controls/buttons.md", replacing: "weight: ten", with: "weight: 10")
        let fixed = builder.build()
        #expect(fixed.outcome.succeeded)
        #expect(try fixture.snapshot() == good)
    }

    @Test func aTemplateChangeRendersEveryPageAgain() throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        let first = builder.build()
        let css = fixture.root.appendingPathComponent("templates/assets/style.css")
        try (String(contentsOf: css, encoding: .utf8) + "\n.lede { color: red; }\n").write(to: css, atomically: true, encoding: .utf8)
        let again = builder.build(templatesChanged: true)
        #expect(again.pagesRendered == first.pagesRendered)
        #expect(again.filesWritten == 1)
        #expect(try fixture.snapshot() == fullBuild(fixture))
    }
}

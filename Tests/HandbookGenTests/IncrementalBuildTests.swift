import Foundation
import Testing
@testable import HandbookKit

/// `serve` rebuilds with what the previous build left: each rebuild must write exactly what a
/// full build of the same sources writes, touch only what the change affects, and leave the
/// site alone when it fails.
@Suite struct IncrementalBuildTests {
    /// A full build of the fixture as it is now, into a folder of its own.
    private func fullBuild(_ fixture: FixtureHandbook) async throws -> [String: Data] {
        var configuration = fixture.configuration
        configuration.outputPath = fixture.root.appendingPathComponent("full").path
        let outcome = await HandbookBuilder(configuration: configuration).build()
        #expect(outcome.succeeded)
        return try FixtureHandbook.snapshot(of: configuration.outputURL)
    }

    @Test func rebuildsMatchFullBuildsAndRenderOnlyWhatChanged() async throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        let first = await builder.build()
        #expect(first.outcome.succeeded)
        #expect(first.pagesReused == 0)
        #expect(try await fixture.snapshot() == fullBuild(fixture))

        // Nothing changed: every page comes from the cache and nothing is written.
        let idle = await builder.build()
        #expect(idle.pagesRendered == 0)
        #expect(idle.filesWritten == 0)

        // A sentence in one chapter: its page (and the other language's, whose translation is
        // now behind) change; the sidebar, home and other chapters do not.
        try fixture.edit("en/controls/buttons.md", replacing: "## System buttons", with: "A new sentence.\n\n## System buttons")
        let body = await builder.build()
        #expect(body.outcome.succeeded)
        #expect(body.pagesRendered > 0 && body.pagesRendered <= 4, "rendered \(body.pagesRendered) pages")
        #expect(body.pagesReused > 0)
        #expect(try await fixture.snapshot() == fullBuild(fixture))

        // A new title shows in every sidebar: every page of that language is rendered again.
        try fixture.edit("en/controls/buttons.md", replacing: "title: Buttons", with: "title: Push buttons")
        let title = await builder.build()
        #expect(title.pagesRendered > body.pagesRendered)
        let site = try fixture.snapshot()
        #expect(site == (try await fullBuild(fixture)))
        #expect(String(decoding: site["en/index.html"]!, as: UTF8.self).contains("Push buttons"))
    }

    @Test func aFailedRebuildLeavesTheSiteAndTheNextOneRecovers() async throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        #expect(await builder.build().outcome.succeeded)
        let good = try fixture.snapshot()

        try fixture.edit("en/controls/buttons.md", replacing: "weight: 10", with: "weight: ten")
        let failed = await builder.build()
        #expect(!failed.outcome.succeeded)
        #expect(fixture.lines(failed.outcome).contains { $0.hasPrefix("content/en/controls/buttons.md:5:9: error:") })
        #expect(failed.filesWritten == 0)
        #expect(try fixture.snapshot() == good)

        try fixture.edit("en/controls/buttons.md", replacing: "weight: ten", with: "weight: 10")
        let fixed = await builder.build()
        #expect(fixed.outcome.succeeded)
        #expect(try fixture.snapshot() == good)
    }

    @Test func aTemplateChangeRendersEveryPageAgain() async throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        let first = await builder.build()
        let css = fixture.root.appendingPathComponent("templates/assets/style.css")
        try (String(contentsOf: css, encoding: .utf8) + "\n.lede { color: red; }\n").write(to: css, atomically: true, encoding: .utf8)
        let again = await builder.build(templatesChanged: true)
        #expect(again.pagesRendered == first.pagesRendered)
        #expect(again.filesWritten == 1)
        #expect(try await fixture.snapshot() == fullBuild(fixture))
    }

    /// Edits whose effects reach other chapters' pages, search entries and catalogue entries
    /// through links, titles and translation state: after each, the rebuild equals a full build.
    @Test func editsThatReachOtherChaptersMatchFullBuilds() async throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        #expect(await builder.build().outcome.succeeded)
        let edits: [(file: String, old: String, new: String, description: String)] = [
            ("en/controls/buttons.md", "Use verbs in titles", "Use verbs in button titles",
             "a rule title that a link in the other chapter shows"),
            ("en/bars/toolbar.md", "title: Toolbar\n", "title: Bottom toolbar\n", "a chapter title that a link in the other chapter shows"),
            ("en/controls/buttons.md", "## System buttons {#system-buttons}", "## Buttons of the system {#system-buttons}",
             "a section title a link in the same chapter shows"),
            ("en/bars/toolbar.md", "## Toolbar items {#toolbar-items}", "See [[controls/buttons]].\n\n## Toolbar items {#toolbar-items}",
             "a new link, which adds a backlink to the other chapter"),
            ("zh/bars/toolbar.md", "## ", "新的一句。\n\n## ", "the Chinese text, so the English is now behind"),
            ("glossary.yaml", "en: button", "en: push button", "a glossary term that links show"),
            ("en/bars/toolbar.md", "See [[controls/buttons]].", "No link.", "a link removed again"),
            ("en/bars/toolbar.md", "see [[controls/buttons#verb-titles]]", "see the buttons chapter",
             "the last link to the other chapter, so its backlink goes (the outline stays the same)"),
            ("en/bars/toolbar.md", "see the buttons chapter", "see [[controls/buttons#verb-titles]]",
             "that link back, so the backlink returns"),
        ]
        for edit in edits {
            try fixture.edit(edit.file, replacing: edit.old, with: edit.new)
            let report = await builder.build()
            #expect(report.outcome.succeeded, "\(edit.description)")
            #expect(try await fixture.snapshot() == fullBuild(fixture), "after editing \(edit.description)")
        }
        // A paragraph edit leaves the outline alone: only that chapter's HTML is made again, and
        // every other kind of chapter work keeps the other chapters' outputs.
        try fixture.edit("en/controls/buttons.md", replacing: "System buttons have", with: "Plain system buttons have")
        let paragraph = await builder.build()
        #expect(paragraph.chapterHTMLMade == 1)
        #expect(paragraph.chapterWorkMade == ["html": 1, "pages": 1, "searchRecords": 1, "catalogEntries": 1,
                                              "translationUnits": 1, "links": 1, "figures": 1, "llmsChapters": 1])
        #expect(try await fixture.snapshot() == fullBuild(fixture))
    }

    /// A generated language's chapters and definitions are kept between builds while their
    /// sources, the overrides, the glossary and the source's titles are the same: a title that a
    /// converted link reads as, a definition and an override each reach the generated pages as a
    /// full build makes them.
    @Test func generatedTextFollowsItsSourcesOnARebuild() async throws {
        let fixture = try ConversionTests.generatedFixture()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        #expect(await builder.build().outcome.succeeded)
        let edits: [(file: String, old: String, new: String, description: String)] = [
            ("zh/controls/buttons.md", "[!DO verb-titles] 用动词作标题", "[!DO verb-titles] Verb 用作标题",
             "a rule title that a converted link without its own text reads as (now Latin first: spaced)"),
            ("glossary.yaml", "zh: 位于屏幕底部，放当前视图的操作。", "zh: 位于屏幕底部，放当前视图的常用操作。",
             "a definition, converted for the generated glossary"),
            ("zh-Hant-overrides.yaml", "zh-Hant: 畫面", "zh-Hant: 螢幕畫面", "an override"),
            ("zh/bars/toolbar.md", "工具栏位于屏幕底部。", "工具栏总在屏幕底部。", "a paragraph of a generated chapter's source"),
        ]
        for edit in edits {
            try fixture.edit(edit.file, replacing: edit.old, with: edit.new)
            #expect(await builder.build().outcome.succeeded, "\(edit.description)")
            #expect(try await fixture.snapshot() == fullBuild(fixture), "after editing \(edit.description)")
        }
        let toolbar = String(decoding: try fixture.snapshot()["zh-Hant/bars/toolbar.html"] ?? Data(), as: UTF8.self)
        #expect(toolbar.contains("總在螢幕畫面底部"), "the paragraph and the override, converted")
        let glossary = String(decoding: try fixture.snapshot()["zh-Hant/glossary.html"] ?? Data(), as: UTF8.self)
        #expect(glossary.contains("常用操作"), "the definition, converted")
    }

    /// The glossary's share of the search index is kept between builds only while its inputs
    /// are equal, the reviewed search synonyms among them: a new synonym reaches the index.
    @Test func aSearchSynonymReachesTheIndexOnARebuild() async throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        #expect(await builder.build().outcome.succeeded)
        try Data("- term: button\n  names: [push target, 点按目标]\n".utf8)
            .write(to: fixture.content.appendingPathComponent("search-synonyms.yaml"))
        #expect(await builder.build().outcome.succeeded)
        let rebuilt = try fixture.snapshot()
        let full = try await fullBuild(fixture)
        #expect(rebuilt == full)
        let english = String(decoding: rebuilt["en/search-index.js"] ?? Data(), as: UTF8.self)
        let chinese = String(decoding: rebuilt["zh/search-index.js"] ?? Data(), as: UTF8.self)
        #expect(english.contains(#"["push target","button"]"#) && english.contains(#"["点按目标","button"]"#))
        #expect(chinese.contains(#"["push target","按钮"]"#))
    }

    /// The changelog, the tag vocabulary and the translation lock are kept between builds while
    /// their bytes are the same: a change to each (and a file that appears, then goes) reaches
    /// the pages and the diagnostics as a full build makes them.
    @Test func theSmallFilesBesideTheChaptersAreReadAgainWhenTheyChange() async throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        #expect(await builder.build().outcome.succeeded)
        try fixture.edit("changelog.yaml", replacing: "The sample handbook's first release.", with: "The first release of the sample.")
        #expect(await builder.build().outcome.succeeded)
        let changelog = String(decoding: try fixture.snapshot()["en/changelog.html"] ?? Data(), as: UTF8.self)
        #expect(changelog.contains("The first release of the sample."))
        #expect(try fixture.snapshot() == (try await fullBuild(fixture)))

        // The lock's stale line for a rule, brought in step: its "out of date" notice goes.
        let lock = try fixture.read("translations.lock")
        let stale = try #require(lock.split(separator: "\n").first { $0.hasPrefix("bars.toolbar.few-items ") })
        try fixture.edit("translations.lock", replacing: String(stale) + "\n", with: "")
        #expect(await builder.build().outcome.succeeded)
        #expect(try fixture.snapshot() == (try await fullBuild(fixture)))

        try fixture.write("tags.yaml", "platform: [\n")
        let broken = await builder.build()
        #expect(!broken.outcome.succeeded)
        #expect(broken.outcome.diagnostics.contains { $0.id == "tags.unreadable" })
        #expect(fixture.lines(broken.outcome) == fixture.lines(await fixture.check()))
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent("tags.yaml"))
        #expect(await builder.build().outcome.succeeded)
        #expect(try fixture.snapshot() == (try await fullBuild(fixture)))
    }

    /// A chapter's warnings depend on the terminology and glossary too: a change there checks
    /// unchanged chapters again, as a full build would.
    @Test func aTerminologyChangeChecksUnchangedChaptersAgain() async throws {
        let fixture = try FixtureHandbook()
        let builder = IncrementalBuilder(configuration: fixture.configuration)
        let first = await builder.build()
        #expect(first.outcome.succeeded)
        #expect(!fixture.lines(first.outcome).contains { $0.contains("not the handbook's wording") })
        try fixture.write("terminology.yaml", "en:\n  - {avoid: toolbar, use: bottom bar}\n")
        let changed = await builder.build()
        let warnings = fixture.lines(changed.outcome).filter { $0.contains("'toolbar' is not the handbook's wording") }
        #expect(!warnings.isEmpty)
        var configuration = fixture.configuration
        configuration.outputPath = fixture.root.appendingPathComponent("full").path
        let full = await HandbookBuilder(configuration: configuration).build()
        #expect(warnings == fixture.lines(full).filter { $0.contains("'toolbar' is not the handbook's wording") })
    }
}

/// The stages before any output are public: tools get the catalogue without a site.
@Suite struct StageTests {
    @Test func theCatalogueStageGivesWhatTheSitePublishesAndWritesNothing() async throws {
        let fixture = try FixtureHandbook()
        let catalogue = await HandbookBuilder(configuration: fixture.configuration).catalogue()
        #expect(catalogue.succeeded)
        #expect(!FileManager.default.fileExists(atPath: fixture.configuration.outputURL.path))
        let built = await HandbookBuilder(configuration: fixture.configuration).generate(checkOutput: false)
        let published = try #require(built.files.first { $0.path == "rules.json" })
        #expect(catalogue.rulesJSON == published.data)

        try fixture.edit("en/controls/buttons.md", replacing: "weight: 10", with: "weight: ten")
        let broken = await HandbookBuilder(configuration: fixture.configuration).catalogue()
        #expect(!broken.succeeded && broken.catalog == nil)
        #expect(broken.diagnostics.contains { $0.id == "front-matter.wrong-value" })
    }
}

@Suite struct OutputFileTests {
    @Test func bytesAreComparedWhereTheyAre() {
        let pieces = OutputFile(path: "a.js", pieces: [Array("ab".utf8), [], Array("cd".utf8)])
        #expect(pieces.hasBytes(equalTo: Data("abcd".utf8)))
        #expect(!pieces.hasBytes(equalTo: Data("abc".utf8)))
        #expect(!pieces.hasBytes(equalTo: Data("abcde".utf8)))
        #expect(!pieces.hasBytes(equalTo: Data("abce".utf8)))
        #expect(OutputFile(path: "b", text: "").hasBytes(equalTo: Data()))
        #expect(!OutputFile(path: "b", text: "x").hasBytes(equalTo: Data()))
        #expect(OutputFile(path: "c", text: "导航栏").hasBytes(equalTo: Data("导航栏".utf8)))
    }
}

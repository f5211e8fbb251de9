import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// Bilingual freshness: an edit to one language marks the other as possibly out of date.
@Suite struct TranslationFreshnessTests {
    /// A fixture whose lock records every unit as in step.
    func acceptedFixture() async throws -> FixtureHandbook {
        let fixture = try FixtureHandbook()
        let outcome = await HandbookBuilder(configuration: fixture.configuration).check()
        #expect(outcome.succeeded)
        let lock = try TranslationLock().accepting(nil, from: outcome.freshness)
        try fixture.write(TranslationLock.fileName, lock.serialized(languages: .standard))
        return fixture
    }

    func catalog(_ fixture: FixtureHandbook) throws -> Catalog {
        try Catalog.decode(from: Data(contentsOf: fixture.output.appendingPathComponent("rules.json")))
    }

    @Test func fingerprintsAreStableAndIgnoreWhitespaceOnly() async {
        #expect(Fingerprint(of: "Use verbs  in\ntitles").description == Fingerprint(of: "Use verbs in titles").description)
        #expect(Fingerprint(of: "Use verbs in titles") != Fingerprint(of: "Use verbs in title"))
        // FNV-1a of the empty string: the offset basis, the same on every machine.
        #expect(Fingerprint(of: "").description == "cbf29ce484222325")
    }

    @Test func inStepHandbookHasNoWarningsOrNotices() async throws {
        let fixture = try await acceptedFixture()
        let outcome = await fixture.build()
        #expect(fixture.lines(outcome).filter { $0.contains("warning") }.isEmpty)
        #expect(try catalog(fixture).rules.allSatisfy { $0.translation == TranslationState() })
        let page = try String(contentsOf: fixture.output.appendingPathComponent("zh/controls/buttons.html"), encoding: .utf8)
        #expect(!page.contains("notice outdated"))
    }

    @Test func editingOneLanguageWarnsAndMarksTheOther() async throws {
        let fixture = try await acceptedFixture()
        try fixture.edit("en/controls/buttons.md", replacing: "Use verbs in titles", with: "Start titles with a verb")
        try fixture.edit("zh/controls/buttons.md", replacing: "## 系统按钮", with: "## 系统提供的按钮")
        let outcome = await fixture.build()
        #expect(outcome.succeeded)
        let lines = fixture.lines(outcome)
        #expect(lines.contains { $0.hasPrefix("content/zh/controls/buttons.md:17:1: warning: the English text of rule 'verb-titles' changed since the Chinese was last reviewed") })
        #expect(lines.contains { $0.hasSuffix("\ncontent/en/controls/buttons.md:17:1: note: the changed English text") })
        #expect(lines.contains { $0.contains("content/en/controls/buttons.md") && $0.contains("warning: the Chinese text of section '#system-buttons' changed") })
        let rule = try #require(try catalog(fixture).rule(withID: "controls.buttons.verb-titles"))
        #expect(rule.translation == TranslationState(zhHans: .outdated, en: .current))
        let zhPage = try String(contentsOf: fixture.output.appendingPathComponent("zh/controls/buttons.html"), encoding: .utf8)
        let zhCard = try #require(zhPage.range(of: "id=\"verb-titles\"").map { String(zhPage[$0.lowerBound...].prefix(1200)) })
        #expect(zhCard.contains("class=\"rule-notice outdated\""))
        let enPage = try String(contentsOf: fixture.output.appendingPathComponent("en/controls/buttons.html"), encoding: .utf8)
        #expect(enPage.contains("notice outdated"))  // the section whose Chinese changed
        #expect(!enPage[enPage.range(of: "id=\"verb-titles\"")!.lowerBound...].prefix(600).contains("outdated"))
    }

    /// The units the lock has no line for are found, as they are, and only they (what `build`
    /// adds to the lock).
    @Test func newUnitsAreTheOnesTheLockLacks() async throws {
        let fixture = try await acceptedFixture()
        let full = TranslationLock.read(contentDirectory: fixture.content, languages: .standard)
        #expect(await HandbookBuilder(configuration: fixture.configuration).check().freshness.newUnits.isEmpty)
        // Two units lose their lines, and a third is recorded as it was before an edit.
        var partial = full
        partial.entries["controls.buttons.verb-titles"] = nil
        partial.entries["controls/buttons"] = nil
        try fixture.write(TranslationLock.fileName, partial.serialized(languages: .standard))
        try fixture.edit("en/bars/toolbar.md", replacing: "title: Toolbar", with: "title: Toolbars")
        let freshness = await HandbookBuilder(configuration: fixture.configuration).check().freshness
        #expect(Set(freshness.newUnits.keys) == ["controls.buttons.verb-titles", "controls/buttons"])
        #expect(freshness.newUnits["controls.buttons.verb-titles"] == full.entries["controls.buttons.verb-titles"])
        #expect(freshness.newUnits["controls/buttons"] == full.entries["controls/buttons"])
        // A unit the lock has is not new, outdated or not.
        #expect(freshness.isOutdated("bars/toolbar", in: .zhHans))
    }

    @Test func acceptingAUnitClearsIt() async throws {
        let fixture = try await acceptedFixture()
        try fixture.edit("en/controls/buttons.md", replacing: "Use verbs in titles", with: "Start titles with a verb")
        let outcome = await HandbookBuilder(configuration: fixture.configuration).check()
        #expect(outcome.freshness.isOutdated("controls.buttons.verb-titles", in: .zhHans))
        let lock = try TranslationLock.read(contentDirectory: fixture.content, languages: .standard)
            .accepting(["controls.buttons.verb-titles"], from: outcome.freshness)
        try fixture.write(TranslationLock.fileName, lock.serialized(languages: .standard))
        #expect(await !HandbookBuilder(configuration: fixture.configuration).check().freshness.isOutdated(
            "controls.buttons.verb-titles", in: .zhHans))
        #expect(throws: TranslationLock.UnknownUnit.self) {
            try lock.accepting(["controls.buttons.no-such-rule"], from: outcome.freshness)
        }
    }

    /// With a third language, each translation is compared with the source: a change to the
    /// source marks every translation, a change to one translation marks the source alone.
    @Test func eachTranslationIsComparedWithTheSource() async throws {
        let fixture = try FixtureHandbook.threeLanguages()
        let traditional = Language(tag: "zh-Hant")
        func accept() async throws {
            let outcome = await HandbookBuilder(configuration: fixture.configuration).check()
            #expect(outcome.succeeded)
            let lock = try TranslationLock().accepting(nil, from: outcome.freshness)
            try fixture.write(TranslationLock.fileName, lock.serialized(languages: fixture.languages))
        }
        try await accept()
        #expect(try fixture.read(TranslationLock.fileName).contains(
            try Regex("\ncontrols.buttons.verb-titles zh-Hans=[0-9a-f]{16} en=[0-9a-f]{16} zh-Hant=[0-9a-f]{16}\n")))

        try fixture.edit("zh/controls/buttons.md", replacing: "例如“发送”", with: "例如“发送”或“删除”")
        var outcome = await fixture.build()
        #expect(outcome.freshness.outdated["controls.buttons.verb-titles"] == [.en, traditional])
        #expect(fixture.lines(outcome).contains { $0.hasPrefix("content/zh-Hant/controls/buttons.md:17:1: warning: the Chinese text of rule 'verb-titles' changed since the zh-Hant was last reviewed") })
        #expect(try catalog(fixture).rule(withID: "controls.buttons.verb-titles")?.translation
                == TranslationState([.zhHans: .current, .en: .outdated, traditional: .outdated]))

        try await accept()
        try fixture.edit("zh-Hant/controls/buttons.md", replacing: "例如「傳送」", with: "例如「傳送」或「刪除」")
        outcome = await fixture.build()
        #expect(outcome.freshness.outdated["controls.buttons.verb-titles"] == [.zhHans])
        #expect(fixture.lines(outcome).contains { $0.hasPrefix("content/zh/controls/buttons.md:17:1: warning: the zh-Hant text of rule 'verb-titles' changed since the Chinese was last reviewed") })
        // The source's notice links to the translation that changed, not to the one in step.
        let zhPage = try String(contentsOf: fixture.output.appendingPathComponent("zh/controls/buttons.html"), encoding: .utf8)
        let notice = try #require(zhPage.range(of: "<p class=\"rule-notice outdated\"").map { String(zhPage[$0.lowerBound...].prefix { $0 != "\n" }) })
        #expect(notice.contains("href=\"../../zh-Hant/controls/buttons.html#verb-titles\""))
        #expect(!notice.contains("../../en/"))
    }

    @Test func lockLinesAreReadWithTheirLineNumbers() {
        let text = """
        # a comment
        a.b.c zh-Hans=0123456789abcdef en=FEDCBA9876543210

        a.b.d en=0123456789abcdef zh-Hans=0000000000000001
        a.b.e zh-Hans=0123456789abcdef
        a.b.f zh-Hans=0123456789abcdef xx=0123456789abcdef
        a.b.g zh-Hans=0123456789abcdeg en=0123456789abcdef
        """
        var log = DiagnosticLog()
        let lock = TranslationLock.parse(SourceFile(path: "content/translations.lock", text: text), languages: .standard, log: &log)
        #expect(lock.entries["a.b.c"]?[.en] == Fingerprint(value: 0xFEDC_BA98_7654_3210))
        #expect(lock.entries["a.b.d"]?[.zhHans] == Fingerprint(value: 1))
        #expect(lock.entries.count == 2)
        #expect(log.sorted.map { $0.location?.line } == [5, 6, 7])
        #expect(log.sorted.allSatisfy { $0.id == "translation-lock.malformed" })
    }

    @Test func malformedLockLineIsAnError() async throws {
        let fixture = try await acceptedFixture()
        try fixture.write(TranslationLock.fileName, "controls.buttons.verb-titles zh-Hans=xyz\n")
        let outcome = await fixture.build()
        #expect(fixture.lines(outcome).contains("content/translations.lock:1:1: error: a lock line is '<unit> zh-Hans=<16 hex digits> en=<16 hex digits>'"))
    }
}

/// The catalogue as a contract: published ids stay, changes are listed, the changelog shows them.
@Suite struct BaselineTests {
    /// A fixture with its current catalogue saved as the baseline.
    func publishedFixture() async throws -> (FixtureHandbook, String) {
        let fixture = try FixtureHandbook()
        let outcome = await HandbookBuilder(configuration: fixture.configuration).check()
        let catalog = try #require(outcome.files.first { $0.path == "rules.json" })
        let baseline = fixture.root.appendingPathComponent("baseline.json")
        try catalog.data.write(to: baseline)
        return (fixture, baseline.path)
    }

    func check(_ fixture: FixtureHandbook, baseline: String) async -> HandbookBuilder.Outcome {
        var configuration = fixture.configuration
        configuration.baselinePath = baseline
        return await HandbookBuilder(configuration: configuration).check()
    }

    @Test func removingAPublishedRuleWithoutDeprecationFails() async throws {
        let (fixture, baseline) = try await publishedFixture()
        for language in ["en", "zh"] {
            let text = try fixture.read("\(language)/controls/buttons.md")
            let start = try #require(text.range(of: "> [!AVOID long-titles]"))
            let end = try #require(text.range(of: "\n\n", range: start.upperBound..<text.endIndex))
            try fixture.write("\(language)/controls/buttons.md", text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: ""))
        }
        let outcome = await check(fixture, baseline: baseline)
        #expect(!outcome.succeeded)
        let lines = outcome.diagnostics.map(\.description)
        let baselineText = try String(contentsOfFile: baseline, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(baselineText.firstIndex { $0.contains("\"id\" : \"controls.buttons.long-titles\"") }) + 1
        #expect(lines.contains { $0.hasPrefix("\(baseline):\(line):1: error: rule 'controls.buttons.long-titles' was published and is missing now") })
        #expect(outcome.baselineDiff?.removed == ["controls.buttons.long-titles"])
    }

    @Test func deprecatingAddingAndChangingAreListed() async throws {
        let (fixture, baseline) = try await publishedFixture()
        for (language, replacement) in [("en", "[!AVOID long-titles] Avoid long titles {status=deprecated replaced-by=\"controls.buttons.short-titles\" note=\"Merged.\"}"),
                                        ("zh", "[!AVOID long-titles] 不要用过长的标题 {status=deprecated replaced-by=\"controls.buttons.short-titles\" note=\"已合并。\"}")] {
            let old = language == "en" ? "[!AVOID long-titles] Avoid long titles" : "[!AVOID long-titles] 不要用过长的标题"
            try fixture.edit("\(language)/controls/buttons.md", replacing: old, with: replacement)
        }
        try fixture.edit("en/controls/buttons.md", replacing: "Use verbs in titles", with: "Start titles with a verb")
        try fixture.edit("en/bars/toolbar.md", replacing: "## ", with: "> [!DO new-rule] A new rule\n> Body.\n\n## ")
        try fixture.edit("zh/bars/toolbar.md", replacing: "## ", with: "> [!DO new-rule] 新规范\n> 正文。\n\n## ")
        let outcome = await check(fixture, baseline: baseline)
        #expect(outcome.succeeded, "\(outcome.diagnostics)")
        // few-items links to verb-titles by its title, so its text changed too.
        #expect(outcome.baselineDiff == CatalogDiff(added: ["bars.toolbar.new-rule"],
                                                    changed: ["bars.toolbar.few-items", "controls.buttons.verb-titles"],
                                                    deprecated: ["controls.buttons.long-titles"]))
        // The changelog page lists them as not yet released, in both languages.
        let pages = Dictionary(uniqueKeysWithValues: outcome.files.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
        let en = try #require(pages["en/changelog.html"])
        #expect(en.contains("id=\"unreleased\""))
        #expect(en.contains("Added (1)") && en.contains("Changed (1)") && en.contains("Deprecated (1)"))
        #expect(en.contains("<a href=\"controls/buttons.html#long-titles\">Avoid long titles</a> <code>controls.buttons.long-titles</code> → <a href=\"controls/buttons.html#short-titles\">Keep titles short</a>"))
        let zh = try #require(pages["zh/changelog.html"])
        #expect(zh.contains("新增 (1)") && zh.contains("<a href=\"bars/toolbar.html#new-rule\">新规范</a>"))
    }

    @Test func aReleaseKeepsTheCountItRecorded() async throws {
        let fixture = try FixtureHandbook()
        for (language, rule) in [("en", "> [!DO new-rule] A new rule\n> Body.\n\n## "), ("zh", "> [!DO new-rule] 新规范\n> 正文。\n\n## ")] {
            try fixture.edit("\(language)/bars/toolbar.md", replacing: "## ", with: rule)
        }
        let outcome = await HandbookBuilder(configuration: fixture.configuration).check()
        let page = try #require(outcome.files.first { $0.path == "en/changelog.html" })
        // The fixture's first release recorded 5 rules; today's content has 7.
        #expect(String(decoding: page.data, as: UTF8.self).contains("First release: 5 rules."))
    }

    @Test func changelogNamingAnUnknownRuleIsAnError() async throws {
        let fixture = try FixtureHandbook()
        try fixture.write("changelog.yaml", "- version: '1.1'\n  date: '2026-12-01'\n  added: [controls.buttons.ghost]\n")
        let lines = fixture.lines(await HandbookBuilder(configuration: fixture.configuration).check())
        #expect(lines.contains("content/changelog.yaml:1:1: error: release '1.1' names unknown rule 'controls.buttons.ghost'"))
    }
}

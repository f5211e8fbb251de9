import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// Bilingual freshness: an edit to one language marks the other as possibly out of date.
@Suite struct TranslationFreshnessTests {
    /// A fixture whose lock records every unit as in step.
    func acceptedFixture() throws -> FixtureHandbook {
        let fixture = try FixtureHandbook()
        let outcome = HandbookBuilder(configuration: fixture.configuration).check()
        #expect(outcome.succeeded)
        let lock = try TranslationLock().accepting(nil, from: outcome.freshness)
        try fixture.write(TranslationLock.fileName, lock.serialized())
        return fixture
    }

    func catalog(_ fixture: FixtureHandbook) throws -> Catalog {
        try Catalog.decode(from: Data(contentsOf: fixture.output.appendingPathComponent("rules.json")))
    }

    @Test func fingerprintsAreStableAndIgnoreWhitespaceOnly() {
        #expect(Fingerprint(of: "Use verbs  in\ntitles").description == Fingerprint(of: "Use verbs in titles").description)
        #expect(Fingerprint(of: "Use verbs in titles") != Fingerprint(of: "Use verbs in title"))
        // FNV-1a of the empty string: the offset basis, the same on every machine.
        #expect(Fingerprint(of: "").description == "cbf29ce484222325")
    }

    @Test func inStepHandbookHasNoWarningsOrNotices() throws {
        let fixture = try acceptedFixture()
        let outcome = fixture.build()
        #expect(fixture.lines(outcome).filter { $0.contains("warning") }.isEmpty)
        #expect(try catalog(fixture).rules.allSatisfy { $0.translation == TranslationState() })
        let page = try String(contentsOf: fixture.output.appendingPathComponent("zh/controls/buttons.html"), encoding: .utf8)
        #expect(!page.contains("notice outdated"))
    }

    @Test func editingOneLanguageWarnsAndMarksTheOther() throws {
        let fixture = try acceptedFixture()
        try fixture.edit("en/controls/buttons.md", replacing: "Use verbs in titles", with: "Start titles with a verb")
        try fixture.edit("zh/controls/buttons.md", replacing: "## 系统按钮", with: "## 系统提供的按钮")
        let outcome = fixture.build()
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

    @Test func acceptingAUnitClearsIt() throws {
        let fixture = try acceptedFixture()
        try fixture.edit("en/controls/buttons.md", replacing: "Use verbs in titles", with: "Start titles with a verb")
        let outcome = HandbookBuilder(configuration: fixture.configuration).check()
        #expect(outcome.freshness.isOutdated("controls.buttons.verb-titles", in: .zhHans))
        let lock = try TranslationLock.read(contentDirectory: fixture.content)
            .accepting(["controls.buttons.verb-titles"], from: outcome.freshness)
        try fixture.write(TranslationLock.fileName, lock.serialized())
        #expect(!HandbookBuilder(configuration: fixture.configuration).check().freshness.isOutdated(
            "controls.buttons.verb-titles", in: .zhHans))
        #expect(throws: TranslationLock.UnknownUnit.self) {
            try lock.accepting(["controls.buttons.no-such-rule"], from: outcome.freshness)
        }
    }

    @Test func malformedLockLineIsAnError() throws {
        let fixture = try acceptedFixture()
        try fixture.write(TranslationLock.fileName, "controls.buttons.verb-titles zh-Hans=xyz\n")
        let outcome = fixture.build()
        #expect(fixture.lines(outcome).contains("content/translations.lock:1:1: error: a lock line is '<unit> zh-Hans=<16 hex digits> en=<16 hex digits>'"))
    }
}

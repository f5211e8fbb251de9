import Foundation
import Testing
@testable import HandbookKit

@Suite struct IdentifierTests {
    @Test func chapterIDsAreTwoIdentifiersAroundOneSlash() throws {
        let id = try #require(ChapterID("controls/buttons"))
        #expect(id.part == "controls" && id.slug == "buttons" && id.description == "controls/buttons")
        #expect(id.rulePrefix == "controls.buttons.")
        #expect(id.rule("verb-titles").description == "controls.buttons.verb-titles")
        for bad in ["controls", "controls/", "/buttons", "controls/buttons/more", "Controls/buttons", "controls/push--button-", "controls.buttons"] {
            #expect(ChapterID(bad) == nil, "\(bad)")
        }
    }

    @Test func ruleIDsAreThreeIdentifiers() throws {
        let id = try #require(RuleID("controls.buttons.verb-titles"))
        #expect(id.chapter == ChapterID(part: "controls", slug: "buttons") && id.local == "verb-titles")
        #expect(id.description == "controls.buttons.verb-titles")
        for bad in ["controls.buttons", "controls.buttons.verb-titles.x", "controls/buttons.verb", "controls.buttons.Verb", "a..b"] {
            #expect(RuleID(bad) == nil, "\(bad)")
        }
    }

    @Test func everyLoadedChapterHoldsTheIDOfItsFolderAndFile() async throws {
        var log = DiagnosticLog()
        let handbook = await HandbookLoader(contentDirectory: FixtureHandbook.repoRoot.appendingPathComponent("content"),
                                            displayRoot: "content").load(log: &log)
        let chapters = HandbookLanguages.standard.all.flatMap { handbook.chapters(in: $0) }
        #expect(chapters.count > 20)
        for chapter in chapters {
            let path = chapter.source.file.split(separator: "/").suffix(2)
            #expect(chapter.identifier.part == path.first.map(String.init) && chapter.identifier.slug + ".md" == path.last.map(String.init),
                    "\(chapter.source.file)")
            #expect(chapter.id == chapter.identifier.description && chapter.part == chapter.identifier.part)
            for rule in chapter.rules {
                #expect(chapter.identifier(of: rule).description == chapter.ruleID(rule.localID))
                #expect(RuleID(chapter.ruleID(rule.localID)) == chapter.identifier(of: rule))
            }
        }
    }

    @Test func theModelAndTheLinksUseThem() {
        #expect(LinkTarget.rule("bars.toolbar.few-items").chapterID == "bars/toolbar")
        #expect(LinkTarget.rule("not-a-rule-id").chapterID == nil)
        #expect(TranslationLock.unit("controls.buttons.verb-titles", belongsTo: "controls/buttons"))
        #expect(TranslationLock.unit("controls/buttons#system-buttons", belongsTo: "controls/buttons"))
        #expect(!TranslationLock.unit("controls.buttons-two.x", belongsTo: "controls/buttons"))
        #expect(TranslationLock.unit("controls.buttons.verb-titles", belongsTo: "controls.buttons.verb-titles"))
    }
}

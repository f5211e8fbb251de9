import Foundation
import Testing
@testable import HandbookKit

@Suite struct IdentifierTests {
    @Test func chapterIDsAreTwoIdentifiersAroundOneSlash() throws {
        let id = try #require(ChapterID("controls/buttons"))
        #expect(id.part.text == "controls" && id.slug == "buttons" && id.description == "controls/buttons")
        #expect(id.rulePrefix == "controls.buttons.")
        #expect(id.rule("verb-titles").description == "controls.buttons.verb-titles")
        for bad in ["controls", "controls/", "/buttons", "controls/buttons/more", "Controls/buttons", "controls/push--button-", "controls.buttons"] {
            #expect(ChapterID(bad) == nil, "\(bad)")
        }
    }

    @Test func ruleIDsAreThreeIdentifiers() throws {
        let id = try #require(RuleID("controls.buttons.verb-titles"))
        #expect(id.chapter == ChapterID(part: try #require(PartID("controls")), slug: "buttons") && id.local == "verb-titles")
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
            #expect(chapter.identifier.part.text == path.first.map(String.init) && chapter.identifier.slug + ".md" == path.last.map(String.init),
                    "\(chapter.source.file)")
            #expect(chapter.id == chapter.identifier.description && chapter.part == chapter.identifier.part.text)
            for rule in chapter.rules {
                #expect(chapter.identifier(of: rule).description == chapter.ruleID(rule.localID))
                #expect(RuleID(chapter.ruleID(rule.localID)) == chapter.identifier(of: rule))
            }
        }
    }

    @Test func identifiersAreLowercaseWordsJoinedBySingleHyphens() {
        for good in ["a", "buttons", "tab-bars", "ios-26", "3d-touch", "a-b-c"] {
            #expect(Identifier.isValid(good), "\(good)")
            #expect(PartID(good)?.text == good && AnchorID(good)?.text == good)
        }
        for bad in ["", "-", "-a", "a-", "a--b", "Buttons", "tab_bars", "tab bars", "bars/toolbar", "a.b", "é", "ａ"] {
            #expect(!Identifier.isValid(bad), "\(bad)")
            #expect(PartID(bad) == nil && AnchorID(bad) == nil)
        }
    }

    @Test func theModelAndTheLinksUseThem() async throws {
        let toolbar = try #require(ChapterID("bars/toolbar"))
        #expect(try LinkTarget.rule(#require(RuleID("bars.toolbar.few-items"))).chapterID == toolbar)
        #expect(LinkTarget.chapter(toolbar, anchor: AnchorID("placement")).chapterID == toolbar)
        #expect(LinkTarget.part(try #require(PartID("bars"))).chapterID == nil)
        // A link is resolved into typed ids, and its page's address is made from them.
        var log = DiagnosticLog()
        let handbook = await HandbookLoader(contentDirectory: FixtureHandbook.repoRoot.appendingPathComponent("content"),
                                            displayRoot: "content").load(log: &log)
        let index = HandbookIndex(handbook)
        let resolver = LinkResolver(index: index)
        let rule = try #require(index.handbook.chapters(in: .en).first { !$0.rules.isEmpty })
        let ruleID = rule.identifier(of: rule.rules[0])
        let resolved = try resolver.resolve(wikiTarget: "rule:\(ruleID)", from: nil, language: .en).get()
        #expect(resolved == .rule(ruleID))
        #expect(SiteURLs.path(of: resolved, in: .en) == "en/\(rule.part)/\(rule.slug).html#\(rule.rules[0].localID)")
        let anchored = try resolver.resolve(wikiTarget: "\(rule.id)#\(rule.rules[0].localID)", from: nil, language: .zhHans).get()
        #expect(anchored == .chapter(rule.identifier, anchor: AnchorID(rule.rules[0].localID)))
        #expect(SiteURLs.path(of: anchored, in: .zhHans) == "zh/\(rule.id).html#\(rule.rules[0].localID)")
        let part = try resolver.resolve(wikiTarget: rule.part, from: nil, language: .en).get()
        #expect(part == .part(rule.identifier.part) && SiteURLs.path(of: part, in: .en) == "en/\(rule.part)/index.html")
        // Text that is no id names nothing, whatever the tables hold.
        #expect(index.chapter("\(rule.id)/", in: .en) == nil && !index.containsRule("\(ruleID).", in: .en))
        #expect(index.chapter(rule.id, in: .en)?.identifier == rule.identifier)
        #expect(TranslationLock.unit("controls.buttons.verb-titles", belongsTo: "controls/buttons"))
        #expect(TranslationLock.unit("controls/buttons#system-buttons", belongsTo: "controls/buttons"))
        #expect(!TranslationLock.unit("controls.buttons-two.x", belongsTo: "controls/buttons"))
        #expect(TranslationLock.unit("controls.buttons.verb-titles", belongsTo: "controls.buttons.verb-titles"))
    }
}

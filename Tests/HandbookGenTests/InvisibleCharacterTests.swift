import Foundation
import Testing
@testable import HandbookKit

/// "Trojan Source": bidirectional controls and invisible characters are flagged where they are,
/// with their names; in ids they are errors; an allow-list admits the rare one that is meant.
@Suite struct InvisibleCharacterTests {
    @Test func proseWarnsAtTheCharacterWithItsName() async throws {
        let fixture = try FixtureHandbook()
        try fixture.edit("en/bars/toolbar.md", replacing: "A toolbar sits", with: "A tool\u{202E}bar\u{200B} sits")
        let outcome = await fixture.build()
        #expect(outcome.succeeded)
        let lines = fixture.lines(outcome)
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:12:7: warning: bidirectional control U+202E RIGHT-TO-LEFT OVERRIDE") })
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:12:11: warning: invisible character U+200B ZERO WIDTH SPACE") })
    }

    @Test func idsAnchorsAndKeysRefuseThem() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("en/controls/buttons.md", replacing: "[!AVOID long-titles]", with: "[!AVOID long\u{200B}-titles]")
            try fixture.edit("zh/controls/buttons.md", replacing: "edition: iOS 12", with: "edition\u{2060}: iOS 12")
        }
        #expect(lines.contains { $0.contains("error: invalid rule id 'long\u{200B}-titles' (it contains the invisible character U+200B ZERO WIDTH SPACE)") })
        #expect(lines.contains { $0.contains("error: unknown front-matter key 'edition\u{2060}' (it contains the invisible character U+2060 WORD JOINER)") })
    }

    @Test func theAllowListAdmitsACharacterForOneFile() async throws {
        let fixture = try FixtureHandbook()
        try fixture.edit("en/bars/toolbar.md", replacing: "A toolbar sits", with: "A \u{200F}toolbar sits")
        try fixture.edit("zh/bars/toolbar.md", replacing: "---\n", with: "---\n\u{200F}")
        try fixture.write("allowed-characters.yaml", "- file: en/bars/toolbar.md\n  characters: [U+200F]\n")
        let lines = fixture.lines(await fixture.build())
        #expect(!lines.contains { $0.hasPrefix("content/en/bars/toolbar.md") && $0.contains("U+200F") })
        #expect(lines.contains { $0.hasPrefix("content/zh/bars/toolbar.md:2:1: ") && $0.contains("U+200F RIGHT-TO-LEFT MARK") })
    }

    @Test func aMalformedAllowListIsAnError() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.write("allowed-characters.yaml", "- file: en/bars/toolbar.md\n  characters: [U+0041]\n")
        }
        #expect(lines.contains("content/allowed-characters.yaml:2:16: error: 'U+0041' is not one of the checked characters, written as U+XXXX"))
    }
}

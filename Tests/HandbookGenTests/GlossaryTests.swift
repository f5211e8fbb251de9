import Testing
@testable import HandbookKit
import RulesCatalog

@Suite struct GlossaryTests {
    private func entry(_ id: String, _ en: String, note: String? = nil) -> GlossaryEntry {
        GlossaryEntry(id: id, en: en, zh: id, zhHant: id, variants: [],
                      note: note.map { LocalizedText(zhHans: "", en: $0) },
                      location: SourceLocation(file: "content/glossary.yaml", line: 1, column: 1))
    }

    @Test func aDefinitionNamesOtherTermsAsWholeWordsInGlossaryOrder() {
        let glossary = Glossary(entries: [
            entry("navigation-bar", "navigation bar",
                  note: "Sits above the content, with a Back Button; unlike Toolbars or a tab bar, it names the screen."),
            entry("button", "button"),
            entry("toolbar", "toolbar"),
            entry("tab-bar", "tab bar"),
            entry("bar", "bar"),
            entry("back-button", "back button", note: "The button at the leading end of a navigation bar."),
        ])
        // 'toolbar' only as part of 'Toolbars', 'bar' only inside longer words, terms under four
        // letters never; matching ignores case.
        #expect(glossary.relatedTerms(of: "navigation-bar").map(\.id) == ["button", "tab-bar", "back-button"])
        #expect(glossary.relatedTerms(of: "back-button").map(\.id) == ["navigation-bar", "button"])
        #expect(glossary.relatedTerms(of: "toolbar").isEmpty)
        #expect(glossary.relatedTerms(of: "unknown").isEmpty)
    }
}

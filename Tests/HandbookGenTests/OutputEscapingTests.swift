import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// Outputs opened outside a browser (CSV in a spreadsheet, Markdown and llms.txt in a renderer
/// or an agent) are escaped for their format, and one-line fields refuse line breaks.
@Suite struct OutputEscapingTests {
    @Test func csvCellsThatWouldStartAFormulaAreNeutralised() {
        #expect(CSVEscaping.cell("=HYPERLINK(\"https://evil.example\",\"x\")") == "\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"x\"\")\"")
        for lead in ["=", "+", "-", "@", "\t", "\r"] {
            #expect(CSVEscaping.cell(lead + "1+1").hasPrefix("\"'" + lead))
        }
        #expect(CSVEscaping.cell("a = b") == "\"a = b\"")
        #expect(CSVEscaping.cell("标签栏") == "\"标签栏\"")
    }

    @Test func markdownInlineTextCannotFormLinksHTMLOrEmphasis() {
        let hostile = "[click](javascript:alert(1)) <img src=x> *bold* `code` a|b &amp; ~x~ \\"
        let escaped = MarkdownEscaping.inline(hostile)
        #expect(escaped == "\\[click\\](javascript:alert(1)) \\<img src=x\\> \\*bold\\* \\`code\\` a\\|b \\&amp; \\~x\\~ \\\\")
        // A line break cannot start a heading or a list item.
        #expect(MarkdownEscaping.inline("Title\n# Forged heading\n- [ ] forged item") == "Title # Forged heading - \\[ \\] forged item")
        #expect(MarkdownEscaping.inline("按钮\u{2028}## x") == "按钮 ## x")
        // Every kind of break is one space, however many follow each other.
        #expect(MarkdownEscaping.inline("a\r\nb\u{85}c\u{2029}\u{0B}\u{0C}d \ne") == "a b c d e")
    }

    /// `inline` copies what needs no escape in runs: it must give what escaping each character
    /// in turn gives, on random text of specials, breaks of every kind, spaces, ASCII, Chinese
    /// and other characters whose UTF-8 starts with the bytes of a break (C2, E2).
    @Test func markdownInlineEscapingAgreesWithCharacterByCharacter() {
        let pieces = ["a", "Z", " ", "\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~", "#", "-", "1.",
                      "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
                      "标签栏", "é", "¢", "\u{A0}", "—", "\u{2027}", "\u{202A}", "€", "😀"]
        func reference(_ text: String) -> String {
            var result = "", lastWasSpace = false
            for scalar in text.unicodeScalars {
                if [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value) {
                    if !lastWasSpace { result += " " }
                    lastWasSpace = true
                    continue
                }
                if "\\`*_[]<>&|~".unicodeScalars.contains(scalar) { result += "\\" }
                result.unicodeScalars.append(scalar)
                lastWasSpace = scalar == " "
            }
            return result
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            // CR LF, one break to `inline`, is two to the reference: the second adds no space.
            #expect(MarkdownEscaping.inline(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func markdownBlockTextCannotOpenBlocks() {
        let text = "First line\n# heading\n> quote\n- item\n+ item\n1. item\n12) item\n=====\n    code\nplain 1. text"
        #expect(MarkdownEscaping.block(text) == "First line\n\\# heading\n\\> quote\n\\- item\n\\+ item\n1\\. item\n12\\) item\n\\=====\ncode\nplain 1. text")
        // Empty lines stay; CR LF is not a line end of its own; Han text is untouched.
        #expect(MarkdownEscaping.block("\n标签栏\n\n\t# 标题\r\n- x\n") == "\n标签栏\n\n\\# 标题 - x\n")
    }

    @Test func oneLineFrontMatterFieldsRefuseLineBreaks() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("en/bars/toolbar.md", replacing: "title: Toolbar", with: "title: \"Toolbar\\n# Forged\"")
            try fixture.edit("zh/bars/_index.md", replacing: "summary: ", with: "summary: |\n  第一行\n  第二行\nx-was-summary: ")
        }
        #expect(lines.contains("content/en/bars/toolbar.md:3:8: error: 'title' must be one line: remove the line break"))
        #expect(lines.contains { $0.hasPrefix("content/zh/bars/_index.md:3:10: error: 'summary' must be one line") })
    }

    @Test func rulesListingsAreEscapedEndToEnd() async throws {
        let fixture = try FixtureHandbook()
        try fixture.edit("en/controls/buttons.md", replacing: "[!DO verb-titles] ", with: "[!DO verb-titles] =HYPERLINK(\"x\") \\[a\\](javascript:b) ")
        let outcome = await fixture.build()
        #expect(outcome.succeeded)
        let catalog = try Catalog.decode(from: Data(contentsOf: fixture.output.appendingPathComponent("rules.json")))
        let rule = try #require(catalog.rule(withID: "controls.buttons.verb-titles"))
        let listing = RuleListing(catalog: catalog, language: .en, baseURL: nil)
        let csv = listing.csv([rule])
        #expect(csv.hasPrefix(CSVEscaping.byteOrderMark + "\"id\""))
        // Round trip: split the data row back into cells and undo the quoting.
        let row = try #require(csv.components(separatedBy: "\r\n").dropFirst().first)
        let cells = Self.parseCSVRow(row)
        #expect(cells.count == 8)
        #expect(cells[5] == "'" + rule.title[.en]!)
        #expect(cells[0] == "controls.buttons.verb-titles")
        let markdown = listing.markdown([rule])
        #expect(markdown.contains("**Do** =HYPERLINK(\"x\") \\[a\\](javascript:b)"))
        #expect(!markdown.contains("[a](javascript:b)"))
        let llms = try String(contentsOf: fixture.output.appendingPathComponent("en/llms-full.txt"), encoding: .utf8)
        #expect(llms.contains("#### DO: =HYPERLINK(\"x\") \\[a\\](javascript:b)"))
    }

    /// RFC 4180 for one row of quoted cells.
    static func parseCSVRow(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var index = row.startIndex
        while index < row.endIndex {
            let character = row[index]
            if quoted {
                if character == "\"" {
                    let next = row.index(after: index)
                    if next < row.endIndex, row[next] == "\"" { cell.append("\""); index = next } else { quoted = false }
                } else { cell.append(character) }
            } else if character == "\"" { quoted = true } else if character == "," { cells.append(cell); cell = "" }
            index = row.index(after: index)
        }
        cells.append(cell)
        return cells
    }
}

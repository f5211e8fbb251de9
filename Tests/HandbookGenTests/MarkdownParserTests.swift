import Testing
@testable import HandbookKit
@testable import HandbookMarkdown

@Suite struct MarkdownParserTests {
    let parser = MarkdownParser()

    @Test func positionsCountCharactersAndFrontMatterLines() async {
        let blocks = parser.parse("第一段。\n\n中文标题前的 **强调** 文字\n", firstLine: 8)
        #expect(blocks.count == 2)
        #expect(blocks[1].position == TextPosition(line: 10, column: 1))
        guard case .paragraph(let inlines, _) = blocks[1] else { Issue.record("not a paragraph"); return }
        // "中文标题前的 " is 7 characters but 19 bytes: the strong run starts at character 8.
        guard case .text(_, let first)? = inlines.first else { Issue.record("no text"); return }
        #expect(first == TextPosition(line: 10, column: 1))
    }

    @Test func byteColumnsBecomeCharacterColumns() async {
        let index = LineIndex(bytes: Array("ab\n中文x".utf8))
        #expect(index.characterColumn(line: 2, byteColumn: 1) == 1)
        #expect(index.characterColumn(line: 2, byteColumn: 7) == 3)   // after 中文 (6 bytes)
        #expect(index.characterColumn(line: 1, byteColumn: 3) == 3)
    }

    @Test func adjacentTextIsJoinedSoCrossLinksSurvive() async {
        let blocks = parser.parse("见 [[controls/buttons#system-buttons]] 一节")
        guard case .paragraph(let inlines, _)? = blocks.first else { Issue.record("no paragraph"); return }
        #expect(inlines == [.text("见 [[controls/buttons#system-buttons]] 一节", at: TextPosition(line: 1, column: 1))])
    }

    @Test func gfmTablesTaskListsAndStrikethrough() async {
        let blocks = parser.parse("| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~\n")
        guard case .table(let table, _) = blocks[0] else { Issue.record("no table"); return }
        #expect(table.alignments == [.left, .right])
        #expect(table.header.map(\.plainText) == ["a", "b"])
        #expect(table.rows.map { $0.map(\.plainText) } == [["1", "2"]])
        guard case .list(let list, _) = blocks[1] else { Issue.record("no list"); return }
        #expect(list.items.map(\.isChecked) == [true, false])
        guard case .paragraph(let inlines, _) = blocks[2] else { Issue.record("no paragraph"); return }
        guard case .strikethrough(let struck)? = inlines.first else { Issue.record("no strikethrough"); return }
        #expect(struck.plainText == "old")
    }

    @Test func rawHTMLStaysText() async {
        let blocks = parser.parse("<script>alert(1)</script>\n\nhi <b onclick=x>there</b>\n")
        guard case .html(let raw, _) = blocks[0] else { Issue.record("expected raw HTML block"); return }
        #expect(raw.contains("<script>"))
        let html = HTMLRenderer { _, _ in nil }.render(blocks)
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<b onclick"))
        #expect(html.contains("&lt;script&gt;"))
    }
}

@Suite struct WikiLinkScannerTests {
    @Test func findsTargetsTextAndPositions() async {
        let found = WikiLinkScanner.split("看[[rule:controls.buttons.verb-titles]]和[[bars/toolbar|工具栏]]。", at: TextPosition(line: 3, column: 5))
        #expect(found == [
            .text("看", at: TextPosition(line: 3, column: 5)),
            .wikiLink(target: "rule:controls.buttons.verb-titles", text: nil, at: TextPosition(line: 3, column: 6)),
            .text("和", at: TextPosition(line: 3, column: 43)),
            .wikiLink(target: "bars/toolbar", text: "工具栏", at: TextPosition(line: 3, column: 44)),
            .text("。", at: TextPosition(line: 3, column: 64)),
        ])
    }

    @Test func leavesOrdinaryBracketsAlone() async {
        let scanned = WikiLinkScanner.split("a [[ b ]] c [[]] d", at: nil)
        #expect(scanned.contains { if case .wikiLink(let t, _, _) = $0 { t == "b" } else { false } })
        #expect(scanned.plainText.contains("[[]]"))
    }
}

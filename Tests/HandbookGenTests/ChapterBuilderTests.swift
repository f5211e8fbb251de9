import Testing
@testable import HandbookKit
@testable import HandbookMarkdown

@Suite struct ChapterBuilderTests {
    func build(_ body: String) -> ([ChapterBlock], [String]) {
        let file = SourceFile(path: "content/zh/controls/buttons.md", text: body)
        var log = DiagnosticLog()
        let blocks = ChapterBuilder(file: file).build(MarkdownParser(scansWikiLinks: true).parse(body, firstLine: 1), log: &log)
        return (blocks, log.sorted.map(\.description))
    }

    @Test func sectionsAndRulesAreRecognised() async {
        let (blocks, diagnostics) = build("""
        ## 系统按钮 {#system-buttons}

        > [!DO verb-titles] 用动词作标题 {status=legacy edition="iOS 7" note="已由新规范取代。"}
        > 正文第一行
        >
        > 第二段

        > 普通引用
        """)
        #expect(diagnostics.isEmpty)
        guard case .section(let section) = blocks[0], case .rule(let rule) = blocks[1] else {
            Issue.record("unexpected blocks \(blocks)"); return
        }
        #expect(section.anchor == "system-buttons")
        #expect(section.titleText == "系统按钮")
        #expect(rule.localID == "verb-titles")
        #expect(rule.kind == .do)
        #expect(rule.title == "用动词作标题")
        #expect(rule.status == .legacy)
        #expect(rule.edition == "iOS 7")
        #expect(rule.section == "system-buttons")
        #expect(rule.body.count == 2)
        #expect(rule.location.line == 3)
        guard case .markdown(.blockQuote) = blocks[2] else { Issue.record("plain quote lost"); return }
    }

    @Test func lifecycleAttributesAreReadAndChecked() async {
        let (blocks, diagnostics) = build("""
        ## 系统按钮 {#system-buttons}

        > [!DO old] 旧规范 {status=deprecated replaced-by="controls.buttons.a controls.buttons.b" note="已合并。"}
        > 正文

        > [!DO legacy-without-note] 旧技术 {status=legacy}

        > [!DO current-with-note] 现行 {note="不该有"}

        > [!DO typo] 拼错 {replaced_by="x"}
        """)
        guard case .rule(let rule) = blocks[1] else { Issue.record("no rule"); return }
        #expect(rule.status == .deprecated)
        #expect(rule.replacedBy == ["controls.buttons.a", "controls.buttons.b"])
        #expect(rule.note == "已合并。")
        #expect(diagnostics == [
            "content/zh/controls/buttons.md:6:1: error: a legacy rule needs note=\"…\": one sentence on what replaced it",
            "content/zh/controls/buttons.md:8:1: error: note and replaced-by are for legacy or deprecated rules; add status=legacy or status=deprecated",
            "content/zh/controls/buttons.md:10:1: error: unknown rule attribute 'replaced_by'; use status, edition, note, replaced-by, basis, tags, measures, good, bad; did you mean 'replaced-by'?",
        ])
    }

    @Test func unknownKindMissingAnchorAndDuplicates() async {
        let (_, diagnostics) = build("""
        ## 无锚点

        ## 重复 {#dup}

        > [!DONT dup] 标题

        > [!AVOID dup] 标题
        """)
        #expect(diagnostics.contains("content/zh/controls/buttons.md:1:1: error: section heading has no anchor; end it with an id in braces, e.g. '{#system-buttons}'"))
        #expect(diagnostics.contains("content/zh/controls/buttons.md:5:1: error: unknown rule kind 'DONT'; use DO, AVOID or CONSIDER; did you mean 'DO'?"))
        #expect(diagnostics.contains { $0.hasPrefix("content/zh/controls/buttons.md:7:1: error: duplicate anchor 'dup'") })
    }

    @Test func rulesMustBeTopLevelAndChaptersHaveNoH1() async {
        let (_, diagnostics) = build("# 标题\n\n- 列表\n\n  > [!DO x] 嵌套\n")
        #expect(diagnostics.contains { $0.contains(":1:1: error: a chapter has no '#' headings") })
        #expect(diagnostics.contains { $0.contains(":5:3: error: a rule must stand at the top level") })
    }

    @Test func headerAttributesParse() async {
        #expect(RuleHeader.parseAttributes("status=legacy edition=\"iOS 7\"")?.map { "\($0)=\($1)" } == ["status=legacy", "edition=iOS 7"])
        #expect(RuleHeader.parseAttributes("status") == nil)
        #expect(RuleHeader.parseAttributes("  status=legacy   basis=\"iOS 12 · 控件\"  ")?.map { "\($0)=\($1)" }
                == ["status=legacy", "basis=iOS 12 · 控件"])
        #expect(RuleHeader.parseAttributes("")?.isEmpty == true)
        for bad in ["edition=\"iOS 7", "=legacy", "status=", "status=\"\"", "status legacy", "status = legacy"] {
            #expect(RuleHeader.parseAttributes(bad) == nil, "\(bad)")
        }
    }

    @Test func calloutsAreNotRules() {
        #expect(Callout.Kind(header: "[!NOTE] 说明") == .note && Callout.Kind(header: "[!Warning]") == .warning)
        #expect(Callout.Kind(header: "[!DO verb-titles] 用动词开头") == nil && Callout.Kind(header: "[!NOTE") == nil)
    }
}

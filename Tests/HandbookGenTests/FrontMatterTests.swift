import Foundation
import Testing
@testable import HandbookKit

@Suite struct FrontMatterTests {
    func parse(_ text: String) -> (FrontMatterParser.Result?, [String]) {
        var log = DiagnosticLog()
        let result = FrontMatterParser().parse(SourceFile(path: "content/zh/controls/buttons.md", text: text),
                                               fields: HandbookLoader.chapterFields, log: &log)
        return (result, log.sorted.map(\.description))
    }

    let valid = """
    ---
    id: controls/buttons
    title: 按钮
    summary: 按钮发起一个操作。
    weight: 10
    edition: iOS 12
    status: current
    related: [bars/toolbar]
    ---
    正文
    """

    @Test func validFrontMatterGivesBodyAndItsFirstLine() async throws {
        let (result, diagnostics) = parse(valid)
        #expect(diagnostics.isEmpty)
        let parsed = try #require(result)
        #expect(parsed.bodyFirstLine == 10)
        #expect(parsed.body == "正文")
        #expect(parsed.frontMatter.list("related") == ["bars/toolbar"])
        #expect(parsed.frontMatter.integer("weight") == 10)
    }

    @Test func unknownKeyIsReportedWithSuggestionAtItsLine() async {
        let (_, diagnostics) = parse(valid.replacingOccurrences(of: "title: 按钮", with: "titel: 按钮"))
        #expect(diagnostics.contains("content/zh/controls/buttons.md:3:1: error: unknown front-matter key 'titel'; did you mean 'title'?"))
        #expect(diagnostics.contains("content/zh/controls/buttons.md:1:1: error: missing front-matter key 'title'"))
    }

    @Test func wronglyTypedValuesPointAtTheValueInCharacters() async {
        let (_, diagnostics) = parse(valid.replacingOccurrences(of: "weight: 10", with: "weight: 十"))
        #expect(diagnostics == ["content/zh/controls/buttons.md:5:9: error: 'weight' must be an integer, not '十'"])
        let (_, statusDiagnostics) = parse(valid.replacingOccurrences(of: "status: current", with: "status: curent"))
        #expect(statusDiagnostics.first?.hasPrefix("content/zh/controls/buttons.md:7:9: error: 'status' must be one of 'current', 'legacy', not 'curent'") == true)
        let (_, listDiagnostics) = parse(valid.replacingOccurrences(of: "related: [bars/toolbar]", with: "related: bars/toolbar"))
        #expect(listDiagnostics.first?.hasPrefix("content/zh/controls/buttons.md:8:10: error: 'related' must be a list") == true)
    }

    @Test func malformedYAMLCountsTheOpeningLine() async {
        let (result, diagnostics) = parse(valid.replacingOccurrences(of: "summary: 按钮发起一个操作。", with: "summary: [按钮发起"))
        #expect(result?.isValid == false)
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].hasPrefix("content/zh/controls/buttons.md:"))
        #expect(diagnostics[0].contains("error: malformed YAML"))
        let line = Int(diagnostics[0].split(separator: ":")[1])!
        #expect((4...5).contains(line))
    }

    @Test func missingAndUnclosedFrontMatter() async {
        #expect(parse("# 标题\n").1 == ["content/zh/controls/buttons.md:1:1: error: missing front matter: the file must start with a '---' line"])
        #expect(parse("---\nid: x\n").1 == ["content/zh/controls/buttons.md:1:1: error: front matter is not closed: add a '---' line after it"])
    }
}

@Suite struct SourceFileTests {
    @Test func invalidUTF8IsReportedAtItsLineAndColumn() async {
        var log = DiagnosticLog()
        var bytes = Array("---\n标题\n".utf8)
        bytes.append(0xFF)
        let file = SourceFile.decode(Data(bytes), displayPath: "content/en/a/b.md", log: &log)
        #expect(file == nil)
        #expect(log.sorted.map(\.description) == ["content/en/a/b.md:3:1: error: file is not valid UTF-8 (byte 0xFF)"])
    }

    @Test func filesAreReadWholeOrTheSystemSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("source-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = String(repeating: "标题 title\n", count: 2_000)  // larger than one read
        try Data(text.utf8).write(to: folder.appendingPathComponent("a.md"))
        try Data().write(to: folder.appendingPathComponent("empty.md"))
        var log = DiagnosticLog()
        #expect(SourceFile.read(at: folder.appendingPathComponent("a.md"), displayPath: "a.md", log: &log)?.text == text)
        #expect(SourceFile.read(at: folder.appendingPathComponent("empty.md"), displayPath: "empty.md", log: &log)?.text == "")
        #expect(SourceFile.read(at: folder.appendingPathComponent("missing.md"), displayPath: "missing.md", log: &log) == nil)
        #expect(SourceFile.read(at: folder, displayPath: "folder", log: &log) == nil)
        #expect(log.sorted.map(\.description) == ["folder:1:1: error: cannot read file: Is a directory",
                                                  "missing.md:1:1: error: cannot read file: No such file or directory"])
    }

    @Test func lineEndingsAndByteOrderMarkAreNormalised() async {
        var log = DiagnosticLog()
        let file = SourceFile.decode(Data([0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc".utf8)), displayPath: "x.md", log: &log)
        #expect(file?.text == "a\nb\nc")
        #expect(log.warningCount == 1)
    }
}

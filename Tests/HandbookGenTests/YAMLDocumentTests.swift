import Testing
import Yams
@testable import HandbookKit

/// Front matter is read through Yams' public API (`YAMLDocument`): the values, positions and
/// errors it sees.
@Suite struct YAMLDocumentTests {
    /// The item as text that shows everything front matter uses: kind, value, plainness, position.
    func describe(_ item: YAMLItem) -> String {
        let position = "@\(item.line):\(item.column)"
        switch item.value {
        case .scalar(let text, let isPlain):
            return "scalar(\(text.debugDescription), plain: \(isPlain), null: \(item.isNull))\(position)"
        case .sequence(let items):
            return "[" + items.map(describe).joined(separator: ", ") + "]\(position)"
        case .mapping(let pairs):
            return "{" + pairs.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "}\(position)"
        }
    }

    func read(_ yaml: String) -> String {
        switch YAMLDocument.read(yaml) {
        case .success(let item?): describe(item)
        case .success(nil): "none"
        case .failure(let problem):
            switch problem.position {
            case let .mark(line, column): "error: \(problem.detail) @\(line):\(column)"
            case .byteOffset(let offset): "error: \(problem.detail) @byte \(offset)"
            }
        }
    }

    /// What front matter reads from each document: kinds, text, plainness, nulls and positions
    /// (1-based, columns in Unicode scalars), and libyaml's errors with theirs.
    static let documents: [(yaml: String, read: String)] = [
        ("", "none"),
        ("# only a comment", "none"),
        ("id: controls/buttons\ntitle: 按钮\nrelated: [bars/toolbar, views/alerts]",
         "{scalar(\"id\", plain: true, null: false)@1:1: scalar(\"controls/buttons\", plain: true, null: false)@1:5, "
         + "scalar(\"title\", plain: true, null: false)@2:1: scalar(\"按钮\", plain: true, null: false)@2:8, "
         + "scalar(\"related\", plain: true, null: false)@3:1: [scalar(\"bars/toolbar\", plain: true, null: false)@3:11, "
         + "scalar(\"views/alerts\", plain: true, null: false)@3:25]@3:10}@1:1"),
        ("a: ~\nb: ''\nc:", "{scalar(\"a\", plain: true, null: false)@1:1: scalar(\"~\", plain: true, null: true)@1:4, "
         + "scalar(\"b\", plain: true, null: false)@2:1: scalar(\"\", plain: false, null: false)@2:4, "
         + "scalar(\"c\", plain: true, null: false)@3:1: scalar(\"\", plain: true, null: true)@3:3}@1:1"),
        ("anchor: &a 值\nalias: *a", "{scalar(\"anchor\", plain: true, null: false)@1:1: scalar(\"值\", plain: true, null: false)@1:9, "
         + "scalar(\"alias\", plain: true, null: false)@2:1: scalar(\"值\", plain: true, null: false)@1:9}@1:1"),
        ("title: [unclosed", "error: did not find expected ',' or ']' while parsing a flow sequence @2:1"),
        ("a: b: c", "error: mapping values are not allowed in this context @1:5"),
        ("alias: *missing", "error: found undefined alias @1:8"),
        ("a: 1\n---\nb: 2", "error: but found another document expected a single document in the stream @2:1"),
    ]

    @Test(arguments: documents)
    func documentsAreReadWithPositions(_ document: (yaml: String, read: String)) {
        #expect(read(document.yaml) == document.read)
    }

    @Test func aDuplicateKeyIsNamedWhereItIsRepeated() {
        var log = DiagnosticLog()
        let file = SourceFile(path: "content/zh/a/b.md", text: "---\nid: a/b\ntitle: x\nid: a/c\n---\n")
        _ = FrontMatterParser().parse(file, fields: HandbookLoader.chapterFields, log: &log)
        #expect(log.sorted.map(\.description).contains("content/zh/a/b.md:4:1: error: duplicate front-matter key 'id'"))
    }

    @Test func aCharacterYAMLDoesNotAllowIsReportedAtItsLineAndColumn() {
        #expect(read("a: ok\nb: x\u{1}y") == "error: control characters are not allowed @2:5")
        var log = DiagnosticLog()
        let file = SourceFile(path: "content/zh/a/b.md", text: "---\nid: a/b\ntitle: 标题\u{1}\n---\n")
        _ = FrontMatterParser().parse(file, fields: HandbookLoader.chapterFields, log: &log)
        #expect(log.sorted.map(\.description) == ["content/zh/a/b.md:3:10: error: malformed YAML: control characters are not allowed"])
    }
}

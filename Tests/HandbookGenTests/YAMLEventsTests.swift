import Testing
import Yams
@testable import HandbookKit

/// Front matter is read from libyaml's events (`YAMLEvents`) instead of Yams' node tree; both
/// must read every document alike: the same values, the same positions, the same errors.
@Suite struct YAMLEventsTests {
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

    func describe(_ node: Node) -> String {
        let position = node.mark.map { "@\($0.line):\($0.column)" } ?? "@?"
        switch node {
        case .scalar(let scalar):
            return "scalar(\(scalar.string.debugDescription), plain: \(scalar.style == .plain), null: \(node.null != nil))\(position)"
        case .sequence(let sequence):
            return "[" + sequence.map(describe).joined(separator: ", ") + "]\(position)"
        case .mapping(let mapping):
            return "{" + mapping.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "}\(position)"
        case .alias:
            return "alias\(position)"
        }
    }

    func viaEvents(_ yaml: String) -> String {
        switch YAMLEvents.document(yaml) {
        case .success(let item?): describe(item)
        case .success(nil): "none"
        case .failure(let problem):
            switch problem.position {
            case let .mark(line, column): "error: \(problem.detail) @\(line):\(column)"
            case .byteOffset(let offset): "error: \(problem.detail) @byte \(offset)"
            }
        }
    }

    func viaYams(_ yaml: String) -> String {
        do {
            guard let node = try Yams.compose(yaml: yaml, .basic, .default, .utf8) else { return "none" }
            return describe(node)
        } catch let YamlError.scanner(context, problem, mark, _), let YamlError.parser(context, problem, mark, _),
                let YamlError.composer(context, problem, mark, _) {
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return "error: \(detail) @\(mark.line):\(mark.column)"
        } catch YamlError.reader(let problem, _, _, _) {
            return "reader error: \(problem)"
        } catch {
            return "other error: \(error)"
        }
    }

    static let documents: [String] = [
        "",
        "# only a comment",
        "id: controls/buttons\ntitle: 按钮\nweight: 10\nrelated: [bars/toolbar, views/alerts]",
        "title: \"引号里的 \\\"标题\\\" \\u00e9\\n\"\nsummary: 'single ''quoted'''\nnote: plain: with colon",
        "a: ~\nb: null\nc:\nd: ''\ne: \"\"\nf: NULL\ng: Null\nh: nul",
        "related:\n  - one\n  - two\n  -\n  - [nested]\nempty: []",
        "folded: >\n  one\n  two\nliteral: |\n  line 1\n  line 2\ncontinued: first\n  second",
        "tagged: !!int 5\nstr: !!str yes\ncustom: !thing value",
        "anchor: &a 值\nalias: *a\nlist: &l [x, y]\nagain: *l",
        "nested: {k: v, list: [1, 2]}\nblock:\n  inner: 1",
        "- a list\n- at the root",
        "plain scalar at the root",
        "title: [unclosed",
        "title: \"unclosed",
        "a: b: c",
        "key: value\n bad indentation: x",
        "alias: *missing",
        "a: 1\n---\nb: 2",
        "\ttab: indented",
        "标题: 中文键\n\u{3000}全角: 空格",
    ]

    @Test(arguments: documents)
    func eventsReadDocumentsAsYamsDoes(_ yaml: String) {
        #expect(viaEvents(yaml) == viaYams(yaml))
    }

    @Test func aDuplicateKeyIsKeptForTheFrontMatterCheckToReport() {
        // Yams stops at a duplicate key; the events keep both and `FrontMatterParser` names it.
        #expect(viaEvents("a: 1\na: 2") == "{scalar(\"a\", plain: true, null: false)@1:1: scalar(\"1\", plain: true, null: false)@1:4, scalar(\"a\", plain: true, null: false)@2:1: scalar(\"2\", plain: true, null: false)@2:4}@1:1")
        var log = DiagnosticLog()
        let file = SourceFile(path: "content/zh/a/b.md", text: "---\nid: a/b\nid: a/c\n---\n")
        _ = FrontMatterParser().parse(file, fields: HandbookLoader.chapterFields, log: &log)
        #expect(log.sorted.map(\.description).contains("content/zh/a/b.md:3:1: error: duplicate front-matter key 'id'"))
    }

    @Test func aCharacterYAMLDoesNotAllowIsReportedAtItsLineAndColumn() {
        #expect(viaYams("a: ok\nb: x\u{1}y").hasPrefix("reader error: control characters are not allowed"))
        #expect(viaEvents("a: ok\nb: x\u{1}y") == "error: control characters are not allowed @byte 10")
        var log = DiagnosticLog()
        let file = SourceFile(path: "content/zh/a/b.md", text: "---\nid: a/b\ntitle: 标题\u{1}\n---\n")
        _ = FrontMatterParser().parse(file, fields: HandbookLoader.chapterFields, log: &log)
        #expect(log.sorted.map(\.description) == ["content/zh/a/b.md:3:10: error: malformed YAML: control characters are not allowed"])
    }
}

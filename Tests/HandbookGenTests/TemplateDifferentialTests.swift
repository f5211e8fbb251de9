import Foundation
import Mustache
import Testing
@testable import HandbookKit
@testable import TemplateEngine

/// The project's template engine (`ParsedTemplate`, `TemplateProgram`) against swift-mustache, the
/// reference, on randomly generated templates and views: the same bytes, or the same error at
/// the same line and column.
///
/// One difference is deliberate and kept out of the random views: a view answering a name with
/// no value (`TemplateValue.nothing`, an absent optional) stops the lookup in the engine (the
/// name is false, empty), whereas swift-mustache goes on looking the name up the context stack.
/// `anAbsentOptionalIsFalseNotLookedUpFurther` asserts it.
@Suite struct TemplateDifferentialTests {
    @Test func randomTemplatesRenderAsSwiftMustacheRendersThem() throws {
        var failures = 0
        for seed in 1...400 {
            var generator = TemplateGenerator(seed: UInt64(seed))
            let sources = generator.templates()
            let views = (0..<3).map { _ in generator.rootView() }
            let reference = SwiftMustacheReference(library: try referenceLibrary(sources))
            let program = TemplateProgram(templates: try sources.mapValues { try ParsedTemplate($0) })
            for view in views {
                let expected = reference.renderBytes(view, template: "t0") ?? []
                let actual = program.renderBytes(view, template: "t0") ?? []
                if actual != expected, failures < 5 {
                    failures += 1
                    Issue.record("""
                        seed \(seed): the engine and swift-mustache differ
                        templates: \(sources.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.debugDescription)" }.joined(separator: "\n"))
                        engine:         \(String(decoding: actual, as: UTF8.self).debugDescription)
                        swift-mustache: \(String(decoding: expected, as: UTF8.self).debugDescription)
                        """)
                }
            }
        }
    }

    /// Templates with a few characters deleted or inserted: both parse them or both reject them
    /// at the same place; what both parse renders the same.
    @Test func damagedTemplatesFailOrRenderAsInSwiftMustache() throws {
        var failures = 0
        var rejected = 0
        for seed in 1...400 {
            var generator = TemplateGenerator(seed: UInt64(seed) &* 7919)
            var sources = generator.templates()
            sources["t0"] = generator.damage(sources["t0"]!)
            let text = sources["t0"]!
            let reference: Result<MustacheTemplate, MustacheTemplate.ParserError>
            do { reference = .success(try MustacheTemplate(string: text)) } catch let error as MustacheTemplate.ParserError {
                reference = .failure(error)
            }
            let parsed: Result<ParsedTemplate, TemplateSyntaxError>
            do { parsed = .success(try ParsedTemplate(text)) } catch { parsed = .failure(error) }
            func fail(_ message: String) {
                guard failures < 5 else { return }
                failures += 1
                Issue.record("seed \(seed), template \(text.debugDescription): \(message)")
            }
            switch (reference, parsed) {
            case (.failure(let expected), .failure(let actual)):
                rejected += 1
                if (expected.context.lineNumber, expected.context.columnNumber) != (actual.line, actual.column) {
                    fail("swift-mustache fails at \(expected.context.lineNumber):\(expected.context.columnNumber) (\(expected.error)), the engine at \(actual)")
                }
            case (.failure(let expected), .success):
                fail("swift-mustache fails (\(expected.error)), the engine parses it")
            case (.success, .failure(let actual)):
                fail("swift-mustache parses it, the engine fails: \(actual)")
            case (.success, .success(let template)) where Self.mayRecurse(template.nodes, inBlock: false):
                break
            case (.success, .success):
                var library = try referenceLibrary(sources.filter { $0.key != "t0" })
                library.register(try MustacheTemplate(string: text), named: "t0")
                let program = TemplateProgram(templates: try sources.mapValues { try ParsedTemplate($0) })
                let view = generator.rootView()
                let expected = SwiftMustacheReference(library: library).renderBytes(view, template: "t0") ?? []
                if program.renderBytes(view, template: "t0") != expected {
                    fail("rendered differently")
                }
            }
        }
        // The damage must reach the error paths, not only the text.
        #expect(rejected > 50)
    }

    @Test func anAbsentOptionalIsFalseNotLookedUpFurther() throws {
        let inner = RandomView(id: 2, table: ["name": .nothing])
        let outer = RandomView(id: 1, table: ["name": .text("outer"), "inner": .view(ViewBox(inner))])
        let text = "{{#inner}}[{{name}}]{{^name}}none{{/name}}{{/inner}}"
        let program = TemplateProgram(templates: ["t": try ParsedTemplate(text)])
        #expect(program.render(outer, template: "t") == "[]none")
        var library = MustacheLibrary()
        try library.register(text, named: "t")
        #expect(SwiftMustacheReference(library: library).render(outer, template: "t") == "[outer]")
    }

    @Test(arguments: [
        // An unclosed section is reported at the end of the template.
        ("a\n{{#s}}\nb", 3, 2, "section 's' is not closed"),
        // A close that does not match is reported at its name.
        ("{{#a}}\n  {{/b}}\n", 2, 6, "'{{/b}}' closes 'a'"),
        ("x {{/b}}", 1, 6, "'{{/b}}' closes no section"),
        ("{{#a}}{{^b}}{{/a}}{{/b}}", 1, 16, "'{{/a}}' closes 'b'"),
        // A tag not finished, and one cut off by the end of the template.
        ("ab\ncd {{name x}}", 2, 11, "a tag is not finished with '}}'"),
        ("{{name", 1, 7, "the template ends inside a tag"),
        ("{{! comment", 1, 4, "the template ends inside a tag"),
        // A parent may hold only blocks.
        ("{{<p}}{{x}}{{/p}}", 1, 18, "a parent tag ('{{<…}}') may hold only blocks ('{{$…}}'), comments and blanks"),
        ("{{f(x)}}", 1, 9, "transforms ('{{f(name)}}') are not supported"),
    ])
    func parserErrorsHaveLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        #expect(throws: TemplateSyntaxError(message: message, line: line, column: column)) { try ParsedTemplate(text) }
        // swift-mustache reports the same place, except for what it accepts (transforms).
        if !message.contains("transforms") {
            #expect {
                try MustacheTemplate(string: text)
            } throws: { error in
                guard let error = error as? MustacheTemplate.ParserError else { return false }
                return error.context.lineNumber == line && error.context.columnNumber == column
            }
        }
    }

    @Test func aTemplateErrorIsReportedAtItsFileLineAndColumn() async throws {
        let fixture = try FixtureHandbook()
        try Data("<nav>\n{{#parts}}\n  {{/chapters}}\n</nav>\n".utf8)
            .write(to: fixture.root.appendingPathComponent("templates/nav.mustache"))
        var log = DiagnosticLog()
        #expect(TemplateSet.load(from: fixture.root.appendingPathComponent("templates"), displayRoot: "templates",
                                 log: &log) == nil)
        let messages = log.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains("templates/nav.mustache:3:6") && $0.contains("closes 'parts'") }, "\(messages)")
    }

    /// Whether a block's body calls a partial or holds a block or parent: a damaged template
    /// may then never end, in either renderer (see `TemplateGenerator.body`).
    private static func mayRecurse(_ nodes: [TemplateProgram.Node], inBlock: Bool) -> Bool {
        nodes.contains { node in
            switch node {
            case .text, .variable: false
            case .section(_, let body, _): mayRecurse(body, inBlock: inBlock)
            case .partial(_, _, let overrides):
                inBlock || (overrides ?? [:]).values.contains { mayRecurse($0, inBlock: true) }
            case .block(_, let body, _): inBlock || mayRecurse(body, inBlock: true)
            }
        }
    }

    private func referenceLibrary(_ sources: [String: String]) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in sources { library.register(try MustacheTemplate(string: text), named: name) }
        return library
    }
}

// MARK: Random views

/// A view whose names are data: what the random templates read.
private struct RandomView: TemplateView, CustomStringConvertible {
    let id: Int
    let table: [String: TemplateValue]

    static var answersByName: Bool { true }
    static func templateField(named name: String) -> Int? { nil }
    func templateValue(field number: Int) -> TemplateValue { .nothing }
    func value(named name: String) -> TemplateValue? { table[name] }
    var description: String { "[view \(id)]" }
}

/// A view with a fixed table of fields, `a` and `b`: looked up by field number.
private struct FieldView: TemplateFieldView, CustomStringConvertible {
    let id: Int
    let first: TemplateValue
    let second: TemplateValue

    static let templateFields = TemplateFields<FieldView>([
        ("a", { $0.first }),
        ("b", { $0.second }),
    ])
    var description: String { "(fields \(id))" }
}

// MARK: Random templates

/// A generator with a fixed seed (SplitMix64), so that a failing case can be replayed.
private struct TemplateGenerator {
    private var state: UInt64
    private var views = 0

    init(seed: UInt64) { state = seed }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    private static let names = ["a", "b", "c", "d", "a.b", "b.a", "c.d", ".", ".a", ".b", "a.b.c", "d.a"]
    private static let sectionNames = ["a", "b", "c", "d", "a.b", "b.c", ".a", ".", "c.d"]
    private static let texts = ["x", "yz", "<p>", "&", "\"", "'", " ", "  ", "\t", "a b", "导航", "</a>", "&amp;", "é"]
    private static let blanks = ["", " ", "  ", "\t", "    "]
    private static let blockNames = ["b1", "b2", "b3"]
    /// The templates: t0 is rendered; a template calls only those after it.
    private static let templateCount = 4

    // MARK: Views

    mutating func rootView() -> RandomView {
        RandomView(id: nextID(), table: table(depth: 3))
    }

    private mutating func nextID() -> Int {
        views += 1
        return views
    }

    private mutating func table(depth: Int) -> [String: TemplateValue] {
        var table: [String: TemplateValue] = [:]
        for name in ["a", "b", "c", "d"] where chance(70) { table[name] = value(depth: depth) }
        return table
    }

    private mutating func value(depth: Int) -> TemplateValue {
        switch below(depth > 0 ? 10 : 5) {
        case 0, 1: .text(pick(Self.texts) + pick(Self.texts))
        case 2: .flag(chance(50))
        case 3: .number(below(100) - 10)
        case 4: .text("")
        case 5, 6: .view(view(depth: depth - 1))
        case 7: .list(ListBox([RandomView]()))
        default: .list(ListBox((0..<below(4)).map { _ in RandomView(id: nextID(), table: table(depth: depth - 1)) }))
        }
    }

    private mutating func view(depth: Int) -> TemplateViewBox {
        if chance(30) {
            return ViewBox(FieldView(id: nextID(), first: value(depth: depth), second: value(depth: depth)))
        }
        return ViewBox(RandomView(id: nextID(), table: table(depth: depth)))
    }

    // MARK: Templates

    mutating func templates() -> [String: String] {
        var sources: [String: String] = [:]
        for number in 0..<Self.templateCount {
            sources["t\(number)"] = body(depth: 3, template: number, length: 3 + below(8))
        }
        return sources
    }

    /// A tag, on a line of its own (indented) or among other text.
    private mutating func place(_ tag: String) -> String {
        if chance(50) { return "\n" + pick(Self.blanks) + tag + pick(["", " ", "\t"]) + pick(["\n", "\n", "\r\n"]) }
        return pick(["", " ", "x"]) + tag
    }

    private mutating func spaced(_ name: String) -> String {
        chance(20) ? " \(name) " : name
    }

    /// `inBlock`: inside a block's body, which calls no partial and holds no block or parent:
    /// a block's body that reaches the block again (through a partial, a parent, or a block of
    /// the same name) never ends, in either renderer.
    private mutating func body(depth: Int, template: Int, length: Int, inBlock: Bool = false) -> String {
        var text = ""
        for _ in 0..<length { text += piece(depth: depth, template: template, inBlock: inBlock) }
        return text
    }

    private mutating func piece(depth: Int, template: Int, inBlock: Bool) -> String {
        let last = template == Self.templateCount - 1 || inBlock
        switch below(depth > 0 ? (inBlock ? 9 : 14) : 6) {
        case 0, 1: return pick(Self.texts)
        case 2: return pick(["\n", "\n", "\r\n", "\n  ", "\n\t"])
        case 3:
            let name = spaced(pick(Self.names))
            return pick(["{{\(name)}}", "{{{\(name)}}}", "{{&\(name)}}", "{{\(name)}}"])
        case 4: return place("{{!\(pick(["", " note ", "a\nb", "<x>"]))}}")
        case 5: return last ? pick(Self.texts) : place("{{>\(spaced("t\(template + 1 + below(Self.templateCount - template - 1))"))}}")
        case 6, 7, 8:
            let name = pick(Self.sectionNames)
            let open = place("{{\(pick(["#", "#", "^"]))\(spaced(name))}}")
            return open + body(depth: depth - 1, template: template, length: below(5), inBlock: inBlock)
                + place("{{/\(spaced(name))}}")
        case 9, 10:
            let block = pick(Self.blockNames)
            return place("{{$\(block)}}") + body(depth: depth - 1, template: template, length: below(4), inBlock: true) + place("{{/\(block)}}")
        case 11, 12:
            guard !last else { return pick(Self.texts) }
            let parent = "t\(template + 1 + below(Self.templateCount - template - 1))"
            var text = place("{{<\(parent)}}")
            for _ in 0..<below(4) {
                switch below(4) {
                case 0: text += pick(["\n", " ", "\n  ", "ignored text"])
                case 1: text += place("{{! inside }}")
                default:
                    let block = pick(Self.blockNames)
                    text += place("{{$\(block)}}") + body(depth: depth - 1, template: template, length: below(4), inBlock: true)
                        + place("{{/\(block)}}")
                }
            }
            return text + place("{{/\(parent)}}")
        default:
            return pick(["{{missing}}", "{{#d}}{{.}}{{/d}}", "{{#a}}{{#b}}{{c}}{{/b}}{{/a}}", "{{>nowhere}}"])
        }
    }

    /// The text with a few characters deleted, or a tag character inserted.
    mutating func damage(_ text: String) -> String {
        var characters = Array(text)
        for _ in 0..<(1 + below(2)) {
            if characters.isEmpty || chance(40) {
                let at = characters.isEmpty ? 0 : below(characters.count + 1)
                characters.insert(contentsOf: pick(["{", "}", "{{", "}}", "#", "/", "^", "!", ">", "<", "$", "&", "\n", "{{/a}}", "{{#b}}"]), at: at)
            } else {
                let at = below(characters.count)
                characters.removeSubrange(at..<min(characters.count, at + 1 + below(3)))
            }
        }
        return String(characters)
    }
}

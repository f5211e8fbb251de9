import Mustache

/// The templates, parsed by swift-mustache and rendered without its per-tag overhead.
///
/// swift-mustache parses the templates (and reports their errors); its renderer then spends most
/// of a page's time on work that is the same for every page: splitting each tag's name at dots,
/// casting each value to four protocols, searching the context stack through existentials, and
/// building a string per tag. A program is the parsed template with names split once; rendering
/// it walks the nodes, asks the views for values by name (`TemplateView`), and appends to one
/// buffer, with the same semantics: context-stack lookup, sections over lists, flags and values,
/// inverted sections, partials, inheritance blocks and their indentation. A template using what
/// a program does not model (transforms, dynamic partials, content types) is left to
/// swift-mustache; `TemplateProgramTests` renders every page both ways and compares the bytes.
struct TemplateProgram: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, [Node], inverted: Bool)
        case partial(String, indentation: String?, overrides: [String: [Node]]?)
        case block(String, defaultNodes: [Node], indentation: String?)
    }

    /// A tag's name: `.` (the current value), `.a.b` (looked up on the current value only) or
    /// `a.b` (the first part looked up through the context stack).
    struct Name: Sendable {
        var parts: [String]
        var anchored: Bool
        /// The same for every tag with this text, across the program's templates: the index of
        /// its memo slot.
        var id: Int

        init(_ text: String, ids: inout [String: Int]) {
            anchored = text.hasPrefix(".")
            parts = text == "." ? [] : text.split(separator: ".").map(String.init)
            id = ids[text] ?? ids.count
            ids[text] = id
        }
    }

    private let programs: [String: [Node]]
    private let nameCount: Int

    /// Compiles every template of `library`; nil when one of them needs swift-mustache itself.
    init?(library: MustacheLibrary, names: [String]) {
        var programs: [String: [Node]] = [:]
        var ids: [String: Int] = [:]
        for name in names {
            guard let template = library.getTemplate(named: name), let nodes = Self.nodes(of: template, ids: &ids)
            else { return nil }
            programs[name] = nodes
        }
        self.programs = programs
        nameCount = ids.count
    }

    func render(_ view: any TemplateView, template name: String) -> String? {
        guard let nodes = programs[name] else { return nil }
        var output = ""
        output.reserveCapacity(16 * 1024)
        var context = Context(stack: [], lookups: Lookups(nameCount: nameCount))
        context.push(.view(view))
        render(nodes, &context, into: &output)
        return output
    }

    // MARK: Rendering

    private struct Context {
        var stack: [TemplateValue]
        /// For each frame of the stack, its view type's number in `lookups` (-1: not a view).
        var frameTypes: [Int] = []
        var indentation: String?
        var inherited: [String: [Node]]?
        var lookups: Lookups

        mutating func push(_ value: TemplateValue) {
            stack.append(value)
            if case .view(let view) = value {
                frameTypes.append(lookups.number(of: ObjectIdentifier(Swift.type(of: view))))
            } else {
                frameTypes.append(-1)
            }
        }

        mutating func pop() {
            stack.removeLast()
            frameTypes.removeLast()
        }
    }

    /// What one render has learnt about names. A page's view is the bottom of the stack for the
    /// whole render, so a name it answers (`layout.ui.next`, asked once per rule) is looked up,
    /// and its value boxed, once. Which names a type of view does not have is the same for every
    /// value of the type, so a miss is not asked again.
    private struct Lookups {
        var root: [TemplateValue??]
        /// The view types met so far (a page has a handful), numbered by position.
        private var types: [ObjectIdentifier] = []
        /// Per type number, a row of `nameCount` flags: the type lacks that name.
        private var misses: [Bool] = []
        let nameCount: Int

        init(nameCount: Int) {
            self.nameCount = nameCount
            root = Array(repeating: nil, count: nameCount)
        }

        mutating func number(of type: ObjectIdentifier) -> Int {
            if let known = types.firstIndex(of: type) { return known }
            types.append(type)
            misses += Array(repeating: false, count: nameCount)
            return types.count - 1
        }

        func lacks(_ type: Int, _ name: Int) -> Bool {
            misses[type * nameCount + name]
        }

        mutating func noteMiss(_ type: Int, _ name: Int) {
            misses[type * nameCount + name] = true
        }
    }

    private func render(_ nodes: [Node], _ context: inout Context, into output: inout String) {
        guard context.indentation?.isEmpty == false, let indentation = context.indentation else {
            for node in nodes { render(node, &context, into: &output) }
            return
        }
        // As swift-mustache: inside an indented partial, each non-empty piece that starts a line
        // of this template's output is indented.
        var local = ""
        for node in nodes {
            var piece = ""
            render(node, &context, into: &piece)
            if !piece.isEmpty, local.utf8.last == UInt8(ascii: "\n") { local += indentation }
            local += piece
        }
        output += local
    }

    private func render(_ node: Node, _ context: inout Context, into output: inout String) {
        switch node {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let value = lookup(name, in: &context) else { return }
            switch value {
            case .text(let text): escaped ? Self.appendEscaped(text, to: &output) : output.append(text)
            case .nothing: break
            default:
                let text = Self.describe(value)
                escaped ? Self.appendEscaped(text, to: &output) : output.append(text)
            }
        case .section(let name, let nodes, let inverted):
            let value = lookup(name, in: &context) ?? .nothing
            if inverted {
                switch value {
                case .list(let items) where items.isEmpty: renderPushing(value, nodes, &context, into: &output)
                case .flag(false), .nothing: render(nodes, &context, into: &output)
                default: break
                }
                return
            }
            switch value {
            case .list(let items):
                for item in items { renderPushing(.view(item), nodes, &context, into: &output) }
            case .flag(let flag):
                if flag { render(nodes, &context, into: &output) }
            case .nothing:
                break
            default:
                renderPushing(value, nodes, &context, into: &output)
            }
        case .partial(let name, let indented, let overrides):
            guard let nodes = programs[name] else { return }
            var inner = context
            if let indented { inner.indentation = (context.indentation ?? "") + indented }
            if let overrides {
                // Blocks the caller's caller overrides win over this partial's own overrides.
                inner.inherited = context.inherited.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            }
            render(nodes, &inner, into: &output)
            context.lookups = inner.lookups
        case .block(let name, let defaultNodes, let indented):
            var inner = context
            if let indented { inner.indentation = (context.indentation ?? "") + indented }
            render(context.inherited?[name] ?? defaultNodes, &inner, into: &output)
            context.lookups = inner.lookups
        }
    }

    private func renderPushing(_ value: TemplateValue, _ nodes: [Node], _ context: inout Context,
                               into output: inout String) {
        context.push(value)
        render(nodes, &context, into: &output)
        context.pop()
    }

    private func lookup(_ name: Name, in context: inout Context) -> TemplateValue? {
        guard let first = name.parts.first else { return context.stack.last }
        if name.anchored {
            return Self.resolve(name, from: Self.child(first, of: context.stack[context.stack.count - 1]))
        }
        for depth in context.stack.indices.reversed() {
            let type = context.frameTypes[depth]
            if type < 0 || context.lookups.lacks(type, name.id) { continue }
            if depth == 0, let known = context.lookups.root[name.id] { return known }
            guard case .view(let view) = context.stack[depth], let found = Self.child(first, of: view) else {
                context.lookups.noteMiss(type, name.id)
                continue
            }
            let value = Self.resolve(name, from: found)
            if depth == 0 { context.lookups.root[name.id] = .some(value) }
            return value
        }
        return nil
    }

    /// The rest of a dotted name, from the value its first part stands for.
    private static func resolve(_ name: Name, from first: TemplateValue?) -> TemplateValue? {
        var value = first
        for part in name.parts.dropFirst() {
            guard let current = value else { return nil }
            value = child(part, of: current)
        }
        return value
    }

    private static func child(_ name: String, of value: TemplateValue) -> TemplateValue? {
        guard case .view(let view) = value else { return nil }
        return child(name, of: view)
    }

    private static func child(_ name: String, of view: any TemplateView) -> TemplateValue? {
        let found = view.value(named: name)
        assert(found != nil || !Mirror(reflecting: view).children.contains { $0.label == name },
               "\(type(of: view)).value(named:) lacks '\(name)'")
        return found
    }

    /// What swift-mustache prints for a value that is not text.
    private static func describe(_ value: TemplateValue) -> String {
        switch value {
        case .text(let text): text
        case .flag(let flag): String(flag)
        case .number(let number): String(number)
        case .view(let view): String(describing: view)
        case .list(let views): String(describing: views)
        case .nothing: ""
        }
    }

    /// swift-mustache's HTML escaping (`& < > " '`).
    static func appendEscaped(_ text: String, to output: inout String) {
        HTML.append(escaping: text, to: &output, keepingNUL: true)
    }

    // MARK: Reading swift-mustache's parse

    /// swift-mustache keeps its token list internal; it is read by reflection, once per template.
    /// Anything unexpected yields nil, and the templates are then rendered by swift-mustache.
    private static func nodes(of template: MustacheTemplate, ids: inout [String: Int]) -> [Node]? {
        guard let tokens = Mirror(reflecting: template).descendant("tokens") as? [Any] else { return nil }
        var nodes: [Node] = []
        for token in tokens {
            guard let case_ = Mirror(reflecting: token).children.first, let label = case_.label else { return nil }
            let fields = Mirror(reflecting: case_.value).children.map(\.value)
            switch label {
            case "text":
                guard let text = case_.value as? String else { return nil }
                nodes.append(.text(text))
            case "variable", "unescapedVariable":
                guard fields.count == 2, let name = fields[0] as? String, (fields[1] as? [String])?.isEmpty == true
                else { return nil }
                nodes.append(.variable(Name(name, ids: &ids), escaped: label == "variable"))
            case "section", "invertedSection":
                guard fields.count == 3, let name = fields[0] as? String, (fields[1] as? [String])?.isEmpty == true,
                      let inner = fields[2] as? MustacheTemplate, let innerNodes = self.nodes(of: inner, ids: &ids)
                else { return nil }
                nodes.append(.section(Name(name, ids: &ids), innerNodes, inverted: label == "invertedSection"))
            case "partial":
                guard fields.count == 3, let name = fields[0] as? String else { return nil }
                var overrides: [String: [Node]]?
                if let inherits = fields[2] as? [String: MustacheTemplate] {
                    var compiled: [String: [Node]] = [:]
                    for (block, template) in inherits {
                        guard let blockNodes = self.nodes(of: template, ids: &ids) else { return nil }
                        compiled[block] = blockNodes
                    }
                    overrides = compiled
                }
                nodes.append(.partial(name, indentation: fields[1] as? String, overrides: overrides))
            case "blockExpansion":
                guard fields.count == 3, let name = fields[0] as? String, let inner = fields[1] as? MustacheTemplate,
                      let innerNodes = self.nodes(of: inner, ids: &ids)
                else { return nil }
                nodes.append(.block(name, defaultNodes: innerNodes, indentation: fields[2] as? String))
            default:
                // Dynamic partials, content types, block definitions outside an inheriting partial.
                return nil
            }
        }
        return nodes
    }
}

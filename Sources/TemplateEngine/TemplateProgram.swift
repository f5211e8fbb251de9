import Foundation
import Synchronization

/// The templates, parsed (`ParsedTemplate`) and rendered without per-tag overhead.
///
/// A general Mustache renderer such as swift-mustache spends most of a page's time on work that
/// is the same for every page: splitting each tag's name at dots, casting each value to four
/// protocols, searching the context stack through existentials, and building a string per tag.
/// A program is the parsed templates flattened into one list of
/// operations whose operands are numbers (names split once and numbered, literal text kept as
/// byte ranges of one buffer): walking it copies no strings and counts no references. Rendering
/// asks the views for values by name (`TemplateView`) and appends bytes to one buffer, with the
/// same semantics: context-stack lookup, sections over lists, flags and values, inverted
/// sections, partials, inheritance blocks and their indentation. swift-mustache is the reference:
/// `TemplateProgramTests` renders every page both ways, and random templates and views, and
/// compares the bytes.
public struct TemplateProgram: Sendable {
    /// A template as parsed, before flattening; names are as written.
    indirect enum Node: Sendable {
        case text(String)
        case variable(String, escaped: Bool)
        case section(String, [Node], inverted: Bool)
        case partial(String, indentation: String?, overrides: [String: [Node]]?)
        case block(String, defaultNodes: [Node], indentation: String?)
    }

    /// A tag's name: `.` (the current value), `.a.b` (looked up on the current value only) or
    /// `a.b` (the first part looked up through the context stack).
    struct Name: Sendable {
        var parts: [String]
        /// Each part's number among all parts of the program's names (`TemplateProgram.Code.parts`).
        var partNumbers: [Int]
        var anchored: Bool
        /// The same for every tag with this text, across the program's templates: its index in
        /// the program's names and its memo slot.
        var id: Int
        /// The same for every name with this parent (`layout.ui` of `layout.ui.next`, `layout` of
        /// `layout.lang`; a one-part name is its own parent): the memo slot of what the page's own
        /// view answers for the parent.
        var head: Int

        init(_ text: String, ids: inout Identifiers) {
            anchored = text.hasPrefix(".")
            parts = text == "." ? [] : text.split(separator: ".").map(String.init)
            partNumbers = parts.map { part in
                let number = ids.parts[part] ?? ids.parts.count
                ids.parts[part] = number
                return number
            }
            id = ids.names[text] ?? ids.names.count
            ids.names[text] = id
            let parent = parts.count > 1 ? parts.dropLast().joined(separator: ".") : parts.first ?? ""
            head = ids.heads[parent] ?? ids.heads.count
            ids.heads[parent] = head
        }
    }

    /// Numbers given to tag names, their parents and their parts while the templates are read.
    struct Identifiers {
        var names: [String: Int] = [:]
        var heads: [String: Int] = [:]
        var parts: [String: Int] = [:]
    }

    /// One step of a program. A section's or block's body is the operations after it, up to `end`.
    enum Operation: Sendable {
        case text(start: Int, count: Int)
        case variable(name: Int, escaped: Bool)
        case section(name: Int, inverted: Bool, end: Int)
        /// `template` and `overrides` are indexes into the program's templates and override
        /// tables, `indentation` into its strings (-1: none).
        case partial(template: Int, indentation: Int, overrides: Int)
        case block(name: Int, indentation: Int, end: Int)
    }

    /// Everything a render reads, shared by all renders.
    private final class Code: Sendable {
        let operations: [Operation]
        let text: [UInt8]
        let names: [Name]
        let strings: [String]
        /// Each template's operations.
        let templates: [Range<Int>]
        let templateNumbers: [String: Int]
        /// Per inheriting partial: block name → the operations that override it.
        let overrides: [[String: Range<Int>]]
        let headCount: Int
        /// Every part of every name, by number.
        let parts: [String]
        /// Per name, flattened for reading without reference counting: its first part's number
        /// (-1 for `.`), its head's memo slot, whether it is anchored, and where its other parts'
        /// numbers are in `restParts`.
        let firstParts: [Int]
        let nameHeads: [Int]
        let anchored: [Bool]
        let rest: [Range<Int>]
        let restParts: [Int]
        let fieldRows: FieldRows
        let sharedSections = SharedSections()

        init(operations: [Operation], text: [UInt8], names: [Name], strings: [String], templates: [Range<Int>],
             templateNumbers: [String: Int], overrides: [[String: Range<Int>]], headCount: Int, parts: [String]) {
            self.operations = operations
            self.text = text
            self.names = names
            self.strings = strings
            self.templates = templates
            self.templateNumbers = templateNumbers
            self.overrides = overrides
            self.headCount = headCount
            self.parts = parts
            firstParts = names.map { $0.partNumbers.first ?? -1 }
            nameHeads = names.map(\.head)
            anchored = names.map(\.anchored)
            var rest: [Range<Int>] = []
            var restParts: [Int] = []
            for name in names {
                let start = restParts.count
                restParts += name.partNumbers.dropFirst()
                rest.append(start..<restParts.count)
            }
            self.rest = rest
            self.restParts = restParts
            fieldRows = FieldRows(parts: parts)
        }
    }

    /// What a field number of -1 and -2 in a row mean: the type lacks the part, or the type
    /// answers by name only.
    private static let missing = -1
    private static let byName = -2

    /// Per view type, each part's field number on it: worked out once per type and process,
    /// shared by every render.
    private final class FieldRows: Sendable {
        private let parts: [String]
        private let rows = Mutex<[ObjectIdentifier: [Int]]>([:])

        init(parts: [String]) { self.parts = parts }

        func row(for type: any TemplateView.Type) -> [Int] {
            let key = ObjectIdentifier(type)
            return rows.withLock { rows in
                if let known = rows[key] { return known }
                let row = parts.map { part in
                    type.answersByName ? TemplateProgram.byName : type.templateField(named: part) ?? TemplateProgram.missing
                }
                rows[key] = row
                return row
            }
        }
    }

    /// The bytes of sections over views many pages share (`TemplateViewBox.isSharedByPages`),
    /// by section and view, made by the first page that renders one; shared by all renders.
    private final class SharedSections: Sendable {
        struct Key: Hashable {
            var operation: Int
            var view: ObjectIdentifier
        }

        enum Entry: Sendable {
            case rendered([UInt8])
            /// The section read something besides its view: rendered on every page.
            case readsOutside
        }

        /// The view is kept with its entry, so that its identifier is not reused for another.
        private let entries = Mutex<[Key: (view: TemplateViewBox, entry: Entry)]>([:])
        /// Folders times sections is a few hundred; `serve` makes new views on every build.
        private let limit = 4096

        subscript(key: Key) -> Entry? {
            entries.withLock { $0[key]?.entry }
        }

        func store(_ entry: Entry, for key: Key, view: TemplateViewBox) {
            entries.withLock { entries in
                if entries.count >= limit { entries.removeAll() }
                entries[key] = (view, entry)
            }
        }
    }

    private let code: Code

    /// Compiles templates, by the name partials call them.
    public init(templates: [String: ParsedTemplate]) {
        let parsed = templates.sorted { $0.key < $1.key }
        var assembler = Assembler(templateNumbers: Dictionary(uniqueKeysWithValues: parsed.enumerated().map { ($1.key, $0) }))
        var ranges: [Range<Int>] = []
        for (_, template) in parsed { ranges.append(assembler.emitBody(template.nodes)) }
        code = Code(operations: assembler.operations, text: assembler.text, names: assembler.names,
                    strings: assembler.strings, templates: ranges, templateNumbers: assembler.templateNumbers,
                    overrides: assembler.overrides, headCount: assembler.ids.heads.count,
                    parts: assembler.ids.parts.sorted { $0.value < $1.value }.map(\.key))
    }

    /// Flattens nodes into operations; every body is emitted where it is used, so that a
    /// section's body directly follows it.
    private struct Assembler {
        var operations: [Operation] = []
        var text: [UInt8] = []
        var ids = Identifiers()
        /// By id.
        var names: [Name] = []
        var strings: [String] = []
        var overrides: [[String: Range<Int>]] = []
        let templateNumbers: [String: Int]

        init(templateNumbers: [String: Int]) {
            self.templateNumbers = templateNumbers
        }

        /// The id of a tag's name, numbering it and its parts when new.
        private mutating func name(_ text: String) -> Int {
            let name = Name(text, ids: &ids)
            if name.id == names.count { names.append(name) }
            return name.id
        }

        mutating func emitBody(_ nodes: [Node]) -> Range<Int> {
            let start = operations.count
            for node in nodes { emit(node) }
            return start..<operations.count
        }

        private mutating func string(_ value: String?) -> Int {
            guard let value else { return -1 }
            strings.append(value)
            return strings.count - 1
        }

        private mutating func emit(_ node: Node) {
            switch node {
            case .text(let literal):
                operations.append(.text(start: text.count, count: literal.utf8.count))
                text += literal.utf8
            case .variable(let text, let escaped):
                operations.append(.variable(name: name(text), escaped: escaped))
            case .section(let text, let body, let inverted):
                let id = name(text)
                let at = operations.count
                operations.append(.text(start: 0, count: 0))  // replaced once the body's end is known
                let range = emitBody(body)
                operations[at] = .section(name: id, inverted: inverted, end: range.upperBound)
            case .partial(let template, let indentation, let blocks):
                var table = -1
                if let blocks {
                    var ranges: [String: Range<Int>] = [:]
                    // The overriding bodies are emitted here, each behind a block without a name:
                    // running this level skips them; the partial runs them by range.
                    for (block, body) in blocks.sorted(by: { $0.key < $1.key }) {
                        let at = operations.count
                        operations.append(.text(start: 0, count: 0))
                        ranges[block] = emitBody(body)
                        operations[at] = .block(name: -1, indentation: -1, end: operations.count)
                    }
                    overrides.append(ranges)
                    table = overrides.count - 1
                }
                operations.append(.partial(template: templateNumbers[template] ?? -1, indentation: string(indentation),
                                           overrides: table))
            case .block(let name, let body, let indentation):
                let at = operations.count
                operations.append(.text(start: 0, count: 0))
                let range = emitBody(body)
                strings.append(name)
                let nameString = strings.count - 1
                operations[at] = .block(name: nameString, indentation: string(indentation), end: range.upperBound)
            }
        }
    }

    public func render(_ view: some TemplateView, template name: String) -> String? {
        renderBytes(view, template: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The page's bytes. Generic, not `any TemplateView`: the page's view is boxed once, not
    /// first into an existential and then into its box.
    public func renderBytes(_ view: some TemplateView, template name: String) -> [UInt8]? {
        guard let number = code.templateNumbers[name] else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        var context = Context(lookups: Lookups(nameCount: code.names.count, headCount: code.headCount,
                                               partCount: code.parts.count))
        let code = self.code
        context.push(.view(Self.box(view)), rows: code.fieldRows)
        code.operations.withUnsafeBufferPointer { operations in
            code.text.withUnsafeBufferPointer { text in
                code.firstParts.withUnsafeBufferPointer { firstParts in
                    code.restParts.withUnsafeBufferPointer { restParts in
                        let machine = Machine(code: code, operations: operations, text: text, firstParts: firstParts,
                                              restParts: restParts)
                        machine.run(code.templates[number], Scope(), &context, into: &output)
                    }
                }
            }
        }
        return output
    }

    private static func box(_ view: some TemplateView) -> TemplateViewBox { ViewBox(view) }

    // MARK: Rendering

    /// Where in the templates a render is: set by partials and blocks for what they contain.
    private struct Scope {
        /// The indentation of the partial being rendered, if any.
        var indentation: String?
        var inherited: [String: Range<Int>]?
    }

    /// The context stack and what the render has learnt, one per render and never copied.
    private struct Context {
        var stack: [TemplateValue] = []
        /// For each frame of the stack, its view type's number in `lookups` (-1: not a view).
        var frameTypes: [Int] = []
        /// For each frame, its view, unretained: `stack` keeps it alive, and a lookup that asks
        /// it for a field need not count a reference to it.
        var frameViews: [Unmanaged<TemplateViewBox>?] = []
        var lookups: Lookups
        /// While a section over a shared view is rendered for the first time: the depth of the
        /// view's frame (-1: none), and whether the body read anything below it or anything that
        /// depends on where the section is (a partial, a block).
        var sharedFrame = -1
        var readOutside = false

        mutating func push(_ value: TemplateValue, rows: FieldRows) {
            stack.append(value)
            if case .view(let view) = value {
                frameTypes.append(lookups.number(of: view, rows: rows))
                frameViews.append(Unmanaged.passUnretained(view))
            } else {
                frameTypes.append(-1)
                frameViews.append(nil)
            }
        }

        mutating func pop() {
            stack.removeLast()
            frameTypes.removeLast()
            frameViews.removeLast()
        }
    }

    /// What one render has learnt. A page's view is the bottom of the stack for the whole render,
    /// so a name it answers (`layout.ui.next`, asked once per rule) is looked up, and its value
    /// boxed, once; so is the value of a parent many names share (`layout.ui` is boxed once per
    /// page, not once per interface string). The view types met (a page has a handful) are
    /// numbered, each with its row of field numbers per part.
    private struct Lookups {
        var root: [TemplateValue??]
        var heads: [TemplateValue??]
        private var types: [ObjectIdentifier] = []
        /// Per type number, a row of `partCount` field numbers.
        private var fields: [Int] = []
        let partCount: Int

        init(nameCount: Int, headCount: Int, partCount: Int) {
            root = Array(repeating: nil, count: nameCount)
            heads = Array(repeating: nil, count: headCount)
            self.partCount = partCount
        }

        mutating func number(of view: TemplateViewBox, rows: FieldRows) -> Int {
            let type = view.viewType
            let id = ObjectIdentifier(type)
            if let known = types.firstIndex(of: id) { return known }
            types.append(id)
            fields += rows.row(for: type)
            return types.count - 1
        }

        func field(_ type: Int, _ part: Int) -> Int {
            fields[type * partCount + part]
        }
    }

    /// Runs operations against a context, reading the program through buffers it does not own.
    private struct Machine {
        let code: Code
        let operations: UnsafeBufferPointer<Operation>
        let text: UnsafeBufferPointer<UInt8>
        let firstParts: UnsafeBufferPointer<Int>
        let restParts: UnsafeBufferPointer<Int>

        /// The index of the operation after `index` at the same level.
        private func next(after index: Int) -> Int {
            switch operations[index] {
            case .section(_, _, let end), .block(_, _, let end): end
            default: index + 1
            }
        }

        func run(_ range: Range<Int>, _ scope: Scope, _ context: inout Context, into output: inout [UInt8]) {
            guard let indentation = scope.indentation, !indentation.isEmpty else {
                var index = range.lowerBound
                while index < range.upperBound {
                    step(index, scope, &context, into: &output)
                    index = next(after: index)
                }
                return
            }
            // As swift-mustache: inside an indented partial, each non-empty piece that starts a line
            // of this template's output is indented. A line starts after a "\n" that is a character
            // of its own, not the end of a "\r\n".
            var local: [UInt8] = []
            var index = range.lowerBound
            while index < range.upperBound {
                var piece: [UInt8] = []
                step(index, scope, &context, into: &piece)
                if !piece.isEmpty, local.last == UInt8(ascii: "\n"), local.dropLast().last != UInt8(ascii: "\r") {
                    local += indentation.utf8
                }
                local += piece
                index = next(after: index)
            }
            output += local
        }

        private func step(_ index: Int, _ scope: Scope, _ context: inout Context, into output: inout [UInt8]) {
            switch operations[index] {
            case .text(let start, let count):
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<(start + count)]))
            case .variable(let name, let escaped):
                guard let value = lookup(name, in: &context) else { return }
                switch value {
                case .text(let text): TemplateProgram.append(text, escaped: escaped, to: &output)
                case .nothing: break
                default: TemplateProgram.append(TemplateProgram.describe(value), escaped: escaped, to: &output)
                }
            case .section(let name, let inverted, let end):
                let body = (index + 1)..<end
                let value = lookup(name, in: &context) ?? .nothing
                if inverted {
                    switch value {
                    case .list(let items) where items.count == 0: runPushing(value, body, scope, &context, into: &output)
                    case .flag(false), .nothing: run(body, scope, &context, into: &output)
                    default: break
                    }
                    return
                }
                switch value {
                case .list(let items):
                    for item in 0..<items.count {
                        runPushing(.view(items.item(at: item)), body, scope, &context, into: &output)
                    }
                case .flag(let flag):
                    if flag { run(body, scope, &context, into: &output) }
                case .nothing:
                    break
                case .view(let view) where view.isSharedByPages && context.sharedFrame < 0
                    && (scope.indentation ?? "").isEmpty:
                    runShared(view, index, body, scope, &context, into: &output)
                default:
                    runPushing(value, body, scope, &context, into: &output)
                }
            case .partial(let template, let indented, let overrides):
                guard template >= 0 else { return }
                if context.sharedFrame >= 0 { context.readOutside = true }
                var inner = scope
                if indented >= 0 { inner.indentation = (scope.indentation ?? "") + code.strings[indented] }
                if overrides >= 0 {
                    // Blocks the caller's caller overrides win over this partial's own overrides.
                    let own = code.overrides[overrides]
                    inner.inherited = scope.inherited.map { $0.merging(own) { outer, _ in outer } } ?? own
                }
                run(code.templates[template], inner, &context, into: &output)
            case .block(let name, let indented, let end):
                // A block with no name holds a partial's overriding body: never run in place.
                guard name >= 0 else { return }
                if context.sharedFrame >= 0 { context.readOutside = true }
                var inner = scope
                if indented >= 0 { inner.indentation = (scope.indentation ?? "") + code.strings[indented] }
                run(scope.inherited?[code.strings[name]] ?? (index + 1)..<end, inner, &context, into: &output)
            }
        }

        private func runPushing(_ value: TemplateValue, _ body: Range<Int>, _ scope: Scope, _ context: inout Context,
                                into output: inout [UInt8]) {
            context.push(value, rows: code.fieldRows)
            run(body, scope, &context, into: &output)
            context.pop()
        }

        /// A section over a view many pages share: rendered by the first page, then its bytes are
        /// copied, unless it read something besides the view (then rendered on every page).
        private func runShared(_ view: TemplateViewBox, _ index: Int, _ body: Range<Int>, _ scope: Scope,
                               _ context: inout Context, into output: inout [UInt8]) {
            let key = SharedSections.Key(operation: index, view: ObjectIdentifier(view))
            switch code.sharedSections[key] {
            case .rendered(let bytes):
                output += bytes
                return
            case .readsOutside:
                runPushing(.view(view), body, scope, &context, into: &output)
                return
            case nil:
                break
            }
            context.sharedFrame = context.stack.count
            context.readOutside = false
            var bytes: [UInt8] = []
            runPushing(.view(view), body, scope, &context, into: &bytes)
            code.sharedSections.store(context.readOutside ? .readsOutside : .rendered(bytes), for: key, view: view)
            context.sharedFrame = -1
            output += bytes
        }

        private func lookup(_ id: Int, in context: inout Context) -> TemplateValue? {
            let first = firstParts[id]
            guard first >= 0 else { return context.stack.last }
            if code.anchored[id] {
                let top = context.stack.count - 1
                guard case .view(let view) = context.stack[top] else { return nil }
                return resolve(id, from: child(first, of: view, type: context.frameTypes[top], &context), &context)
            }
            for depth in context.stack.indices.reversed() {
                if depth < context.sharedFrame { context.readOutside = true }
                let type = context.frameTypes[depth]
                if type < 0 || context.lookups.field(type, first) == TemplateProgram.missing { continue }
                guard let view = context.frameViews[depth] else { continue }
                if depth == 0 { return rootLookup(id, first: first, view: view, type: type, &context) }
                guard let found = view._withUnsafeGuaranteedRef({ child(first, of: $0, type: type, &context) })
                else { continue }
                return resolve(id, from: found, &context)
            }
            return nil
        }

        /// A name the page's own view answers: remembered for the render, and so is its parent's
        /// value (`layout.ui`, shared by two dozen names, is looked up once per page).
        private func rootLookup(_ id: Int, first: Int, view: Unmanaged<TemplateViewBox>, type: Int,
                                _ context: inout Context) -> TemplateValue? {
            if let known = context.lookups.root[id] { return known }
            let rest = code.rest[id]
            let head = code.nameHeads[id]
            let parent: TemplateValue?
            if let known = context.lookups.heads[head] {
                parent = known
            } else {
                // The first part, then every part but the last.
                let firstValue = view._withUnsafeGuaranteedRef { child(first, of: $0, type: type, &context) }
                parent = walk(rest.dropLast(), from: firstValue, &context)
                context.lookups.heads[head] = .some(parent)
            }
            let value = walk(rest.suffix(1), from: parent, &context)
            context.lookups.root[id] = .some(value)
            return value
        }

        /// The rest of a dotted name, from the value its first part stands for.
        private func resolve(_ id: Int, from first: TemplateValue?, _ context: inout Context) -> TemplateValue? {
            walk(code.rest[id], from: first, &context)
        }

        /// The value reached from `start` through the parts at `parts` of `restParts`, each asked
        /// of the view the previous one gave; nil when one is missing or not a view.
        private func walk(_ parts: Range<Int>, from start: TemplateValue?, _ context: inout Context) -> TemplateValue? {
            var value = start
            for index in parts {
                guard case .view(let view)? = value else { return nil }
                value = child(restParts[index], of: view, type: context.lookups.number(of: view, rows: code.fieldRows),
                              &context)
            }
            return value
        }

        /// What `view`, of type number `type`, answers for part `part`.
        private func child(_ part: Int, of view: TemplateViewBox, type: Int, _ context: inout Context) -> TemplateValue? {
            let field = context.lookups.field(type, part)
            let found: TemplateValue?
            switch field {
            case TemplateProgram.missing: found = nil
            case TemplateProgram.byName: found = view.value(named: code.parts[part])
            default: found = view.templateValue(field: field)
            }
            assert(found != nil || !Mirror(reflecting: view.view).children.contains { $0.label == code.parts[part] },
                   "\(view.viewType).templateFields lacks '\(code.parts[part])'")
            return found
        }
    }

    /// What swift-mustache prints for a value that is not text.
    private static func describe(_ value: TemplateValue) -> String {
        switch value {
        case .text(let text): text
        case .flag(let flag): String(flag)
        case .number(let number): String(number)
        case .view(let box): String(describing: box.view)
        case .list(let box): box.itemsDescription
        case .nothing: ""
        }
    }

    /// Appends a value, with swift-mustache's HTML escaping (`& < > " '`; NUL is kept) when
    /// `escaped`, copying the runs between replacements whole.
    static func append(_ value: String, escaped: Bool, to output: inout [UInt8]) {
        guard escaped else {
            output.append(contentsOf: value.utf8)
            return
        }
        var value = value
        value.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                run = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }
}

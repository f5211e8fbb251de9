/// A Mustache template's text read into `TemplateProgram.Node`s.
///
/// The semantics are swift-mustache 2.x's, which the differential tests check: its standalone
/// lines (a line holding only a section, inverted section, close, partial, parent, block or
/// comment tag and blanks is left out of the output; a standalone partial keeps its line's
/// indentation as `indentation`), and its quirks where the Mustache specification leaves room
/// (the whitespace before a comment that is not alone on its line moves to the text after it;
/// a block's lines lose the indentation of the block's first line inside a parent). The text is
/// read as characters, as swift-mustache reads it, so that lines and columns in errors agree.
/// Transforms (`{{f(name)}}`), dynamic partials (`{{>*name}}`), delimiter changes and content
/// types are not part of this dialect: they are syntax errors.
public struct ParsedTemplate: Sendable {
    let nodes: [TemplateProgram.Node]

    public init(_ text: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(text)
        do {
            nodes = try parser.parseBody(TemplateParser.State())
        } catch let problem {
            throw parser.error(problem)
        }
    }
}

/// A template the parser cannot read, and where: line and column count characters from 1, as
/// swift-mustache's errors do.
public struct TemplateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public var description: String { "\(line):\(column): \(message)" }
}

struct TemplateParser {
    enum Problem: Error {
        case unclosedSection(String)
        case closeMismatch(found: String, expected: String?)
        case unfinishedTag
        case unexpectedEnd
        case unsupported(String)
        case notABlock

        var message: String {
            switch self {
            case .unclosedSection(let name): "section '\(name)' is not closed"
            case .closeMismatch(let found, let expected?): "'{{/\(found)}}' closes '\(expected)'"
            case .closeMismatch(let found, nil): "'{{/\(found)}}' closes no section"
            case .unfinishedTag: "a tag is not finished with '}}'"
            case .unexpectedEnd: "the template ends inside a tag"
            case .unsupported(let what): "\(what) are not supported"
            case .notABlock: "a parent tag ('{{<…}}') may hold only blocks ('{{$…}}'), comments and blanks"
            }
        }
    }

    /// What a level of the parse knows about where it is.
    struct State {
        /// The name the level's closing tag must have (nil: the template's top level).
        var sectionName: String?
        /// Whether the parse is at the start of a line (so that a tag may be standalone).
        var newLine = true
        /// Inside a parent tag's body (its blocks, and what they hold)...
        var inParent = false
        /// ...and directly in that body, where `{{$name}}` defines a block instead of using one.
        var parentTopLevel = false
        /// Inside a parent's blocks: the blanks that start the first line, which every line loses.
        var blockIndentation: [Character]?

        func section(_ name: String, standalone: Bool) -> State {
            var state = self
            state.sectionName = name
            state.parentTopLevel = false
            if !standalone { state.newLine = false }
            return state
        }

        func parent(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.newLine = true
            state.inParent = true
            state.parentTopLevel = true
            return state
        }
    }

    /// What a level read: its nodes, and the block definitions of a parent tag's body.
    private struct Level {
        var nodes: [TemplateProgram.Node] = []
        var blocks: [String: [TemplateProgram.Node]] = [:]
        /// Something besides text and blocks, in a parent tag's body.
        var other = false
    }

    private let characters: [Character]
    private var position = 0

    init(_ text: String) {
        characters = Array(text)
    }

    // MARK: Reading characters

    private var atEnd: Bool { position == characters.count }

    /// The current character; NUL at the end, as swift-mustache's reader answers.
    private var current: Character { atEnd ? "\0" : characters[position] }

    private static let blanks: Set<Character> = [" ", "\t"]
    private static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let nameCharactersWithParentheses = nameCharacters.union("()")
    private static let partialNameCharacters = nameCharactersWithParentheses.union("/")

    @discardableResult
    private mutating func skip(while belongs: (Character) -> Bool) -> ArraySlice<Character> {
        let start = position
        while !atEnd, belongs(characters[position]) { position += 1 }
        return characters[start..<position]
    }

    /// Whether `text` comes next (then it is read). Fewer characters left than `text` has is an
    /// error, as in swift-mustache.
    private mutating func read(_ text: String) throws(Problem) -> Bool {
        let count = text.count
        guard characters.count - position >= count else { throw .unexpectedEnd }
        guard characters[position..<(position + count)].elementsEqual(text) else { return false }
        position += count
        return true
    }

    /// Text up to the next `{{` (read too) or line break (not read).
    private mutating func readText() throws(Problem) -> [Character] {
        var text: [Character] = []
        while !atEnd {
            let character = characters[position]
            if character == "\n" || character == "\r\n" { break }
            if character == "{" {
                if try read("{{") { break }
            }
            text.append(character)
            position += 1
        }
        return text
    }

    /// A tag's name, and the closing `}}`.
    private mutating func readName() throws(Problem) -> String {
        skip(while: \.isWhitespace)
        let name = String(skip(while: Self.nameCharactersWithParentheses.contains))
        skip(while: \.isWhitespace)
        guard try read("}}") else { throw .unfinishedTag }
        guard name.allSatisfy(Self.nameCharacters.contains) else { throw .unsupported("transforms ('{{f(name)}}')") }
        return name
    }

    private mutating func readPartialName() throws(Problem) -> String {
        skip(while: \.isWhitespace)
        let name = String(skip(while: Self.partialNameCharacters.contains))
        skip(while: \.isWhitespace)
        guard try read("}}") else { throw .unfinishedTag }
        return name
    }

    /// Whether the rest of the line is blank: then it is read, with its line break.
    private mutating func lineFinished() -> Bool {
        if atEnd { return true }
        let start = position
        skip(while: Self.blanks.contains)
        if current.isNewline {
            position += 1
            return true
        }
        position = start
        return false
    }

    private mutating func standalone(_ state: State) -> Bool {
        state.newLine && lineFinished()
    }

    // MARK: Parsing

    mutating func parseBody(_ state: State) throws(Problem) -> [TemplateProgram.Node] {
        try parseLevel(state).nodes
    }

    /// Reads up to the end of the text (top level) or to the tag closing `state.sectionName`.
    private mutating func parseLevel(_ state: State) throws(Problem) -> Level {
        var state = state
        var level = Level()
        // Blanks read at the start of a line, not yet output: they go before the next text or
        // tag that is not standalone.
        var blanksBefore: [Character] = []
        func flushBlanks() {
            if !blanksBefore.isEmpty {
                level.nodes.append(.text(String(blanksBefore)))
                blanksBefore = []
            }
        }
        while !atEnd {
            if state.newLine {
                let blanks = Array(skip(while: Self.blanks.contains))
                if state.inParent, !state.parentTopLevel {
                    if let indentation = state.blockIndentation {
                        blanksBefore = Array(blanks.dropFirst(indentation.count))
                    } else {
                        state.blockIndentation = blanks
                    }
                } else {
                    blanksBefore = blanks
                }
            }
            let text = try readText()
            if current.isNewline {
                level.nodes.append(.text(String(blanksBefore + text + [current])))
                state.newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                level.nodes.append(.text(String(blanksBefore + text)))
                blanksBefore = []
                state.newLine = false
            }
            if atEnd { break }
            var standaloneTag = false
            let kind = current
            switch kind {
            case "#", "^":
                position += 1
                let name = try readName()
                if standalone(state) { standaloneTag = true } else { flushBlanks() }
                let body = try parseBody(state.section(name, standalone: standaloneTag))
                level.nodes.append(.section(name, body, inverted: kind == "^"))
                level.other = true
            case "/":
                position += 1
                let start = position
                let name = try readName()
                guard name == state.sectionName else {
                    position = start
                    throw .closeMismatch(found: name, expected: state.sectionName)
                }
                if !standalone(state) { flushBlanks() }
                return level
            case "!":
                position += 1
                try skipComment()
                standaloneTag = standalone(state)
            case "{", "&":
                flushBlanks()
                position += 1
                let name = try readName()
                if kind == "{" {
                    guard !atEnd else { throw .unexpectedEnd }
                    guard current == "}" else { throw .unfinishedTag }
                    position += 1
                }
                level.nodes.append(.variable(name, escaped: false))
                level.other = true
            case ">":
                position += 1
                skip(while: \.isWhitespace)
                if current == "*" { throw .unsupported("dynamic partials ('{{>*name}}')") }
                let name = try readPartialName()
                if !blanksBefore.isEmpty { level.nodes.append(.text(String(blanksBefore))) }
                standaloneTag = standalone(state)
                level.nodes.append(.partial(name, indentation: standaloneTag ? String(blanksBefore) : nil, overrides: nil))
                blanksBefore = []
                level.other = true
            case "<":
                position += 1
                skip(while: \.isWhitespace)
                let name = try readPartialName()
                if name.hasPrefix("*") { throw .unsupported("dynamic parents ('{{<*name}}')") }
                if !blanksBefore.isEmpty { level.nodes.append(.text(String(blanksBefore))) }
                standaloneTag = standalone(state)
                let body = try parseLevel(state.parent(name))
                guard !body.other else { throw .notABlock }
                level.nodes.append(.partial(name, indentation: String(blanksBefore), overrides: body.blocks))
                blanksBefore = []
                level.other = true
            case "$":
                position += 1
                let name = try readName()
                if state.parentTopLevel {
                    standaloneTag = standalone(state)
                    level.blocks[name] = try parseBody(state.section(name, standalone: standaloneTag))
                } else {
                    if !blanksBefore.isEmpty { level.nodes.append(.text(String(blanksBefore))) }
                    standaloneTag = standalone(state)
                    let body = try parseBody(state.section(name, standalone: standaloneTag))
                    level.nodes.append(.block(name, defaultNodes: body, indentation: String(blanksBefore)))
                    blanksBefore = []
                    level.other = true
                }
            case "=":
                throw .unsupported("delimiter changes ('{{=<% %>=}}')")
            case "%":
                throw .unsupported("configuration tags ('{{%CONTENT_TYPE:…}}')")
            default:
                flushBlanks()
                let name = try readName()
                level.nodes.append(.variable(name, escaped: true))
                level.other = true
            }
            state.newLine = standaloneTag
        }
        if let name = state.sectionName { throw .unclosedSection(name) }
        return level
    }

    /// Reads a comment's text and its closing `}}`.
    private mutating func skipComment() throws(Problem) {
        let start = position
        while position + 1 < characters.count {
            if characters[position] == "}", characters[position + 1] == "}" {
                position += 2
                return
            }
            position += 1
        }
        position = start
        throw .unexpectedEnd
    }

    // MARK: Errors

    /// The error for `problem` at the current position.
    func error(_ problem: Problem) -> TemplateSyntaxError {
        // As swift-mustache counts: lines end at every line break, a column starts after "\n".
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, characters.count) where characters[index].isNewline {
            line += 1
            if characters[index] == "\n" { lineStart = index + 1 }
        }
        return TemplateSyntaxError(message: problem.message, line: line, column: position - lineStart + 1)
    }
}

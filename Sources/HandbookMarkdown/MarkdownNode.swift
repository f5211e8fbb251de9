/// A position in a source file, 1-based, the column counted in characters. Held in 32 bits
/// each: every inline carries one, and a smaller inline is a smaller array of them to walk.
public struct TextPosition: Sendable, Hashable {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }
}

/// A block of a Markdown document, copied out of cmark-gfm's tree into Swift values.
public enum MarkdownBlock: Sendable, Equatable {
    case paragraph([MarkdownInline], at: TextPosition)
    case heading(level: Int, [MarkdownInline], at: TextPosition)
    case blockQuote([MarkdownBlock], at: TextPosition)
    case list(MarkdownList, at: TextPosition)
    case codeBlock(info: String, code: String, at: TextPosition)
    /// Raw HTML: never rendered as markup.
    case html(String, at: TextPosition)
    case thematicBreak(at: TextPosition)
    case table(MarkdownTable, at: TextPosition)

    public var position: TextPosition {
        switch self {
        case .paragraph(_, let at), .heading(_, _, let at), .blockQuote(_, let at),
             .list(_, let at), .codeBlock(_, _, let at), .html(_, let at),
             .thematicBreak(let at), .table(_, let at):
            at
        }
    }
}

public struct MarkdownList: Sendable, Equatable {
    public var isOrdered: Bool
    public var start: Int
    public var isTight: Bool
    public var items: [Item]

    public struct Item: Sendable, Equatable {
        public var blocks: [MarkdownBlock]
        /// nil for an ordinary item, true or false for a task-list item.
        public var isChecked: Bool?
    }
}

public struct MarkdownTable: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case none, left, center, right }
    public var alignments: [Alignment]
    public var header: [[MarkdownInline]]
    public var rows: [[[MarkdownInline]]]
}

/// An inline element. `wikiLink` is the handbook's `[[target|text]]` syntax, found in text by
/// `WikiLinkScanner`; everything else comes from cmark-gfm. The cases with two strings or more
/// are boxed (`indirect`): an inline is then the size of a text run, and copying a link counts
/// one reference instead of one per string.
public enum MarkdownInline: Sendable, Equatable {
    case text(String, at: TextPosition?)
    case code(String)
    case softBreak
    case lineBreak
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case strikethrough([MarkdownInline])
    indirect case link(destination: String, title: String, [MarkdownInline], at: TextPosition?)
    indirect case image(source: String, title: String, alt: [MarkdownInline], at: TextPosition?)
    /// Raw inline HTML: never rendered as markup.
    case html(String, at: TextPosition?)
    indirect case wikiLink(target: String, text: String?, at: TextPosition?)
}

extension MarkdownInline {
    /// The text a reader sees, without markup.
    public var plainText: String {
        switch self {
        case .text(let s, _), .code(let s), .html(let s, _): s
        case .softBreak, .lineBreak: " "
        case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c, _),
             .image(_, _, let c, _):
            c.plainText
        case .wikiLink(let target, let text, _): text ?? target
        }
    }
}

extension Collection where Element == MarkdownInline {
    public var plainText: String {
        // Most titles are a single run of text: that string as it is.
        if count == 1 { return self[startIndex].plainText }
        var text = ""
        for inline in self { text += inline.plainText }
        return text
    }
}

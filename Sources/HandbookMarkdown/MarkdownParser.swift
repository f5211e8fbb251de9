import CCmark
import Foundation
import TextBytes

/// Parses Markdown with cmark-gfm and copies the result into `MarkdownBlock` values.
///
/// This is the only file that talks to the C library. Positions are converted here, once, from
/// cmark's byte columns to character columns, and shifted by `firstLine` so that they count the
/// front matter that precedes the body.
public struct MarkdownParser: Sendable {
    /// Whether `[[…]]` cross-links in text become `.wikiLink` inlines (`WikiLinkScanner`) as the
    /// text is converted, instead of in a second pass over the tree.
    var scansWikiLinks = false

    public init() {}

    package init(scansWikiLinks: Bool) {
        self.scansWikiLinks = scansWikiLinks
    }

    /// The deepest nesting of blocks (quotes, lists) or inlines (emphasis, links) kept as
    /// structure; anything deeper becomes plain text. Real writing never comes near it, and it
    /// keeps the recursive model and renderers far from the stack's end.
    public static let maximumDepth = 32

    public func parse(_ source: String, firstLine: Int = 1) -> [MarkdownBlock] {
        parseReportingFlattened(source, firstLine: firstLine).blocks
    }

    /// The blocks, and where nesting deeper than `maximumDepth` was flattened to text.
    public func parseReportingFlattened(_ source: String, firstLine: Int = 1) -> (blocks: [MarkdownBlock], flattened: [TextPosition]) {
        Self.registerExtensions
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
        guard let parser = cmark_parser_new(options) else { return ([], []) }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist", "tagfilter"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        var bytes = Array(source.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else { return ([], []) }
        defer { cmark_node_free(document) }
        let converter = Converter(lines: LineIndex(bytes: bytes), firstLine: firstLine, scansWikiLinks: scansWikiLinks)
        let blocks = converter.blocks(under: document, depth: 0)
        return (blocks, converter.flattened.positions)
    }

    /// cmark-gfm keeps its extension registry in a global; register it once, thread-safely.
    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()
}

/// Converts cmark byte columns to character columns.
struct LineIndex {
    let bytes: [UInt8]
    let starts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        self.starts = starts
    }

    /// The 1-based character column of the 1-based byte column `byteColumn` on 1-based `line`.
    func characterColumn(line: Int, byteColumn: Int) -> Int {
        guard line >= 1, line <= starts.count, byteColumn >= 1 else { return max(byteColumn, 1) }
        let start = starts[line - 1]
        let end = min(start + byteColumn - 1, bytes.count)
        var characters = 0
        var offset = start
        while offset < end {
            if bytes[offset] & 0xC0 != 0x80 { characters += 1 }
            offset += 1
        }
        return characters + 1
    }
}

/// Where deep nesting was cut, collected while converting.
private final class FlattenLog {
    var positions: [TextPosition] = []
}

private struct Converter {
    let lines: LineIndex
    let firstLine: Int
    let scansWikiLinks: Bool
    let flattened = FlattenLog()

    /// All text under `node`, walked with cmark's iterator (no recursion), as one string.
    func flatText(_ node: OpaquePointer) -> String {
        var parts: [String] = []
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
                  let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                parts.append(literal(current))
            default:
                break
            }
        }
        return parts.joined(separator: " ")
    }

    func position(of node: OpaquePointer) -> TextPosition {
        let line = Int(cmark_node_get_start_line(node))
        let column = lines.characterColumn(line: line, byteColumn: Int(cmark_node_get_start_column(node)))
        return TextPosition(line: line + firstLine - 1, column: column)
    }

    /// Inline nodes carry positions only where cmark recorded them.
    func inlinePosition(of node: OpaquePointer) -> TextPosition? {
        cmark_node_get_start_line(node) > 0 ? position(of: node) : nil
    }

    /// A node's children, walked in place (no array per node).
    struct Children: Sequence, IteratorProtocol {
        var upcoming: OpaquePointer?

        mutating func next() -> OpaquePointer? {
            guard let current = upcoming else { return nil }
            upcoming = cmark_node_next(current)
            return current
        }
    }

    func children(of node: OpaquePointer) -> Children {
        Children(upcoming: cmark_node_first_child(node))
    }

    func typeName(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    func blocks(under node: OpaquePointer, depth: Int) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        for child in children(of: node) {
            if let block = block(child, depth: depth + 1) { result.append(block) }
        }
        return result
    }

    func block(_ node: OpaquePointer, depth: Int) -> MarkdownBlock? {
        let at = position(of: node)
        if depth > MarkdownParser.maximumDepth {
            flattened.positions.append(at)
            return .paragraph([.text(flatText(node), at: at)], at: at)
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(inlines(under: node, depth: depth), at: at)
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(under: node, depth: depth), at: at)
        case CMARK_NODE_BLOCK_QUOTE:
            return .blockQuote(blocks(under: node, depth: depth), at: at)
        case CMARK_NODE_LIST:
            let items = children(of: node).map { item in
                MarkdownList.Item(
                    blocks: blocks(under: item, depth: depth + 1),
                    isChecked: typeName(item) == "tasklist"
                        ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil)
            }
            let list = MarkdownList(
                isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                isTight: cmark_node_get_list_tight(node) != 0,
                items: items)
            return .list(list, at: at)
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            return .codeBlock(info: info, code: literal(node), at: at)
        case CMARK_NODE_HTML_BLOCK:
            return .html(literal(node), at: at)
        case CMARK_NODE_THEMATIC_BREAK:
            return .thematicBreak(at: at)
        default:
            if typeName(node) == "table" { return .table(table(node, depth: depth), at: at) }
            // Unknown extension blocks keep their text rather than vanish.
            let text = inlines(under: node, depth: depth)
            return text.isEmpty ? nil : .paragraph(text, at: at)
        }
    }

    func table(_ node: OpaquePointer, depth: Int) -> MarkdownTable {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [MarkdownTable.Alignment] = []
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for index in 0..<columns {
                switch UInt8(raw[index]) {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.none)
                }
            }
        }
        var header: [[MarkdownInline]] = []
        var rows: [[[MarkdownInline]]] = []
        for row in children(of: node) {
            let cells = children(of: row).map { inlines(under: $0, depth: depth) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
        }
        return MarkdownTable(alignments: alignments, header: header, rows: rows)
    }

    func inlines(under node: OpaquePointer, depth: Int) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        // cmark splits text at every special character; neighbours are joined so that
        // `[[controls/buttons]]` and `{#anchor}` arrive as one run of text. The run is collected
        // in one buffer and made a string once, at its end.
        var run = ""
        var runStart: TextPosition?
        var inRun = false
        func endRun() {
            if inRun {
                if scansWikiLinks, run.contains(ascii: "[[") {
                    result += WikiLinkScanner.split(run, at: runStart)
                } else {
                    result.append(.text(run, at: runStart))
                }
            }
            run = ""
            inRun = false
        }
        for child in children(of: node) {
            if depth <= MarkdownParser.maximumDepth, cmark_node_get_type(child) == CMARK_NODE_TEXT {
                // Text joins the run; only a run's first piece needs its position worked out.
                if !inRun {
                    inRun = true
                    runStart = inlinePosition(of: child)
                }
                run += literal(child)
                continue
            }
            let next: MarkdownInline?
            if depth > MarkdownParser.maximumDepth {
                if let at = inlinePosition(of: child) { flattened.positions.append(at) }
                next = .text(flatText(child), at: inlinePosition(of: child))
            } else {
                next = inline(child, depth: depth + 1)
            }
            guard let next else { continue }
            if case .text(let added, let at) = next {
                if !inRun {
                    inRun = true
                    runStart = at
                }
                run += added
            } else {
                endRun()
                result.append(next)
            }
        }
        endRun()
        return result
    }

    func inline(_ node: OpaquePointer, depth: Int) -> MarkdownInline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            return .text(literal(node), at: inlinePosition(of: node))
        case CMARK_NODE_CODE:
            return .code(literal(node))
        case CMARK_NODE_SOFTBREAK:
            return .softBreak
        case CMARK_NODE_LINEBREAK:
            return .lineBreak
        case CMARK_NODE_EMPH:
            return .emphasis(inlines(under: node, depth: depth))
        case CMARK_NODE_STRONG:
            return .strong(inlines(under: node, depth: depth))
        case CMARK_NODE_LINK:
            return .link(destination: String(cString: cmark_node_get_url(node)),
                         title: String(cString: cmark_node_get_title(node)),
                         inlines(under: node, depth: depth), at: inlinePosition(of: node))
        case CMARK_NODE_IMAGE:
            return .image(source: String(cString: cmark_node_get_url(node)),
                          title: String(cString: cmark_node_get_title(node)),
                          alt: inlines(under: node, depth: depth), at: inlinePosition(of: node))
        case CMARK_NODE_HTML_INLINE:
            return .html(literal(node), at: inlinePosition(of: node))
        default:
            if typeName(node) == "strikethrough" { return .strikethrough(inlines(under: node, depth: depth)) }
            let content = inlines(under: node, depth: depth)
            return content.isEmpty ? nil : .emphasis(content)
        }
    }
}

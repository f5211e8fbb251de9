/// Small helpers to walk the blocks and inlines of Markdown.
extension MarkdownBlock {
    /// Calls `visit` for every inline in the block: in each list of inlines, the children of its
    /// containers first, then the list itself.
    public func forEachInline(_ visit: (MarkdownInline) -> Void) {
        func walk(_ inlines: [MarkdownInline]) {
            for inline in inlines {
                switch inline {
                case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c, _), .image(_, _, let c, _):
                    walk(c)
                default:
                    break
                }
            }
            for inline in inlines { visit(inline) }
        }
        switch self {
        case .paragraph(let inlines, _), .heading(_, let inlines, _):
            walk(inlines)
        case .blockQuote(let blocks, _):
            for block in blocks { block.forEachInline(visit) }
        case .list(let list, _):
            for item in list.items { for block in item.blocks { block.forEachInline(visit) } }
        case .table(let table, _):
            for cell in table.header { walk(cell) }
            for row in table.rows { for cell in row { walk(cell) } }
        case .codeBlock, .html, .thematicBreak:
            break
        }
    }

    /// Calls `visit` for this block and every block nested in it.
    public func forEachBlock(_ visit: (MarkdownBlock) -> Void) {
        visit(self)
        switch self {
        case .blockQuote(let blocks, _):
            blocks.forEach { $0.forEachBlock(visit) }
        case .list(let list, _):
            list.items.forEach { $0.blocks.forEach { $0.forEachBlock(visit) } }
        default:
            break
        }
    }
}

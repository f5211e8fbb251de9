/// Small helpers to walk and rewrite the inline content of Markdown blocks.
extension MarkdownBlock {
    /// The block with every run of inlines (in paragraphs, headings, table cells, nested blocks)
    /// passed through `transform`.
    public func mapInlines(_ transform: ([MarkdownInline]) -> [MarkdownInline]) -> MarkdownBlock {
        switch self {
        case .paragraph(let inlines, let at):
            return .paragraph(MarkdownInline.map(inlines, transform), at: at)
        case .heading(let level, let inlines, let at):
            return .heading(level: level, MarkdownInline.map(inlines, transform), at: at)
        case .blockQuote(let blocks, let at):
            return .blockQuote(blocks.map { $0.mapInlines(transform) }, at: at)
        case .list(var list, let at):
            list.items = list.items.map { item in
                var item = item
                item.blocks = item.blocks.map { $0.mapInlines(transform) }
                return item
            }
            return .list(list, at: at)
        case .table(var table, let at):
            table.header = table.header.map { MarkdownInline.map($0, transform) }
            table.rows = table.rows.map { row in row.map { MarkdownInline.map($0, transform) } }
            return .table(table, at: at)
        case .codeBlock, .html, .thematicBreak:
            return self
        }
    }

    /// Calls `visit` for every inline in the block, depth first.
    /// The order is `mapInlines`'s: in each list of inlines, the children of its containers
    /// first, then the list itself. Nothing is rebuilt.
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

extension MarkdownInline {
    /// `transform` applied to the children of the containers in `inlines`, then to `inlines`.
    static func map(_ inlines: [MarkdownInline], _ transform: ([MarkdownInline]) -> [MarkdownInline]) -> [MarkdownInline] {
        let hasContainers = inlines.contains {
            switch $0 {
            case .emphasis, .strong, .strikethrough, .link, .image: true
            default: false
            }
        }
        return transform(hasContainers ? inlines.map { $0.mapChildren(transform) } : inlines)
    }

    /// Rewrites the children of container inlines (emphasis, links…), not the inline itself.
    func mapChildren(_ transform: ([MarkdownInline]) -> [MarkdownInline]) -> MarkdownInline {
        func children(_ c: [MarkdownInline]) -> [MarkdownInline] { MarkdownInline.map(c, transform) }
        switch self {
        case .emphasis(let c): return .emphasis(children(c))
        case .strong(let c): return .strong(children(c))
        case .strikethrough(let c): return .strikethrough(children(c))
        case .link(let d, let t, let c, let at): return .link(destination: d, title: t, children(c), at: at)
        case .image(let s, let t, let c, let at): return .image(source: s, title: t, alt: children(c), at: at)
        default: return self
        }
    }
}

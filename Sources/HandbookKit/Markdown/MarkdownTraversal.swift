/// Small helpers to walk and rewrite the inline content of Markdown blocks.
extension MarkdownBlock {
    /// The block with every run of inlines (in paragraphs, headings, table cells, nested blocks)
    /// passed through `transform`.
    public func mapInlines(_ transform: ([MarkdownInline]) -> [MarkdownInline]) -> MarkdownBlock {
        switch self {
        case .paragraph(let inlines, let at):
            return .paragraph(transform(inlines.map { $0.mapChildren(transform) }), at: at)
        case .heading(let level, let inlines, let at):
            return .heading(level: level, transform(inlines.map { $0.mapChildren(transform) }), at: at)
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
            table.header = table.header.map { transform($0.map { $0.mapChildren(transform) }) }
            table.rows = table.rows.map { row in row.map { transform($0.map { $0.mapChildren(transform) }) } }
            return .table(table, at: at)
        case .codeBlock, .html, .thematicBreak:
            return self
        }
    }

    /// Calls `visit` for every inline in the block, depth first.
    public func forEachInline(_ visit: (MarkdownInline) -> Void) {
        _ = mapInlines { inlines in
            for inline in inlines { inline.forEach(visit) }
            return inlines
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
    /// Rewrites the children of container inlines (emphasis, links…), not the inline itself.
    func mapChildren(_ transform: ([MarkdownInline]) -> [MarkdownInline]) -> MarkdownInline {
        func children(_ c: [MarkdownInline]) -> [MarkdownInline] { transform(c.map { $0.mapChildren(transform) }) }
        switch self {
        case .emphasis(let c): return .emphasis(children(c))
        case .strong(let c): return .strong(children(c))
        case .strikethrough(let c): return .strikethrough(children(c))
        case .link(let d, let t, let c, let at): return .link(destination: d, title: t, children(c), at: at)
        case .image(let s, let t, let c, let at): return .image(source: s, title: t, alt: children(c), at: at)
        default: return self
        }
    }

    /// This inline and its descendants, depth first. (Children of containers are visited by
    /// `forEachInline` through `mapInlines`, so only the inline itself is visited here.)
    func forEach(_ visit: (MarkdownInline) -> Void) {
        visit(self)
    }
}

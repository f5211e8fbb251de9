import Foundation
import HandbookMarkdown

/// Renders Markdown values to HTML. Raw HTML is shown as text, never as markup; link targets
/// come from the caller, which resolves them against the handbook.
struct HTMLRenderer {
    struct ResolvedLink {
        var href: String
        var defaultText: String
        var isExternal: Bool
        /// A glossary term's definition, for the card its link shows (`data-note`).
        var note: String? = nil
    }

    /// Resolves `[[…]]` targets (`isWiki`) and Markdown destinations; nil leaves the text unlinked.
    var resolve: (_ target: String, _ isWiki: Bool) -> ResolvedLink?
    /// The heading level that `##` becomes (chapters start sections at h2).
    var headingOffset = 0
    /// The label shown on a note, tip or warning, in the page's language.
    var calloutLabel: (Callout.Kind) -> String = { $0.rawValue.capitalized }
    /// A figure's published files, by the image's source, relative to the page; nil shows the alt text.
    var figure: (String) -> FigureImage? = { _ in nil }
    /// Figures below the first screen load when they are scrolled to.
    var lazyFigures = true

    struct FigureImage {
        var src: String
        var width: Int
        var height: Int
        var darkSrc: String?
    }

    /// `<img>` with its size (so nothing shifts as it loads), or `<picture>` with a dark variant;
    /// never inlined, so nothing in an SVG can run. An unknown figure shows its alt text.
    private func renderImage(source: String, alt: String, into html: inout String) {
        guard let image = figure(source) else { return HTML.append(escaping: alt, to: &html) }
        if let dark = image.darkSrc {
            html += "<picture><source srcset=\""
            HTML.append(escaping: dark, to: &html)
            html += "\" media=\"(prefers-color-scheme: dark)\">"
        }
        html += "<img src=\""
        HTML.append(escaping: image.src, to: &html)
        html += "\" alt=\""
        HTML.append(escaping: alt, to: &html)
        html += "\" width=\"\(image.width)\" height=\"\(image.height)\"\(lazyFigures ? " loading=\"lazy\"" : "") decoding=\"async\">"
        if image.darkSrc != nil { html += "</picture>" }
    }

    func render(_ blocks: [MarkdownBlock]) -> String {
        var html = ""
        for index in blocks.indices { render(blocks[index], into: &html) }
        return html
    }

    func render(_ block: MarkdownBlock, into html: inout String) {
        switch block {
        case .paragraph(let inlines, _):
            // A paragraph of figures alone is shown as figures with their captions (two side by
            // side: a do and a don't).
            let images = inlines.filter { if case .image = $0 { true } else { false } }
            let onlyImages = !images.isEmpty && inlines.allSatisfy {
                switch $0 {
                case .image, .softBreak, .lineBreak: true
                case .text(let text, _): text.allSatisfy(\.isWhitespace)
                default: false
                }
            }
            if onlyImages, images.allSatisfy({ if case .image(let source, _, _, _) = $0 { figure(source) != nil } else { false } }) {
                html += images.count > 1 ? "<div class=\"figure-row\">\n" : ""
                for case .image(let source, let title, let alt, _) in images {
                    html += "<figure class=\"figure\">"
                    renderImage(source: source, alt: alt.plainText, into: &html)
                    if !title.isEmpty {
                        html += "<figcaption>"
                        HTML.append(escaping: title, to: &html)
                        html += "</figcaption>"
                    }
                    html += "</figure>\n"
                }
                html += images.count > 1 ? "</div>\n" : ""
                return
            }
            html += "<p>"
            render(inlines, into: &html)
            html += "</p>\n"
        case .heading(let level, let inlines, _):
            let tag = "h\(min(6, level + headingOffset))"
            html += "<\(tag)>"
            render(inlines, into: &html)
            html += "</\(tag)>\n"
        case .blockQuote(let blocks, _):
            if let (kind, content) = Callout.parse(blocks) {
                html += "<aside class=\"callout \(kind.rawValue)\" role=\"note\"><p class=\"callout-label\">"
                    + HTML.escape(calloutLabel(kind)) + "</p>\n"
                for child in content { render(child, into: &html) }
                html += "</aside>\n"
                return
            }
            html += "<blockquote>\n"
            for child in blocks { render(child, into: &html) }
            html += "</blockquote>\n"
        case .list(let list, _):
            let tag = list.isOrdered ? "ol" : "ul"
            let start = list.isOrdered && list.start != 1 ? " start=\"\(list.start)\"" : ""
            let isTaskList = list.items.contains { $0.isChecked != nil }
            html += "<\(tag)\(start)\(isTaskList ? " class=\"task-list\"" : "")>\n"
            for item in list.items {
                html += "<li>"
                if let checked = item.isChecked {
                    html += "<input type=\"checkbox\" disabled\(checked ? " checked" : "") aria-label=\"\(checked ? "done" : "to do")\"> "
                }
                if list.isTight {
                    for child in item.blocks {
                        if case .paragraph(let inlines, _) = child {
                            render(inlines, into: &html)
                        } else {
                            html += "\n"
                            render(child, into: &html)
                        }
                    }
                } else {
                    html += "\n"
                    for child in item.blocks { render(child, into: &html) }
                }
                html += "</li>\n"
            }
            html += "</\(tag)>\n"
        case .codeBlock(let info, let code, _):
            html += "<pre><code"
            if let language = info.split(separator: " ").first {
                html += " class=\"language-"
                HTML.append(escaping: String(language), to: &html)
                html += "\""
            }
            html += ">"
            HTML.append(escaping: code, to: &html)
            html += "</code></pre>\n"
        case .html(let raw, _):
            html += "<pre class=\"raw-html\">"
            HTML.append(escaping: raw, to: &html)
            html += "</pre>\n"
        case .thematicBreak:
            html += "<hr>\n"
        case .table(let table, _):
            html += "<div class=\"table-wrap\" tabindex=\"0\"><table>\n<thead>\n<tr>"
            for (index, cell) in table.header.enumerated() {
                html += "<th\(align(table, index))>"
                render(cell, into: &html)
                html += "</th>"
            }
            html += "</tr>\n</thead>\n"
            if !table.rows.isEmpty {
                html += "<tbody>\n"
                for row in table.rows {
                    html += "<tr>"
                    for (index, cell) in row.enumerated() {
                        html += "<td\(align(table, index))>"
                        render(cell, into: &html)
                        html += "</td>"
                    }
                    html += "</tr>\n"
                }
                html += "</tbody>\n"
            }
            html += "</table></div>\n"
        }
    }

    private func align(_ table: MarkdownTable, _ index: Int) -> String {
        guard index < table.alignments.count else { return "" }
        switch table.alignments[index] {
        case .none: return ""
        case .left: return " class=\"align-left\""
        case .center: return " class=\"align-center\""
        case .right: return " class=\"align-right\""
        }
    }

    func render(_ inlines: [MarkdownInline]) -> String {
        var html = ""
        render(inlines, into: &html)
        return html
    }

    func render(_ inlines: [MarkdownInline], into html: inout String) {
        for index in inlines.indices { render(inlines[index], into: &html) }
    }

    func render(_ inline: MarkdownInline, into html: inout String) {
        switch inline {
        case .text(let text, _):
            HTML.append(escaping: text, to: &html)
        case .code(let code):
            html += "<code>"
            Self.appendCode(code, to: &html)
            html += "</code>"
        case .softBreak:
            html += "\n"
        case .lineBreak:
            html += "<br>\n"
        case .emphasis(let children):
            html += "<em>"
            render(children, into: &html)
            html += "</em>"
        case .strong(let children):
            html += "<strong>"
            render(children, into: &html)
            html += "</strong>"
        case .strikethrough(let children):
            html += "<del>"
            render(children, into: &html)
            html += "</del>"
        case .html(let raw, _):
            html += "<code class=\"raw-html\">"
            HTML.append(escaping: raw, to: &html)
            html += "</code>"
        case .image(let source, _, let alt, _):
            renderImage(source: source, alt: alt.plainText, into: &html)
        case .link(let destination, let title, let children, _):
            guard let link = resolve(destination, false) else { return render(children, into: &html) }
            html += "<a href=\""
            HTML.append(escaping: link.href, to: &html)
            html += "\""
            if !title.isEmpty {
                html += " title=\""
                HTML.append(escaping: title, to: &html)
                html += "\""
            }
            if link.isExternal { html += " rel=\"noopener noreferrer\"" }
            html += ">"
            render(children, into: &html)
            html += "</a>"
        case .wikiLink(let target, let text, _):
            guard let link = resolve(target, true) else { return HTML.append(escaping: text ?? target, to: &html) }
            html += "<a class=\"xref\" href=\""
            HTML.append(escaping: link.href, to: &html)
            if let note = link.note {
                html += "\" data-note=\""
                HTML.append(escaping: note, to: &html)
            }
            html += "\">"
            HTML.append(escaping: text ?? link.defaultText, to: &html)
            html += "</a>"
        }
    }
}

extension HTMLRenderer {
    /// Appends inline code escaped. A long code word may break between the words of an
    /// identifier (`preferred<wbr>Screen<wbr>Edges`, after `.`, `(`, `_`, `:` or `/`), never
    /// inside one: the stylesheet allows no other break.
    static func appendCode(_ code: String, to html: inout String) {
        guard code.utf8.count > 16 else { return HTML.append(escaping: code, to: &html) }
        var piece = ""
        var previous: Character?
        for character in code {
            if let previous, character.isLetter,
               (previous.isLowercase || previous.isNumber) && character.isUppercase || ".(_:/".contains(previous) {
                HTML.append(escaping: piece, to: &html)
                html += "<wbr>"
                piece = ""
            }
            piece.append(character)
            previous = character
        }
        HTML.append(escaping: piece, to: &html)
    }
}

/// Renders Markdown values to plain text, for rules.json, the search index and page titles.
struct PlainTextRenderer {
    /// The text shown for a `[[…]]` link.
    var wikiLinkText: (_ target: String, _ text: String?) -> String

    /// Non-empty blocks, one per line.
    func render(_ blocks: [MarkdownBlock]) -> String { text { append(blocks, to: &$0) } }

    func render(_ block: MarkdownBlock) -> String { text { append(block, to: &$0) } }

    func render(_ inlines: [MarkdownInline]) -> String { text { append(inlines, to: &$0) } }

    // Written into one byte buffer: joining a string per block and per inline allocated more
    // than the text itself.
    private func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func append(_ blocks: [MarkdownBlock], to out: inout [UInt8]) {
        var wroteAny = false
        for block in blocks {
            let before = out.count
            if wroteAny { out.append(0x0A) }
            let start = out.count
            append(block, to: &out)
            if out.count == start {
                out.removeSubrange(before..<start)  // an empty block gets no line of its own
            } else {
                wroteAny = true
            }
        }
    }

    func append(_ block: MarkdownBlock, to out: inout [UInt8]) {
        switch block {
        case .paragraph(let inlines, _), .heading(_, let inlines, _):
            append(inlines, to: &out)
        case .blockQuote(let blocks, _):
            // A callout's text without its `[!NOTE]` marker.
            append(Callout.parse(blocks)?.1 ?? blocks, to: &out)
        case .list(let list, _):
            // Each item on one line (a byte map: the loader leaves no CR in the text).
            for (number, item) in list.items.enumerated() {
                if number > 0 { out.append(0x0A) }
                out.append(contentsOf: "• ".utf8)
                let start = out.count
                append(item.blocks, to: &out)
                for index in start..<out.count where out[index] == 0x0A { out[index] = 0x20 }
            }
        case .codeBlock(_, let code, _):
            out.append(contentsOf: code.trimmingCharacters(in: .newlines).utf8)
        case .html(let raw, _):
            out.append(contentsOf: raw.trimmingCharacters(in: .newlines).utf8)
        case .thematicBreak:
            break
        case .table(let table, _):
            for (number, row) in ([table.header] + table.rows).enumerated() {
                if number > 0 { out.append(0x0A) }
                for (column, cell) in row.enumerated() {
                    if column > 0 { out.append(contentsOf: " | ".utf8) }
                    append(cell, to: &out)
                }
            }
        }
    }

    func append(_ inlines: [MarkdownInline], to out: inout [UInt8]) {
        for inline in inlines {
            switch inline {
            case .wikiLink(let target, let text, _): out.append(contentsOf: wikiLinkText(target, text).utf8)
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c, _), .image(_, _, let c, _):
                append(c, to: &out)
            case .text(let s, _), .code(let s), .html(let s, _): out.append(contentsOf: s.utf8)
            case .softBreak, .lineBreak: out.append(0x20)
            }
        }
    }
}

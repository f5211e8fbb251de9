import TextBytes
import HandbookMarkdown
/// A note, tip or warning in the prose, written as GitHub writes them: a block quote that opens
/// with `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`. It is not a rule: it
/// has no id and is not in the catalogue, but it is rendered, searched and translated as prose.
public enum Callout {
    public enum Kind: String, Sendable, CaseIterable {
        case note, tip, important, warning, caution

        /// The kind a header line names, `[!NOTE]` (any case) and nothing else in the brackets.
        init?(header line: some StringProtocol) {
            // On bytes: finding a Character would break the whole line (a rule's title) into
            // grapheme clusters, for every rule.
            guard line.utf8.starts(with: "[!".utf8), let close = line.utf8.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            self.init(rawValue: line[line.utf8.index(line.startIndex, offsetBy: 2)..<close].lowercased())
        }
    }

    /// The callout's kind and its content without the marker, if `children` (a block quote's
    /// blocks) open with one.
    static func parse(_ children: [MarkdownBlock]) -> (Kind, [MarkdownBlock])? {
        guard let (marker, blocks) = QuoteMarker.split(children), let kind = Kind(rawValue: marker.lowercased()) else {
            return nil
        }
        return (kind, blocks)
    }
}

/// A block quote that opens with `[!WORD …]`: the words in the brackets, and the quote's content
/// after them (the rest of the marker's line and the following blocks).
enum QuoteMarker {
    static func split(_ children: [MarkdownBlock]) -> (marker: String, blocks: [MarkdownBlock])? {
        guard case .paragraph(let inlines, let at)? = children.first,
              case .text(let first, let textAt)? = inlines.first, first.utf8.starts(with: "[!".utf8),
              let close = first.utf8.firstIndex(of: UInt8(ascii: "]")) else { return nil }
        var rest = Array(inlines.dropFirst())
        let after = first[first.utf8.index(after: close)...].trimmingSpaces()
        if !after.isEmpty { rest.insert(.text(after, at: textAt), at: 0) }
        while let head = rest.first, head == .softBreak || head == .lineBreak { rest.removeFirst() }
        let marker = first[first.index(first.startIndex, offsetBy: 2)..<close].trimmingSpaces()
        return (marker, (rest.isEmpty ? [] : [.paragraph(rest, at: at)]) + children.dropFirst())
    }
}

import Foundation
import TextBytes

/// Finds the handbook's cross-link syntax, `[[target]]` and `[[target|text]]`, in text runs and
/// turns each occurrence into a `.wikiLink` inline.
enum WikiLinkScanner {
    /// One run of text, cut at its cross-links.
    static func split(_ text: String, at start: TextPosition?) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        var skippedBrackets = false
        var rest = Substring(text)
        var consumed = 0  // characters of `text` before `rest`
        func position(after characters: Int) -> TextPosition? {
            start.map { TextPosition(line: $0.line, column: $0.column + characters) }
        }
        while let open = rest.firstRange(ofASCII: "[[") {
            guard let close = rest[open.upperBound...].firstRange(ofASCII: "]]") else { break }
            let inner = rest[open.upperBound..<close.lowerBound]
            if inner.isEmpty || inner.contains(ascii: "[") || inner.contains(ascii: "\n") {
                // Not a cross-link; keep the brackets as text and look further on.
                skippedBrackets = true
                let keep = rest[..<open.upperBound]
                result.append(.text(String(keep), at: position(after: consumed)))
                consumed += keep.characterCount
                rest = rest[open.upperBound...]
                continue
            }
            let before = rest[..<open.lowerBound]
            if !before.isEmpty { result.append(.text(String(before), at: position(after: consumed))) }
            let linkStart = consumed + before.characterCount
            // `target|text`, split at the first bar.
            let bar = inner.firstRange(ofASCII: "|")
            let target = inner[..<(bar?.lowerBound ?? inner.endIndex)].trimmingSpaces()
            let label = bar.map { inner[$0.upperBound...].trimmingSpaces() }
            result.append(.wikiLink(target: target, text: label?.isEmpty == true ? nil : label,
                                    at: position(after: linkStart)))
            consumed = linkStart + rest[open.lowerBound..<close.upperBound].characterCount
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { result.append(.text(String(rest), at: position(after: consumed))) }
        guard skippedBrackets else { return result }
        // Merge neighbouring text pieces created by skipped brackets.
        var merged: [MarkdownInline] = []
        for inline in result {
            if case .text(let added, _) = inline, case .text(let previous, let at)? = merged.last {
                merged[merged.count - 1] = .text(previous + added, at: at)
            } else {
                merged.append(inline)
            }
        }
        return merged
    }
}

/// Escaping for the outputs other than HTML: text that a person or a tool opens elsewhere must
/// read as the text it is, never as structure of the file's format.
public enum MarkdownEscaping {
    /// Characters that can start inline structure: links (`[`, `]`), autolinks and raw HTML
    /// (`<`, `>`), entities (`&`), emphasis, code, tables and strikethrough. CommonMark lets any
    /// ASCII punctuation be escaped with a backslash.
    private static let inlineSpecials: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~"]

    /// Text placed inside a Markdown line (a heading, a list item, a link's text): one line,
    /// no inline structure.
    public static func inline(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = false
        for character in text {
            if character.isNewline {
                // A one-line field never holds a break (the loader refuses them); if one slips
                // through, it must not start a new block.
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            if inlineSpecials.contains(character) { result.append("\\") }
            result.append(character)
            lastWasSpace = character == " "
        }
        return result
    }

    /// Plain text of several lines placed as paragraphs: every line escaped inline, and a line
    /// that would open a block (a heading, quote, list item, thematic break or setext underline)
    /// gets its marker escaped.
    public static func block(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            // Four spaces would make a code block: a paragraph line needs none of its indent.
            var rest = inline(String(line.dropFirst(indent.count)))
            if let first = rest.first, "#>-+=".contains(first) {
                rest.insert("\\", at: rest.startIndex)
            } else if let marker = rest.firstIndex(where: { !$0.isASCII || !$0.isNumber }),
                      marker != rest.startIndex, rest[marker] == "." || rest[marker] == ")" {
                rest.insert("\\", at: marker)
            }
            return rest
        }.joined(separator: "\n")
    }
}

/// CSV cells for spreadsheets (RFC 4180 quoting) with OWASP's defence against formula
/// injection: a cell that a spreadsheet would read as a formula starts with an apostrophe.
public enum CSVEscaping {
    /// A UTF-8 byte-order mark, so that Excel and WPS read Chinese text as UTF-8.
    public static let byteOrderMark = "\u{FEFF}"

    public static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            value = "'" + value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func row(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: ",")
    }
}

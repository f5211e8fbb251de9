/// Escaping for the outputs other than HTML: text that a person or a tool opens elsewhere must
/// read as the text it is, never as structure of the file's format.
public enum MarkdownEscaping {
    /// Characters that can start inline structure: links (`[`, `]`), autolinks and raw HTML
    /// (`<`, `>`), entities (`&`), emphasis, code, tables and strikethrough. CommonMark lets any
    /// ASCII punctuation be escaped with a backslash. All ASCII, so the escaping works on bytes.
    private static let inlineSpecials: [Bool] = (0..<128).map { "\\`*_[]<>&|~".utf8.contains(UInt8($0)) }

    /// Text placed inside a Markdown line (a heading, a list item, a link's text): one line,
    /// no inline structure.
    public static func inline(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        appendInline(Array(text.utf8)[...], to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    private static func appendInline(_ bytes: ArraySlice<UInt8>, to result: inout [UInt8]) {
        var lastWasSpace = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            // A line break of any kind: LF, VT, FF, CR (CR LF is one), NEL, LINE/PARAGRAPH SEPARATOR.
            let breakLength: Int
            if (0x0A...0x0D).contains(byte) {
                breakLength = byte == 0x0D && index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xC2, index + 1 < bytes.endIndex, bytes[index + 1] == 0x85 {
                breakLength = 2
            } else if byte == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80,
                      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                breakLength = 3
            } else {
                breakLength = 0
            }
            if breakLength > 0 {
                // A one-line field never holds a break (the loader refuses them); if one slips
                // through, it must not start a new block.
                if !lastWasSpace { result.append(UInt8(ascii: " ")) }
                lastWasSpace = true
                index += breakLength
                continue
            }
            if byte < 0x80, inlineSpecials[Int(byte)] { result.append(UInt8(ascii: "\\")) }
            result.append(byte)
            lastWasSpace = byte == UInt8(ascii: " ")
            index += 1
        }
    }

    /// Plain text of several lines placed as paragraphs: every line escaped inline, and a line
    /// that would open a block (a heading, quote, list item, thematic break or setext underline)
    /// gets its marker escaped.
    public static func block(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        var lineStart = 0
        var index = 0
        while index <= bytes.count {
            // Lines end at LF, not at the LF of CR LF (one character, which `inline` makes a space).
            guard index == bytes.count || (bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D)) else {
                index += 1; continue
            }
            if lineStart > 0 { result.append(0x0A) }
            var start = lineStart
            // Four spaces would make a code block: a paragraph line needs none of its indent.
            while start < index, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            let escaped = result.count
            appendInline(bytes[start..<index], to: &result)
            if escaped < result.count {
                let first = result[escaped]
                if "#>-+=".utf8.contains(first) {
                    result.insert(UInt8(ascii: "\\"), at: escaped)
                } else if let marker = result[escaped...].firstIndex(where: { !(0x30...0x39).contains($0) }),
                          marker != escaped, result[marker] == UInt8(ascii: ".") || result[marker] == UInt8(ascii: ")") {
                    result.insert(UInt8(ascii: "\\"), at: marker)
                }
            }
            index += 1
            lineStart = index
        }
        return String(decoding: result, as: UTF8.self)
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

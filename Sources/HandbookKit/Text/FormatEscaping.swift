/// Escaping for the outputs other than HTML: text that a person or a tool opens elsewhere must
/// read as the text it is, never as structure of the file's format.
public enum MarkdownEscaping {
    /// Whether `byte` can start inline structure: links (`[`, `]`), autolinks and raw HTML
    /// (`<`, `>`), entities (`&`), emphasis, code, tables and strikethrough. CommonMark lets any
    /// ASCII punctuation be escaped with a backslash. All ASCII, so the escaping works on bytes.
    private static func isInlineSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
             UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Text placed inside a Markdown line (a heading, a list item, a link's text): one line,
    /// no inline structure.
    public static func inline(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        appendInline(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// `inline(text)`'s bytes, appended to a file being written.
    static func appendInline(_ text: String, to result: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendInline($0[...], to: &result) }
    }

    /// The bytes that need nothing are copied in runs: most of a text, and all of Chinese
    /// text but its line separators.
    private static func appendInline(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to result: inout [UInt8]) {
        let start = result.count
        var index = bytes.startIndex, run = index
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2 || (byte < 0x80 && isInlineSpecial(byte)) else {
                index += 1
                continue
            }
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
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            if breakLength > 0 {
                // A one-line field never holds a break (the loader refuses them); if one slips
                // through, it must not start a new block. One space, also after a space.
                if result.count == start || result[result.count - 1] != UInt8(ascii: " ") { result.append(UInt8(ascii: " ")) }
                index += breakLength
            } else {
                if byte < 0x80 { result.append(UInt8(ascii: "\\")) }
                result.append(byte)
                index += 1
            }
            run = index
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
    }

    /// Plain text of several lines placed as paragraphs: every line escaped inline, and a line
    /// that would open a block (a heading, quote, list item, thematic break or setext underline)
    /// gets its marker escaped.
    public static func block(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + text.utf8.count / 16)
        appendBlock(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// `block(text)`'s bytes, appended to a file being written.
    static func appendBlock(_ text: String, to result: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendBlock($0, to: &result) }
    }

    private static func appendBlock(_ bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
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

/// HTML escaping, in one place.
public enum HTML {
    /// Escapes text for element content and quoted attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        append(escaping: text, to: &result)
        return result
    }

    /// Appends `text` escaped (`& < > " '`; NUL becomes U+FFFD unless `keepingNUL`, as
    /// swift-mustache does). Works on bytes: most text needs no escaping and is appended whole.
    static func append(escaping text: String, to output: inout String, keepingNUL: Bool = false) {
        var text = text
        // Offsets of the bytes to replace; none in most text.
        let special = text.withUTF8 { bytes -> [Int] in
            var found: [Int] = []
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                    found.append(index)
                case 0 where !keepingNUL: found.append(index)
                default: break
                }
            }
            return found
        }
        guard !special.isEmpty else {
            output += text
            return
        }
        let utf8 = text.utf8
        var start = utf8.startIndex
        for offset in special {
            let index = utf8.index(utf8.startIndex, offsetBy: offset)
            output += text[start..<index]
            let replacement = switch utf8[index] {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            default: "\u{FFFD}"
            }
            output += replacement
            start = utf8.index(after: index)
        }
        output += text[start...]
    }
}

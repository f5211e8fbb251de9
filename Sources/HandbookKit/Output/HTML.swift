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
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let replacement: String? = switch utf8[index] {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            case 0 where !keepingNUL: "\u{FFFD}"
            default: nil
            }
            let next = utf8.index(after: index)
            if let replacement {
                output += text[start..<index]
                output += replacement
                start = next
            }
            index = next
        }
        if start == utf8.startIndex {
            output += text
        } else {
            output += text[start...]
        }
    }
}

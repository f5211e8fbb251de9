/// HTML escaping, in one place.
public enum HTML {
    /// Escapes text for element content and quoted attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        append(escaping: text, to: &result)
        return result
    }

    /// What replaces `byte`, or nil when it stays: `& < > " '`, and NUL becomes U+FFFD. (Templates
    /// escape as swift-mustache does, keeping NUL: `TemplateProgram`.)
    private static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        case 0: "\u{FFFD}"
        default: nil
        }
    }

    /// Appends `text` escaped. Most text needs no escaping and is appended whole.
    static func append(escaping text: String, to output: inout String) {
        var text = text
        guard text.withUTF8({ $0.contains { replacement(for: $0) != nil } }) else {
            output += text
            return
        }
        var bytes: [UInt8] = []
        append(escaping: text, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` escaped to bytes, copying the runs between replacements whole.
    static func append(escaping text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                guard let replacement = replacement(for: bytes[index]) else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                run = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }
}

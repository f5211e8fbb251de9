import Foundation

/// The hand-written CSS and JavaScript as pages load them: comments on lines of their own,
/// indentation and blank lines left out (every page counts them against its 60 KB budget), and
/// in CSS the spaces its grammar ignores. Only what cannot change the meaning goes: no line is
/// joined to another, nothing inside a line moves, nothing inside a quoted string changes.
enum AssetCompaction {
    static func compact(_ data: Data, name: String) -> Data {
        let isCSS = name.hasSuffix(".css"), isJS = name.hasSuffix(".js")
        guard isCSS || isJS, var text = String(data: data, encoding: .utf8) else { return data }
        if isCSS { text = text.replacing(/\/\*[\s\S]*?\*\//, with: "") }
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || (isJS && trimmed.hasPrefix("//")) { continue }
            lines.append(isCSS ? Substring(tightened(trimmed)) : trimmed)
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A line of CSS without the spaces after `:`, `;`, `,`, `{`, `}` and `>` and before `{`,
    /// `}` and `>`, the `;` before a `}` and the `0` before a decimal point (`.5rem`), outside
    /// quoted strings (`content: ": "` keeps its space). Spaces around `+`, `-` and `~` stay:
    /// `calc()` needs them.
    static func tightened(_ line: Substring) -> String {
        let dropsSpaceAfter: Set<UInt8> = Set(":;,{}>".utf8), dropsSpaceBefore: Set<UInt8> = Set("{}>".utf8)
        let beforeNumber: Set<UInt8> = Set(": ,(/-".utf8)
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var quote: UInt8?
        for (index, byte) in bytes.enumerated() {
            if let open = quote {
                out.append(byte)
                if byte == open, bytes[index - 1] != UInt8(ascii: "\\") { quote = nil }
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            if byte == 0x20 {
                if let last = out.last, dropsSpaceAfter.contains(last) { continue }
                if let next, dropsSpaceBefore.contains(next) || next == 0x20 { continue }
            }
            if byte == UInt8(ascii: "}"), out.last == UInt8(ascii: ";") { out.removeLast() }
            if byte == UInt8(ascii: "0"), next == UInt8(ascii: "."), index + 2 < bytes.count, (0x30...0x39).contains(bytes[index + 2]),
               let last = out.last, beforeNumber.contains(last) { continue }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

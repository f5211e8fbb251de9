import Foundation

/// The hand-written CSS and JavaScript as pages load them: comments on lines of their own,
/// indentation and blank lines left out (every page counts them against its 60 KB budget). Only
/// what cannot change the meaning goes: no line is joined to another, nothing inside a line moves.
enum AssetCompaction {
    static func compact(_ data: Data, name: String) -> Data {
        let isCSS = name.hasSuffix(".css"), isJS = name.hasSuffix(".js")
        guard isCSS || isJS, var text = String(data: data, encoding: .utf8) else { return data }
        if isCSS { text = text.replacing(/\/\*[\s\S]*?\*\//, with: "") }
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || (isJS && trimmed.hasPrefix("//")) { continue }
            lines.append(trimmed)
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}

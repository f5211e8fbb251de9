import Yams

/// Characters a reviewer of the source cannot see but a reader's text is changed by: the
/// bidirectional controls ("Trojan Source", CVE-2021-42574) reorder what is displayed, and
/// zero-width and separator characters hide inside words, ids and links.
public enum InvisibleCharacters {
    public enum Kind: Sendable {
        case bidirectional, invisible
    }

    /// Every character checked, with its Unicode name.
    static let names: [UInt32: (name: String, kind: Kind)] = [
        0x061C: ("ARABIC LETTER MARK", .bidirectional),
        0x200E: ("LEFT-TO-RIGHT MARK", .bidirectional),
        0x200F: ("RIGHT-TO-LEFT MARK", .bidirectional),
        0x202A: ("LEFT-TO-RIGHT EMBEDDING", .bidirectional),
        0x202B: ("RIGHT-TO-LEFT EMBEDDING", .bidirectional),
        0x202C: ("POP DIRECTIONAL FORMATTING", .bidirectional),
        0x202D: ("LEFT-TO-RIGHT OVERRIDE", .bidirectional),
        0x202E: ("RIGHT-TO-LEFT OVERRIDE", .bidirectional),
        0x2066: ("LEFT-TO-RIGHT ISOLATE", .bidirectional),
        0x2067: ("RIGHT-TO-LEFT ISOLATE", .bidirectional),
        0x2068: ("FIRST STRONG ISOLATE", .bidirectional),
        0x2069: ("POP DIRECTIONAL ISOLATE", .bidirectional),
        0x00AD: ("SOFT HYPHEN", .invisible),
        0x180E: ("MONGOLIAN VOWEL SEPARATOR", .invisible),
        0x200B: ("ZERO WIDTH SPACE", .invisible),
        0x200C: ("ZERO WIDTH NON-JOINER", .invisible),
        0x200D: ("ZERO WIDTH JOINER", .invisible),
        0x2028: ("LINE SEPARATOR", .invisible),
        0x2029: ("PARAGRAPH SEPARATOR", .invisible),
        0x2060: ("WORD JOINER", .invisible),
        0x2061: ("FUNCTION APPLICATION", .invisible),
        0x2062: ("INVISIBLE TIMES", .invisible),
        0x2063: ("INVISIBLE SEPARATOR", .invisible),
        0x2064: ("INVISIBLE PLUS", .invisible),
        0xFEFF: ("ZERO WIDTH NO-BREAK SPACE", .invisible),
    ]

    /// `U+202E RIGHT-TO-LEFT OVERRIDE`.
    static func describe(_ value: UInt32) -> String {
        "U+" + String(value, radix: 16, uppercase: true).leftPadded(to: 4) + " " + (names[value]?.name ?? "")
    }

    /// The checked characters in `text`, named, for messages about ids and keys ("" if none).
    static func named(in text: some StringProtocol) -> String {
        let found = text.unicodeScalars.filter { names[$0.value] != nil }.map { describe($0.value) }
        return found.isEmpty ? "" : " (it contains the invisible character \(found.joined(separator: ", ")))"
    }

    /// Whether `value` is in a range that holds a checked character (every key of `names`).
    @inline(__always)
    static func mayBeChecked(_ value: UInt32) -> Bool {
        switch value {
        case 0x00AD, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// Warns at every checked character in a file, except those the file is allowed.
    static func report(in file: SourceFile, allowed: Set<UInt32>, log: inout DiagnosticLog) {
        var line = 1
        var column = 1
        for scalar in file.text.unicodeScalars {
            if scalar == "\n" {
                line += 1
                column = 1
                continue
            }
            defer { column += 1 }
            // Everything checked is in one of these ranges; most text is ASCII or Han, which a
            // comparison passes over without hashing each character into the table.
            guard Self.mayBeChecked(scalar.value), let entry = names[scalar.value], !allowed.contains(scalar.value) else {
                continue
            }
            let code = describe(scalar.value)
            let why = entry.kind == .bidirectional
                ? "bidirectional control \(code) makes the text display in another order than it is written"
                : "invisible character \(code)"
            let location = file.location(line: line, column: column)
            log.warning(id: "text.invisible-character", "\(why); delete it, or allow it for this file in \(AllowedCharacters.fileName)",
                        at: location, length: 1, fixIts: [FixIt(at: location, length: 1, replacement: "")])
        }
    }
}

/// `content/allowed-characters.yaml`: the rare invisible or bidirectional character that is
/// meant (a quoted right-to-left example), allowed per file.
///
/// ```yaml
/// - file: en/foundations/layout.md
///   characters: [U+200F]
/// ```
struct AllowedCharacters: Sendable {
    static let fileName = "allowed-characters.yaml"
    /// By path relative to the content folder.
    var byFile: [String: Set<UInt32>] = [:]

    func allowed(for relativePath: String) -> Set<UInt32> { byFile[relativePath] ?? [] }

    /// Reads the file if it exists; a malformed entry is an error at its position.
    static func parse(_ file: SourceFile, log: inout DiagnosticLog) -> AllowedCharacters {
        var result = AllowedCharacters()
        let root = YAMLDocument.compose(file, log: &log)
        guard let root else { return result }
        func location(_ node: Node) -> SourceLocation {
            file.location(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        guard case .sequence(let entries) = root else {
            log.error(id: "allowed-characters.malformed", "expected a list of entries ('- file: …')", at: location(root))
            return result
        }
        for entry in entries {
            guard let path = entry["file"]?.string, case .sequence(let characters)? = entry["characters"] else {
                log.error(id: "allowed-characters.malformed", "an entry needs 'file' (relative to the content folder) and 'characters' (e.g. [U+200F])",
                          at: location(entry))
                continue
            }
            for character in characters {
                let text = character.string ?? ""
                guard text.hasPrefix("U+"), let value = UInt32(text.dropFirst(2), radix: 16),
                      InvisibleCharacters.names[value] != nil else {
                    log.error(id: "allowed-characters.unknown-character", "'\(text)' is not one of the checked characters, written as U+XXXX", at: location(character))
                    continue
                }
                result.byFile[path, default: []].insert(value)
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

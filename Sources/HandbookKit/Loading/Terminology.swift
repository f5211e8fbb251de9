import Foundation
import Yams

/// The words prose should not use, each with the word to write instead: the forms a glossary
/// entry marks under `avoid`, and the spellings and phrasings in `content/terminology.yaml`.
///
/// ```yaml
/// # content/terminology.yaml
/// allow:                      # correct phrases that contain an avoided form
///   zh: [App Store, 弹簧加载]
/// zh:
///   - {avoid: 正在加载, use: 正在载入}
/// en:
///   - {avoid: colour, use: color}
/// ```
///
/// Chinese forms match anywhere; English forms match at the start of a word, ignoring case. Inline code,
/// code blocks, link targets and quotations (block quotes that are not rules) are not checked.
public struct Terminology: Sendable {
    public struct Form: Sendable {
        public var avoid: String
        public var use: String
        /// The glossary entry the preferred word belongs to.
        public var term: String?
        /// Where `content/terminology.yaml` lists it; nil for a glossary entry's own forms.
        var location: SourceLocation?
    }

    static let fileName = "terminology.yaml"

    var forms: [Language: [Form]] = [:]
    var allowed: [Language: [String]] = [:]

    var isEmpty: Bool { forms.values.allSatisfy(\.isEmpty) }

    /// Adds each glossary entry's `avoid` forms with the entry's term as the word to use.
    mutating func add(_ glossary: Glossary) {
        for entry in glossary.entries {
            for (language, avoided) in entry.avoid {
                forms[language, default: []] += avoided.map { Form(avoid: $0, use: entry.term(in: language), term: entry.id, location: nil) }
            }
        }
    }

    static func parse(_ file: SourceFile, languages: HandbookLanguages = .standard, log: inout DiagnosticLog) -> Terminology {
        var result = Terminology()
        let root: Node?
        do {
            root = try Yams.compose(yaml: file.text)
        } catch {
            log.error("malformed YAML: \(error)", at: file.location(line: 1, column: 1))
            return result
        }
        guard let root else { return result }
        func location(_ node: Node) -> SourceLocation {
            file.location(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        guard case .mapping(let mapping) = root else {
            log.error("expected a mapping with 'allow' and a list per language ('zh', 'en')", at: location(root))
            return result
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if key == "allow" {
                guard case .mapping(let perLanguage) = value else {
                    log.error("'allow' must map languages to lists of phrases", at: location(value)); continue
                }
                for (languageNode, phrases) in perLanguage {
                    guard let language = languages.language(code: languageNode.string ?? ""),
                          case .sequence(let list) = phrases else {
                        log.error("'allow' must map 'zh' or 'en' to a list of phrases", at: location(languageNode)); continue
                    }
                    result.allowed[language, default: []] += list.compactMap(\.string)
                }
                continue
            }
            guard let language = languages.language(code: key) else {
                log.error("unknown key '\(key)'; use 'allow', 'zh' or 'en'", at: location(keyNode)); continue
            }
            guard case .sequence(let entries) = value else {
                log.error("'\(key)' must be a list of {avoid: …, use: …}", at: location(value)); continue
            }
            for entry in entries {
                guard let avoid = entry["avoid"]?.string, !avoid.isEmpty, let use = entry["use"]?.string else {
                    log.error("an entry needs 'avoid' and 'use'", at: location(entry)); continue
                }
                result.forms[language, default: []].append(
                    Form(avoid: avoid, use: use, term: entry["term"]?.string, location: location(entry)))
            }
        }
        return result
    }
}

/// Finds avoided forms in a chapter or part file, at line:column.
struct TerminologyScanner {
    let terminology: Terminology

    func report(in file: SourceFile, language: Language, log: inout DiagnosticLog) {
        guard let forms = terminology.forms[language], !forms.isEmpty else { return }
        let ignoresCase = language == .en
        let allowed = (terminology.allowed[language] ?? []).map { ignoresCase ? $0.lowercased() : $0 }
        let avoided = forms.map { ignoresCase ? $0.avoid.lowercased() : $0.avoid }
        let order = avoided.indices.sorted { avoided[$0].count > avoided[$1].count }
        let patterns = avoided.map { Array($0) }
        let allowedPatterns = allowed.map { Array($0) }
        let allowedBytes = allowed.map { Array($0.precomposedStringWithCanonicalMapping.utf8) }
        // Comparing Characters is slow for CJK text; a byte search first skips the forms a line
        // cannot contain (both sides NFC, so canonically equal text has equal bytes).
        let patternBytes = avoided.map { Array($0.precomposedStringWithCanonicalMapping.utf8) }
        var inFrontMatter = false
        var fence: String?
        var inBlockQuote = false
        var inQuotation = false
        for (offset, rawLine) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = String(rawLine)
            if number == 1, line == "---" { inFrontMatter = true; continue }
            if inFrontMatter {
                if line == "---" { inFrontMatter = false; continue }
                // Only the prose values of the front matter.
                guard let colon = line.firstIndex(of: ":"),
                      ["title", "summary", "legacy-note"].contains(line[..<colon]) else { continue }
                check(line, from: line.index(after: colon), number: number)
                continue
            }
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fence = String(trimmed.prefix(3)); continue }
            // A block quote that does not open with a rule header is a quotation: kept as written.
            if trimmed.hasPrefix(">") {
                if !inBlockQuote {
                    inBlockQuote = true
                    inQuotation = !trimmed.dropFirst().drop { $0 == " " }.hasPrefix("[!")
                }
                if inQuotation { continue }
            } else {
                inBlockQuote = false
            }
            check(line, from: line.startIndex, number: number)
        }

        func check(_ line: String, from start: String.Index, number: Int) {
            var characters = Array(line[start...])
            let offset = line.distance(from: line.startIndex, to: start)
            mask(&characters)
            if ignoresCase { characters = characters.map { Character($0.lowercased()) } }
            // Bytes from before the allowed phrases are blanked: a form found here only in an
            // allowed phrase costs a Character scan that finds nothing, never a missed warning.
            let lineBytes = Array(String(characters).precomposedStringWithCanonicalMapping.utf8)
            for (phrase, bytes) in zip(allowedPatterns, allowedBytes) where lineBytes.contains(run: bytes) {
                maskOccurrences(of: phrase, in: &characters)
            }
            // Longest forms first, each match blanked: '正在加载' is one warning, not also '加载'.
            for index in order where lineBytes.contains(run: patternBytes[index]) {
                let pattern = patterns[index]
                for position in occurrences(of: pattern, in: characters) {
                    // An English form starts a word and may be inflected: 'colour' catches 'colours'.
                    if ignoresCase, !isWordBoundary(characters, position - 1) { continue }
                    let entry = forms[index]
                    let glossary = entry.term.map { " (glossary: \($0))" } ?? ""
                    log.warning("'\(entry.avoid)' is not the handbook's wording; write '\(entry.use)'\(glossary)",
                                at: file.location(line: number, column: offset + position + 1))
                    for blanked in position..<(position + pattern.count) { characters[blanked] = "\u{0}" }
                }
            }
        }
    }

    /// Blanks out what is not prose, keeping every character's column: code spans, link and
    /// wiki-link targets, autolinks, rule headers' `[!KIND id]` and `{…}` attributes, anchors.
    private func mask(_ characters: inout [Character]) {
        func blank(_ range: Range<Int>) { for index in range { characters[index] = "\u{0}" } }
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "`":
                var run = 0
                while index + run < characters.count, characters[index + run] == "`" { run += 1 }
                let closing = Array(repeating: Character("`"), count: run)
                let end = occurrences(of: closing, in: characters, from: index + run).first.map { $0 + run } ?? characters.count
                blank(index..<end)
                index = end
            case "[" where index + 1 < characters.count && characters[index + 1] == "[":
                // `[[target|text]]`: the target is an id; the text after `|` is prose.
                let end = occurrences(of: ["]", "]"], in: characters, from: index).first ?? characters.count
                let bar = characters[index..<end].firstIndex(of: "|") ?? end
                blank(index..<bar)
                index = min(end + 2, characters.count)
            case "[" where index + 1 < characters.count && characters[index + 1] == "!":
                let end = characters[index...].firstIndex(of: "]") ?? characters.count
                blank(index..<end)
                index = end
            case "]" where index + 1 < characters.count && characters[index + 1] == "(":
                let end = characters[index...].firstIndex(of: ")") ?? characters.count
                blank(index..<end)
                index = end
            case "<":
                let end = characters[index...].firstIndex(of: ">") ?? index
                blank(index..<end)
                index = end + 1
            case "{":
                let end = characters[index...].firstIndex(of: "}") ?? characters.count
                blank(index..<end)
                index = end
            default:
                index += 1
            }
        }
    }

    private func maskOccurrences(of pattern: [Character], in characters: inout [Character]) {
        for position in occurrences(of: pattern, in: characters) {
            for index in position..<(position + pattern.count) { characters[index] = "\u{0}" }
        }
    }

    private func occurrences(of pattern: [Character], in characters: [Character], from start: Int = 0) -> [Int] {
        guard !pattern.isEmpty, characters.count - start >= pattern.count else { return [] }
        var found: [Int] = []
        var index = start
        while index + pattern.count <= characters.count {
            if characters[index] == pattern[0], characters[index..<(index + pattern.count)].elementsEqual(pattern) {
                found.append(index)
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }

    private func isWordBoundary(_ characters: [Character], _ index: Int) -> Bool {
        guard characters.indices.contains(index) else { return true }
        return !(characters[index].isLetter || characters[index].isNumber)
    }
}

import Foundation
import TextBytes
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
        let root = YAMLDocument.compose(file, log: &log)
        guard let root else { return result }
        func location(_ node: Node) -> SourceLocation {
            file.location(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        guard case .mapping(let mapping) = root else {
            log.error(id: "terminology.malformed", "expected a mapping with 'allow' and a list per language ('zh', 'en')", at: location(root))
            return result
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if key == "allow" {
                guard case .mapping(let perLanguage) = value else {
                    log.error(id: "terminology.malformed", "'allow' must map languages to lists of phrases", at: location(value)); continue
                }
                for (languageNode, phrases) in perLanguage {
                    guard let language = languages.language(code: languageNode.string ?? ""),
                          case .sequence(let list) = phrases else {
                        log.error(id: "terminology.malformed", "'allow' must map 'zh' or 'en' to a list of phrases", at: location(languageNode)); continue
                    }
                    result.allowed[language, default: []] += list.compactMap(\.string)
                }
                continue
            }
            guard let language = languages.language(code: key) else {
                log.error(id: "terminology.unknown-key", "unknown key '\(key)'; use 'allow', 'zh' or 'en'", at: location(keyNode)); continue
            }
            guard case .sequence(let entries) = value else {
                log.error(id: "terminology.malformed", "'\(key)' must be a list of {avoid: …, use: …}", at: location(value)); continue
            }
            for entry in entries {
                guard let avoid = entry["avoid"]?.string, !avoid.isEmpty, let use = entry["use"]?.string else {
                    log.error(id: "terminology.malformed", "an entry needs 'avoid' and 'use'", at: location(entry)); continue
                }
                result.forms[language, default: []].append(
                    Form(avoid: avoid, use: use, term: entry["term"]?.string, location: location(entry)))
            }
        }
        return result
    }
}

/// Finds avoided forms in a chapter or part file, at line:column.
///
/// The scan runs over UTF-8 bytes (both sides in NFC, so canonically equal text has equal bytes);
/// a column is counted in characters only for a line that has a finding.
struct TerminologyScanner: Sendable {
    let terminology: Terminology
    private let prepared: [Language: PreparedForms]

    /// A language's forms as byte patterns, longest first, ready for every file.
    private struct PreparedForms: Sendable {
        var ignoresCase: Bool
        var forms: [Terminology.Form]
        /// Pattern bytes per form, in `forms` order.
        var patterns: [[UInt8]]
        /// Indices of `forms`, longest pattern first: '正在加载' is one warning, not also '加载'.
        var order: [Int]
        var allowed: [[UInt8]]
        /// The forms by the pair of bytes they start with: a text is searched only where a pair
        /// starts one, and then only for the forms that start with it.
        var starts: PatternsByPair
        /// The allowed phrases, the same way.
        var allowedStarts: PatternsByPair

        /// The forms that occur in `text`, by their number in `forms`: a pattern that occurs
        /// nowhere needs no search of its own.
        func formsPresent(in text: [UInt8]) -> [Bool] {
            starts.present(in: text, patterns)
        }

        /// The allowed phrases that occur in `text`, by their number in `allowed`.
        func allowedPresent(in text: [UInt8]) -> [Bool] {
            allowedStarts.present(in: text, allowed)
        }

        /// True when `bytes` certainly hold no form anywhere: every character is one whose line
        /// the scan would keep as it is (its own NFC form; caseless but for ASCII when case is
        /// ignored), and no form occurs, ASCII letters compared without case when case is
        /// ignored. False means the lines must be looked at.
        func holdsNoForm(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard TerminologyScanner.isStable(bytes[...], caseless: ignoresCase) else { return false }
            @inline(__always) func folded(_ byte: UInt8) -> UInt8 {
                ignoresCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            }
            guard bytes.count >= 2 else { return bytes.isEmpty || !patterns.contains { $0 == [folded(bytes[0])] } }
            for index in 0..<(bytes.count - 1) {
                let a = folded(bytes[index]), b = folded(bytes[index + 1])
                guard starts.anyStarts(a, b) else { continue }
                for number in starts.patterns(startingWith: a, b) {
                    let pattern = patterns[number]
                    guard index + pattern.count <= bytes.count else { continue }
                    var same = true
                    for offset in 0..<pattern.count where folded(bytes[index + offset]) != pattern[offset] { same = false; break }
                    if same { return false }
                }
            }
            return !patterns.contains { $0.count == 1 && folded(bytes[bytes.count - 1]) == $0[0] }
        }
    }

    /// Pattern numbers by the pair of bytes they start with, in one flat list: the numbers of
    /// pair `p` are `numbers[first[p]..<first[p + 1]]`. A one-byte pattern is listed under
    /// every pair it starts. Most pairs start none: a bitmap says so without the list.
    private struct PatternsByPair: Sendable {
        private var first: [Int32]
        private var numbers: [Int32]
        private var startsAny: [UInt64]

        init(_ patterns: [[UInt8]]) {
            /// The pairs a pattern is listed under: its first two bytes, or every pair its one
            /// byte starts.
            func pairs(_ pattern: [UInt8]) -> Range<Int> {
                guard let only = pattern.first else { return 0..<0 }
                guard pattern.count >= 2 else { return (Int(only) << 8)..<(Int(only) << 8 + 256) }
                let pair = Int(only) << 8 | Int(pattern[1])
                return pair..<(pair + 1)
            }
            // Counted, then filled in pattern order: no list per pair (65,536 arrays made and
            // freed for each table were most of the start's terminology time).
            var counts = [Int32](repeating: 0, count: 65536)
            for pattern in patterns { for pair in pairs(pattern) { counts[pair] += 1 } }
            first = [Int32](repeating: 0, count: 65537)
            startsAny = [UInt64](repeating: 0, count: 65536 / 64)
            for pair in 0..<65536 {
                first[pair + 1] = first[pair] + counts[pair]
                if counts[pair] > 0 { startsAny[pair >> 6] |= 1 << UInt64(pair & 63) }
            }
            numbers = [Int32](repeating: 0, count: Int(first[65536]))
            var next = first
            for (number, pattern) in patterns.enumerated() {
                for pair in pairs(pattern) {
                    numbers[Int(next[pair])] = Int32(number)
                    next[pair] += 1
                }
            }
        }

        /// Whether any pattern starts with the pair `a`, `b`.
        @inline(__always) func anyStarts(_ a: UInt8, _ b: UInt8) -> Bool {
            let pair = Int(a) << 8 | Int(b)
            return startsAny[pair >> 6] & (1 << UInt64(pair & 63)) != 0
        }

        func patterns(startingWith a: UInt8, _ b: UInt8) -> some Collection<Int> {
            let pair = Int(a) << 8 | Int(b)
            return numbers[Int(first[pair])..<Int(first[pair + 1])].lazy.map { Int($0) }
        }

        /// Which of `patterns` (those this was made of) occur in `text`, in one pass.
        func present(in text: [UInt8], _ patterns: [[UInt8]]) -> [Bool] {
            var present = [Bool](repeating: false, count: patterns.count)
            guard text.count >= 2 else {
                for (number, pattern) in patterns.enumerated() { present[number] = text.contains(run: pattern) }
                return present
            }
            for index in 0..<(text.count - 1) where anyStarts(text[index], text[index + 1]) {
                for number in self.patterns(startingWith: text[index], text[index + 1])
                where !present[number] && text[index...].starts(with: patterns[number]) {
                    present[number] = true
                }
            }
            for (number, pattern) in patterns.enumerated() where pattern.count == 1 && text.last == pattern[0] {
                present[number] = true
            }
            return present
        }
    }

    init(terminology: Terminology) {
        self.terminology = terminology
        var prepared: [Language: PreparedForms] = [:]
        for (language, forms) in terminology.forms where !forms.isEmpty {
            let ignoresCase = language == .en
            func bytes(_ text: String) -> [UInt8] {
                Array((ignoresCase ? text.lowercased() : text).precomposedStringWithCanonicalMapping.utf8)
            }
            let patterns = forms.map { bytes($0.avoid) }
            // Longest first by characters, as written; ties keep the order of the file.
            let lengths = forms.map { $0.avoid.count }
            let order = forms.indices.sorted { lengths[$0] > lengths[$1] }
            let allowed = (terminology.allowed[language] ?? []).map(bytes).filter { !$0.isEmpty }
            prepared[language] = PreparedForms(ignoresCase: ignoresCase, forms: forms, patterns: patterns,
                                               order: order, allowed: allowed, starts: PatternsByPair(patterns),
                                               allowedStarts: PatternsByPair(allowed))
        }
        self.prepared = prepared
    }

    func report(in file: SourceFile, language: Language, log: inout DiagnosticLog) {
        guard let prepared = prepared[language] else { return }
        var text = file.text
        text.withUTF8 { bytes in
            // Most files hold no form at all: one pass over the whole text says so.
            if !prepared.holdsNoForm(in: bytes) { report(in: bytes, prepared, file: file, log: &log) }
        }
    }

    /// The lines of `bytes`, each read in place: a line is copied only when it may hold a form.
    private func report(in bytes: UnsafeBufferPointer<UInt8>, _ prepared: PreparedForms, file: SourceFile,
                        log: inout DiagnosticLog) {
        var inFrontMatter = false
        var fence: [UInt8]?
        var inBlockQuote = false
        var inQuotation = false
        var number = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            number += 1
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            if number == 1, line.elementsEqual(Self.frontMatterFence) { inFrontMatter = true; continue }
            if inFrontMatter {
                if line.elementsEqual(Self.frontMatterFence) { inFrontMatter = false; continue }
                // Only the prose values of the front matter.
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                      Self.proseKeys.contains(where: { $0.elementsEqual(line[..<colon]) }) else { continue }
                check(line, from: colon + 1, number: number)
                continue
            }
            let trimmed = line.drop { $0 == UInt8(ascii: " ") }
            if let open = fence {
                if trimmed.starts(with: open) { fence = nil }
                continue
            }
            if trimmed.starts(with: Self.backtickFence) || trimmed.starts(with: Self.tildeFence) {
                fence = Array(trimmed.prefix(3)); continue
            }
            // A block quote that does not open with a rule header is a quotation: kept as written.
            if trimmed.first == UInt8(ascii: ">") {
                if !inBlockQuote {
                    inBlockQuote = true
                    inQuotation = !trimmed.dropFirst().drop { $0 == UInt8(ascii: " ") }.starts(with: Self.ruleHeaderOpen)
                }
                if inQuotation { continue }
            } else {
                inBlockQuote = false
            }
            check(line, from: 0, number: number)
        }

        func check(_ lineBytes: UnsafeBufferPointer<UInt8>, from start: Int, number: Int) {
            // A line that certainly holds no form needs nothing more (most lines).
            if prepared.holdsNoForm(in: UnsafeBufferPointer(rebasing: lineBytes[start...])) { return }
            let line = Array(lineBytes)
            let prose = line[start...]
            var text = Self.normalized(prose, lowercased: prepared.ignoresCase)
            guard prepared.formsPresent(in: text).contains(true) else { return }
            let original = text
            Self.mask(&text)
            for (phrase, present) in zip(prepared.allowed, prepared.allowedPresent(in: text)) where present {
                _ = Self.blankOccurrences(of: phrase, in: &text)
            }
            // Blanking only removes occurrences: a form absent now stays absent.
            let present = prepared.formsPresent(in: text)
            for index in prepared.order where present[index] {
                let pattern = prepared.patterns[index]
                for position in Self.occurrences(of: pattern, in: text) {
                    // An English form starts a word and may be inflected: 'colour' catches 'colours'.
                    if prepared.ignoresCase, !Self.isWordBoundary(before: position, in: text) { continue }
                    let entry = prepared.forms[index]
                    let glossary = entry.term.map { " (glossary: \($0))" } ?? ""
                    let column = String(decoding: line[..<start], as: UTF8.self).count
                        + String(decoding: original[..<position], as: UTF8.self).count + 1
                    let location = file.location(line: number, column: column)
                    // The form as written (the scan's copy is lowercased and in NFC; when those
                    // changed its length, the copy is the best there is).
                    let range = position..<(position + pattern.count)
                    let written = String(decoding: original.count == line.count - start
                                         ? line[(start + range.lowerBound)..<(start + range.upperBound)] : original[range],
                                         as: UTF8.self)
                    log.warning(id: "wording.avoided-form", "'\(entry.avoid)' is not the handbook's wording; write '\(entry.use)'\(glossary)",
                                at: location, length: written.unicodeScalars.count,
                                fixIts: [FixIt(at: location, length: written.unicodeScalars.count,
                                               replacement: Self.matchingCase(entry.use, of: written))])
                    for blanked in position..<(position + pattern.count) { text[blanked] = 0 }
                }
            }
        }
    }

    /// `use` with its first letter in capitals when the written form starts with one
    /// ("Colour" → "Color").
    private static func matchingCase(_ use: String, of written: String) -> String {
        guard let first = written.first, first.isUppercase, let head = use.first else { return use }
        return head.uppercased() + use.dropFirst()
    }

    private static let frontMatterFence = Array("---".utf8)
    private static let proseKeys = ["title", "summary", "legacy-note"].map { Array($0.utf8) }
    private static let backtickFence = Array("```".utf8)
    private static let tildeFence = Array("~~~".utf8)
    private static let ruleHeaderOpen = Array("[!".utf8)

    /// The line's bytes in NFC (and lowercased for a language compared without case). Text made
    /// only of characters that are their own NFC form and have no case (ASCII aside), the common
    /// case, is kept as it is; other text goes through Foundation.
    private static func normalized(_ bytes: ArraySlice<UInt8>, lowercased: Bool) -> [UInt8] {
        if isStable(bytes, caseless: lowercased) {
            return lowercased ? bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } : Array(bytes)
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if lowercased { text = text.lowercased() }
        return Array(text.precomposedStringWithCanonicalMapping.utf8)
    }

    /// Whether every character is ASCII, or below U+0300 (all NFC; only when case does not
    /// matter), or in a block whose characters are NFC and caseless: general punctuation's dashes
    /// and quotes, CJK punctuation, CJK Unified Ideographs, full-width punctuation.
    static func isStable<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, caseless: Bool) -> Bool where Bytes.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            if lead < 0xE0 {
                // Two bytes: U+0080 … U+07FF; below U+0300 the lead byte is at most 0xCB.
                guard !caseless, lead <= 0xCB else { return false }
                index += 2
                continue
            }
            guard lead < 0xF0, index + 2 < bytes.endIndex else { return false }
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            switch scalar {
            case 0x2010...0x2027, 0x3000...0x303F, 0x4E00...0x9FFF, 0xFF01...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65:
                index += 3
            default:
                return false
            }
        }
        return true
    }

    /// Blanks out what is not prose, keeping every byte's position: code spans, link and
    /// wiki-link targets, autolinks, rule headers' `[!KIND id]` and `{…}` attributes, anchors.
    /// Every delimiter is ASCII, so a byte scan finds them without splitting a character.
    private static func mask(_ bytes: inout [UInt8]) {
        func blank(_ range: Range<Int>) { for index in range { bytes[index] = 0 } }
        func first(_ byte: Character, from start: Int) -> Int? {
            let value = byte.asciiValue!
            return bytes[start...].firstIndex(of: value)
        }
        var index = 0
        while index < bytes.count {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch bytes[index] {
            case UInt8(ascii: "`"):
                var run = 0
                while index + run < bytes.count, bytes[index + run] == UInt8(ascii: "`") { run += 1 }
                let closing = [UInt8](repeating: UInt8(ascii: "`"), count: run)
                let end = occurrences(of: closing, in: bytes, from: index + run).first.map { $0 + run } ?? bytes.count
                blank(index..<end)
                index = end
            case UInt8(ascii: "[") where next == UInt8(ascii: "["):
                // `[[target|text]]`: the target is an id; the text after `|` is prose.
                let end = occurrences(of: Array("]]".utf8), in: bytes, from: index).first ?? bytes.count
                let bar = bytes[index..<end].firstIndex(of: UInt8(ascii: "|")) ?? end
                blank(index..<bar)
                index = min(end + 2, bytes.count)
            case UInt8(ascii: "[") where next == UInt8(ascii: "!"):
                let end = first("]", from: index) ?? bytes.count
                blank(index..<end)
                index = end
            case UInt8(ascii: "]") where next == UInt8(ascii: "("):
                let end = first(")", from: index) ?? bytes.count
                blank(index..<end)
                index = end
            case UInt8(ascii: "<"):
                let end = first(">", from: index) ?? index
                blank(index..<end)
                index = end + 1
            case UInt8(ascii: "{"):
                let end = first("}", from: index) ?? bytes.count
                blank(index..<end)
                index = end
            default:
                index += 1
            }
        }
    }

    private static func blankOccurrences(of pattern: [UInt8], in bytes: inout [UInt8]) -> Bool {
        let found = occurrences(of: pattern, in: bytes)
        for position in found {
            for index in position..<(position + pattern.count) { bytes[index] = 0 }
        }
        return !found.isEmpty
    }

    /// Where `pattern` occurs in `bytes`, not overlapping. UTF-8 is self-synchronising: a match of
    /// whole characters starts and ends on character boundaries.
    private static func occurrences(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> [Int] {
        guard let first = pattern.first, bytes.count - start >= pattern.count else { return [] }
        var found: [Int] = []
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                found.append(index)
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// Whether the character before `position` ends a word (or there is none).
    private static func isWordBoundary(before position: Int, in bytes: [UInt8]) -> Bool {
        guard position > 0 else { return true }
        let last = bytes[position - 1]
        if last < 0x80 {
            return !(last.isASCIIDigit || last.isASCIILetter)
        }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard let scalar = String(decoding: bytes[start..<position], as: UTF8.self).unicodeScalars.last else { return true }
        let character = Character(scalar)
        return !(character.isLetter || character.isNumber)
    }
}

private extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}

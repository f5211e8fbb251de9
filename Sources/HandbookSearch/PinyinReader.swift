/// Mandarin readings (pinyin without tones) for the search index's pinyin keys, from the tables
/// in `PinyinData.swift` (made by scripts/pinyin/make_table.py). A word the table knows is read
/// as a word (银行 yin hang), longest first; every other character by its most common reading.
package struct PinyinReader: Sendable {
    /// Most common reading per character (by scalar value).
    private let characters: [UInt32: String]
    /// Readings of the table's words, by the word's scalar values.
    private let words: [[UInt32]: [String]]
    /// The longest word that starts with a character: most characters start none.
    private let longestWordFrom: [UInt32: Int]
    /// The characters of the Basic Multilingual Plane that start a word, as bits: a title's
    /// characters are passed over without a lookup.
    private let startsWord: [UInt64]

    package static let shared = PinyinReader(characters: PinyinData.characters, words: PinyinData.words)

    package init(characters characterTable: String, words wordTable: String) {
        var characters: [UInt32: String] = [:]
        for line in characterTable.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let syllable = String(line[..<space])
            for scalar in line[line.index(after: space)...].unicodeScalars { characters[scalar.value] = syllable }
        }
        var words: [[UInt32]: [String]] = [:]
        var longest: [UInt32: Int] = [:]
        for line in wordTable.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            let word = fields[0].unicodeScalars.map(\.value)
            guard fields.count == word.count + 1, let first = word.first else { continue }
            words[word] = Array(fields.dropFirst())
            longest[first] = max(longest[first] ?? 0, word.count)
        }
        self.characters = characters
        self.words = words
        longestWordFrom = longest
        var startsWord = [UInt64](repeating: 0, count: 0x10000 / 64)
        for first in longest.keys where first < 0x10000 { startsWord[Int(first >> 6)] |= 1 << UInt64(first & 63) }
        self.startsWord = startsWord
    }

    /// The key of `text` when it differs from its characters' most common readings, else "":
    /// what a record carries, the rest being read through `readings(of:)`.
    package func exceptionalKey(_ text: String) -> String {
        // Most titles hold no word whose reading differs: found without reading every character.
        var differs = false
        _ = read(text, collecting: false) { word, reading in
            if !differs { differs = zip(word, reading).contains { characters[$0] != $1 } }
        }
        return differs ? key(text) : ""
    }

    /// The most common readings of the Han characters among `scalars`, grouped by reading as
    /// `syllable` then its characters (`dao导到hang航行…`), readings in alphabetical order.
    package func readings(of scalars: some Sequence<Unicode.Scalar>) -> String {
        var byReading: [String: [Unicode.Scalar]] = [:]
        for scalar in scalars where Self.isSearchHan(scalar.value) {
            if let syllable = characters[scalar.value] { byReading[syllable, default: []].append(scalar) }
        }
        return byReading.sorted { $0.key < $1.key }.map { syllable, scalars in
            syllable + String(String.UnicodeScalarView(scalars.sorted { $0.value < $1.value }))
        }.joined()
    }

    /// Whether the search reads `character` as Han (`isHanCode` in assets/search.js).
    package static func isSearchHan(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let value = character.unicodeScalars.first?.value else { return false }
        return isSearchHan(value)
    }

    package static func isSearchHan(_ value: UInt32) -> Bool {
        (0x3400...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
    }

    /// One syllable per Han character of `text` (already normalised), in order, separated by
    /// spaces; `-` for a character without a known reading. "" when `text` has no Han.
    package func key(_ text: String, words useWords: Bool = true) -> String {
        read(text, words: useWords) { _, _ in }.joined(separator: " ")
    }

    /// The syllables of `text`'s Han characters, words first (longest first); `matched` hears
    /// each word read as a word. Without `collecting`, the words are found and no syllable kept.
    private func read(_ text: String, words useWords: Bool = true, collecting: Bool = true,
                      matched: (ArraySlice<UInt32>, [String]) -> Void) -> [String] {
        var syllables: [String] = []
        var run: [UInt32] = []
        func readRun() {
            var at = 0
            while at < run.count {
                let first = run[at]
                let mayStartWord = useWords && (first >= 0x10000 || startsWord[Int(first >> 6)] & (1 << UInt64(first & 63)) != 0)
                var length = mayStartWord ? min(longestWordFrom[first] ?? 0, run.count - at) : 0
                while length >= 2 {
                    let word = run[at..<(at + length)]
                    if let reading = words[Array(word)] {
                        matched(word, reading)
                        if collecting { syllables += reading }
                        at += length
                        break
                    }
                    length -= 1
                }
                if length < 2 {
                    if collecting { syllables.append(characters[first] ?? "-") }
                    at += 1
                }
            }
            run.removeAll(keepingCapacity: true)
        }
        // A Han character is one scalar; one that a mark or joiner extends is not read as Han.
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            // No mark or joiner is below U+0300 or Han.
            let combined = next.map {
                $0.value >= 0x300 && !Self.isSearchHan($0.value) && ($0.properties.isGraphemeExtend || $0.value == 0x200D)
            } ?? false
            if Self.isSearchHan(scalar.value), !combined { run.append(scalar.value) } else if !run.isEmpty { readRun() }
        }
        if !run.isEmpty { readRun() }
        return syllables
    }
}

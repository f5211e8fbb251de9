/// Mandarin readings (pinyin without tones) for the search index's pinyin keys, from the tables
/// in `PinyinData.swift` (made by scripts/pinyin/make_table.py). A word the table knows is read
/// as a word (银行 yin hang), longest first; every other character by its most common reading.
struct PinyinReader: Sendable {
    private let characters: [Character: String]
    private let words: [String: [String]]
    private let longestWord: Int

    static let shared = PinyinReader(characters: PinyinData.characters, words: PinyinData.words)

    init(characters characterTable: String, words wordTable: String) {
        var characters: [Character: String] = [:]
        for line in characterTable.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let syllable = String(line[..<space])
            for character in line[line.index(after: space)...] { characters[character] = syllable }
        }
        var words: [String: [String]] = [:]
        var longest = 0
        for line in wordTable.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == fields[0].count + 1 else { continue }
            words[fields[0]] = Array(fields.dropFirst())
            longest = max(longest, fields[0].count)
        }
        self.characters = characters
        self.words = words
        longestWord = longest
    }

    /// The key of `text` when it differs from its characters' most common readings, else "":
    /// what a record carries, the rest being read through `readings(of:)`.
    func exceptionalKey(_ text: String) -> String {
        let key = key(text)
        return key == self.key(text, words: false) ? "" : key
    }

    /// The most common readings of the Han characters among `scalars`, grouped by reading as
    /// `syllable` then its characters (`dao导到hang航行…`), readings in alphabetical order.
    func readings(of scalars: some Sequence<Unicode.Scalar>) -> String {
        var byReading: [String: [Unicode.Scalar]] = [:]
        for scalar in scalars where Self.isSearchHan(Character(scalar)) {
            if let syllable = characters[Character(scalar)] { byReading[syllable, default: []].append(scalar) }
        }
        return byReading.sorted { $0.key < $1.key }.map { syllable, scalars in
            syllable + String(String.UnicodeScalarView(scalars.sorted { $0.value < $1.value }))
        }.joined()
    }

    /// Whether the search reads `character` as Han (`isHanCode` in assets/search.js).
    static func isSearchHan(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let value = character.unicodeScalars.first?.value else { return false }
        return (0x3400...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
    }

    /// One syllable per Han character of `text` (already normalised), in order, separated by
    /// spaces; `-` for a character without a known reading. "" when `text` has no Han.
    func key(_ text: String, words useWords: Bool = true) -> String {
        var syllables: [String] = []
        var run: [Character] = []
        func read() {
            var at = 0
            while at < run.count {
                var matched = false
                for length in stride(from: min(useWords ? longestWord : 0, run.count - at), through: 2, by: -1) {
                    if let reading = words[String(run[at..<(at + length)])] {
                        syllables += reading
                        at += length
                        matched = true
                        break
                    }
                }
                if !matched {
                    syllables.append(characters[run[at]] ?? "-")
                    at += 1
                }
            }
            run.removeAll(keepingCapacity: true)
        }
        for character in text {
            if Self.isSearchHan(character) { run.append(character) } else if !run.isEmpty { read() }
        }
        if !run.isEmpty { read() }
        return syllables.joined(separator: " ")
    }
}

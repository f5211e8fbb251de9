import Foundation

/// Phrases whose converted form is fixed in advance (the reviewed overrides and the glossary's
/// terms), found in a text by longest match. Kept as UTF-8 bytes and indexed by their first
/// character, so that finding them costs one dictionary lookup per non-ASCII character.
struct FixedPhrases: Sendable {
    struct Phrase: Sendable {
        var source: [UInt8]
        var target: [UInt8]
    }

    /// First character's UTF-8 bytes, packed → phrases starting with it, longest first.
    private var byFirstCharacter: [UInt32: [Phrase]] = [:]
    var count: Int { byFirstCharacter.values.reduce(0) { $0 + $1.count } }

    /// `pairs` in order of precedence: a source phrase given twice keeps its first target.
    /// Phrases that start with an ASCII character are left out (they would match inside words).
    init(_ pairs: [(source: String, target: String)]) {
        var seen = Set<String>()
        for (source, target) in pairs where !source.isEmpty && seen.insert(source).inserted {
            let bytes = Array(source.utf8)
            guard bytes[0] >= 0x80 else { continue }
            byFirstCharacter[Self.key(bytes, at: 0), default: []].append(Phrase(source: bytes, target: Array(target.utf8)))
        }
        for key in byFirstCharacter.keys { byFirstCharacter[key]!.sort { $0.source.count > $1.source.count } }
    }

    /// The longest phrase starting at `position` (the first byte of a character), if any.
    func match(in text: UnsafeBufferPointer<UInt8>, at position: Int) -> Phrase? {
        guard text[position] >= 0x80, let candidates = byFirstCharacter[Self.key(text, at: position)] else { return nil }
        let remaining = text.count - position
        return candidates.first { phrase in
            phrase.source.count <= remaining && phrase.source.withUnsafeBufferPointer { source in
                memcmp(source.baseAddress!, text.baseAddress! + position, source.count) == 0
            }
        }
    }

    /// The bytes of the character at `position`, packed into one number.
    private static func key<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at position: Int) -> UInt32
        where Bytes.Index == Int {
        let length = UTF8Length.ofCharacter(startingWith: bytes[position])
        var key: UInt32 = 0
        for offset in 0..<min(length, bytes.count - position) { key = key << 8 | UInt32(bytes[position + offset]) }
        return key
    }
}

enum UTF8Length {
    /// How many bytes the character whose first byte is `lead` takes (1 for a stray continuation byte).
    static func ofCharacter(startingWith lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

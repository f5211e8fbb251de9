import Foundation
import TextBytes

/// A piece of a chapter that is translated as one: the chapter's opening (title, summary and the
/// prose before the first section), a section's own prose, or a rule.
public struct TranslationUnit: Sendable {
    public enum Kind: Sendable { case opening, section, rule }

    /// `controls/buttons` (opening), `controls/buttons#system-buttons` (section) or
    /// `controls.buttons.verb-titles` (rule): the key in `content/translations.lock`.
    public var key: String
    public var kind: Kind
    public var chapterID: String
    /// The section anchor or rule local id; nil for the opening.
    public var anchor: String?
    public var fingerprint: Fingerprint
    public var location: SourceLocation
}

/// FNV-1a (64-bit) of the unit's text with whitespace runs collapsed: stable across runs and
/// machines (Swift's `Hasher` is seeded per process), and only text changes change it.
public struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    public var value: UInt64

    public init(value: UInt64) { self.value = value }

    public init(of text: String) {
        value = Self.hashIfPlain(text) ?? Self.hash(collapsing: text)
    }

    /// The fingerprint of text given as its UTF-8 bytes.
    init(utf8 bytes: [UInt8]) {
        value = bytes.withUnsafeBufferPointer { Self.hashIfPlain(bytes: $0) }
            ?? Self.hash(collapsing: String(decoding: bytes, as: UTF8.self))
    }

    /// The definition: NFC, whitespace runs (by character) collapsed to one space, FNV-1a of the
    /// UTF-8 bytes.
    static func hash(collapsing text: String) -> UInt64 {
        let collapsed = text.precomposedStringWithCanonicalMapping
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        var hash = FNV.offset
        for byte in collapsed.utf8 { FNV.add(byte, to: &hash) }
        return hash
    }

    /// The same hash in one pass, without Foundation, for text made only of scalars that NFC
    /// leaves alone and that are each a character of their own (ASCII, Latin-1, punctuation,
    /// kana, Han, full-width forms: nearly all of the handbook); nil for any other text.
    static func hashIfPlain(_ text: String) -> UInt64? {
        var text = text
        return text.withUTF8 { hashIfPlain(bytes: $0) }
    }

    static func hashIfPlain(bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        // FNV-1a takes a multiply per byte, one after another; the rest of the loop is kept
        // out of its way: a word's printable ASCII and a Han character's three bytes are hashed
        // without the general checks (the hash of the handbook's text was 2 % of a build).
        var hash = FNV.offset
        var pendingSpace = false
        var started = false
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                // ASCII, nearly all of English text: plain, one byte, whitespace by its value.
                if byte == 0x20 || byte &- 0x09 < 5 {
                    pendingSpace = started
                    index += 1
                    continue
                }
                if pendingSpace { FNV.add(UInt8(ascii: " "), to: &hash) }
                pendingSpace = false
                started = true
                FNV.add(byte, to: &hash)
                index += 1
                // The rest of the word.
                while index < count, bytes[index] &- 0x21 < 0x5F {
                    FNV.add(bytes[index], to: &hash)
                    index += 1
                }
                continue
            }
            // Han (U+4E00–U+9FFF: E4 B8 80 to E9 BF BF), most of Chinese text: plain, not white space.
            if index + 2 < count, byte &- 0xE5 < 5 || (byte == 0xE4 && bytes[index + 1] >= 0xB8) {
                if pendingSpace { FNV.add(UInt8(ascii: " "), to: &hash) }
                pendingSpace = false
                started = true
                FNV.add(byte, to: &hash)
                FNV.add(bytes[index + 1], to: &hash)
                FNV.add(bytes[index + 2], to: &hash)
                index += 3
                continue
            }
            let (value, length) = UTF8Scalar.decode(at: index, in: bytes)
            guard UTF8Scalar.isPlain(value) else { return nil }
            if isWhitespace(value) {
                pendingSpace = started
            } else {
                if pendingSpace { FNV.add(UInt8(ascii: " "), to: &hash) }
                pendingSpace = false
                started = true
                for offset in 0..<length { FNV.add(bytes[index + offset], to: &hash) }
            }
            index += length
        }
        return hash
    }

    /// Unicode White_Space among the plain scalars.
    static func isWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x3000: true
        default: false
        }
    }

    private enum FNV {
        static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
        static func add(_ byte: UInt8, to hash: inout UInt64) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
    }

    /// Exactly sixteen hexadecimal digits.
    init?(hexDigits bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        self.value = value
    }

    public init?(hex: String) {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Chapter {
    /// The chapter cut into translation units, in reading order.
    func translationUnits() -> [TranslationUnit] {
        // Links count as text: a changed target is a change a translator must follow.
        let plain = PlainTextRenderer { target, text in "[[\(target)|\(text ?? "")]]" }
        var units: [TranslationUnit] = []
        var currentKey = id
        var currentKind = TranslationUnit.Kind.opening
        var currentAnchor: String?
        var currentLocation = source
        // Each unit's text is written as bytes into one buffer and hashed from there.
        var text = Array((title + "\n" + summary + "\n" + (legacyNote ?? "")).utf8)
        func flush() {
            units.append(TranslationUnit(key: currentKey, kind: currentKind, chapterID: id, anchor: currentAnchor,
                                         fingerprint: Fingerprint(utf8: text), location: currentLocation))
        }
        var ruleText: [UInt8] = []
        for block in content {
            switch block {
            case .markdown(let markdown):
                text.append(0x0A)
                plain.append(markdown, to: &text)
            case .section(let section):
                flush()
                currentKey = id + "#" + section.anchor
                currentKind = .section
                currentAnchor = section.anchor
                currentLocation = section.location
                text.removeAll(keepingCapacity: true)
                plain.append(section.title, to: &text)
            case .rule(let rule):
                // Title, body and note, a line each.
                ruleText.removeAll(keepingCapacity: true)
                ruleText += rule.title.utf8
                ruleText.append(0x0A)
                plain.append(rule.body, to: &ruleText)
                ruleText.append(0x0A)
                ruleText += (rule.note ?? "").utf8
                // Earlier forms, when there are any (a rule without them keeps its fingerprint).
                for earlier in rule.history {
                    ruleText.append(0x0A)
                    ruleText += earlier.edition.utf8
                    ruleText.append(0x0A)
                    plain.append(earlier.body, to: &ruleText)
                }
                // Examples are translated text too (again, none leaves the fingerprint as it was).
                for example in rule.examples {
                    ruleText.append(0x0A)
                    ruleText += example.kind.rawValue.utf8
                    ruleText.append(0x20)
                    ruleText += example.text.utf8
                }
                units.append(TranslationUnit(key: ruleID(rule.localID), kind: .rule, chapterID: id, anchor: rule.localID,
                                             fingerprint: Fingerprint(utf8: ruleText), location: rule.location))
            }
        }
        flush()
        return units
    }
}

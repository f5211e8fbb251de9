/// Writes a generated language's text from its source language's (zh-Hant from zh-Hans).
///
/// The fixed phrases (the reviewed overrides, then the glossary's terms) are found first, the
/// longest at each place; the text is split at them, only the pieces between go through OpenCC,
/// and each phrase's given form is put in between the converted pieces: a fixed phrase is final,
/// never converted again. Where a fixed form is Latin (`应用` → `App`) beside Han text, a space
/// separates the two, as the Simplified text separates Latin words from Han ones.
struct ScriptConversion: Sendable {
    /// Nil when OpenCC could not be opened (an error already): the text between the fixed
    /// phrases is then copied as it is.
    let converter: OpenCCConverter?
    let phrases: FixedPhrases

    /// `text` in the target language; nil when OpenCC fails.
    func convert(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var writer = Writer(capacity: bytes.count + bytes.count / 8)
            var gapStart = 0, position = 0
            func flushGap() -> Bool {
                defer { gapStart = position }
                guard gapStart < position else { return true }
                let gap = UnsafeBufferPointer(rebasing: bytes[gapStart..<position])
                guard let converter, gap.contains(where: { $0 >= 0x80 }) else {
                    writer.append(gap, fixed: false)
                    return true
                }
                var converted: [UInt8] = []
                converted.reserveCapacity(gap.count + 16)
                guard converter.convert(gap, appendingTo: &converted) else { return false }
                converted.withUnsafeBufferPointer { writer.append($0, fixed: false) }
                return true
            }
            while position < bytes.count {
                guard bytes[position] >= 0xC0, let phrase = phrases.match(in: bytes, at: position) else {
                    position += 1
                    continue
                }
                guard flushGap() else { return nil }
                phrase.target.withUnsafeBufferPointer { writer.append($0, fixed: true) }
                position += phrase.source.count
                gapStart = position
            }
            guard flushGap() else { return nil }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    /// The converted text as it grows, with the spaces between a Latin fixed form and Han text.
    private struct Writer {
        var bytes: [UInt8] = []
        private var lastWasFixed = false

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        mutating func append(_ piece: UnsafeBufferPointer<UInt8>, fixed: Bool) {
            guard let first = piece.first else { return }
            if fixed || lastWasFixed, let last = bytes.last {
                let latinThenHan = Self.isLatin(last) && Self.startsWithHan(piece[...])
                let hanThenLatin = Self.isLatin(first) && Self.endsWithHan(bytes)
                if latinThenHan || hanThenLatin { bytes.append(UInt8(ascii: " ")) }
            }
            bytes.append(contentsOf: piece)
            lastWasFixed = fixed
        }

        private static func isLatin(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        private static func startsWithHan(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
            return SearchNormalizer.isHan(scalar)
        }

        private static func endsWithHan(_ bytes: [UInt8]) -> Bool {
            guard var start = bytes.indices.last else { return false }
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            var iterator = bytes[start...].makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
            return SearchNormalizer.isHan(scalar)
        }
    }
}

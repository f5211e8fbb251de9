#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searches and trims that work on UTF-8 bytes. Foundation's `range(of:)`, `contains(_:)` and
/// `trimmingCharacters(in:)` bridge every call through NSString, which cost a sixth of a build;
/// the handbook only ever looks for ASCII punctuation and trims spaces.
extension StringProtocol {
    /// The first occurrence of `needle`, which must be ASCII.
    @inlinable package func firstRange(ofASCII needle: StaticString) -> Range<Index>? {
        let bytes = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let utf8 = self.utf8
        guard let first = bytes.first else { return nil }
        // Native text is one buffer of bytes: search it with memchr and memcmp, then turn the
        // offset into an index (constant time for native UTF-8).
        if let offset = utf8.withContiguousStorageIfAvailable({ text -> Int? in
            guard let base = text.baseAddress else { return nil }
            var position = 0
            while position + bytes.count <= text.count,
                  let hit = memchr(base + position, Int32(first), text.count - position) {
                let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard found + bytes.count <= text.count else { return nil }
                if memcmp(base + found, bytes.baseAddress!, bytes.count) == 0 { return found }
                position = found + 1
            }
            return nil
        }) {
            guard let offset else { return nil }
            let lower = utf8.index(utf8.startIndex, offsetBy: offset)
            return lower..<utf8.index(lower, offsetBy: bytes.count)
        }
        var start = utf8.startIndex
        while let found = utf8[start...].firstIndex(of: first) {
            var end = found
            var matched = true
            for byte in bytes {
                guard end != utf8.endIndex, utf8[end] == byte else { matched = false; break }
                end = utf8.index(after: end)
            }
            if matched { return found..<end }
            start = utf8.index(after: found)
        }
        return nil
    }

    /// The last occurrence of `needle`, which must be ASCII.
    @inlinable package func lastRange(ofASCII needle: StaticString) -> Range<Index>? {
        var last: Range<Index>?
        var rest = self[...]
        while let found = rest.firstRange(ofASCII: needle) {
            last = found
            rest = rest[rest.utf8.index(after: found.lowerBound)...]
        }
        return last
    }

    /// `count` (the number of characters), without grapheme breaking when every scalar is
    /// one that stands as a character on its own (`UTF8Scalar.isPlain`): then only CR LF pairs
    /// join. Diagnostic columns count characters, for every text run of every chapter.
    @inlinable package var characterCount: Int {
        let fast = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var count = 0
            var index = 0
            var previousCR = false
            while index < bytes.count {
                let (value, length) = UTF8Scalar.decode(at: index, in: bytes)
                guard UTF8Scalar.isPlain(value) else { return nil }
                if !(previousCR && value == 0x0A) { count += 1 }
                previousCR = value == 0x0D
                index += length
            }
            return count
        }
        return (fast ?? nil) ?? count
    }

    @inlinable package func contains(ascii needle: StaticString) -> Bool {
        firstRange(ofASCII: needle) != nil
    }

    /// Without leading and trailing tabs and spaces (Unicode `Zs`): what
    /// `trimmingCharacters(in: .whitespaces)` removes.
    @inlinable package func trimmingSpaces() -> String {
        // Most text starts and ends with an ASCII character that is not a space or a tab: then
        // there is nothing to trim, and only the two ends are decoded.
        let scalars = unicodeScalars
        if let first = scalars.first, let last = scalars.last, first.isASCII, last.isASCII,
           first != " ", first != "\t", last != " ", last != "\t" {
            return String(self)
        }
        guard let first = scalars.firstIndex(where: { !$0.isSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpace })!
        return String(self[first..<scalars.index(after: last)])
    }
}

/// Decoding one scalar of text already known to be valid UTF-8 (every Swift string is).
@usableFromInline package enum UTF8Scalar {
    /// Whether a scalar always stands as a character on its own (no combining marks, joiners or
    /// variation selectors among these): Han first, most of the Chinese text.
    @inlinable
    package static func isPlain(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FFF, 0x00...0x17F, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3030...0x303F,
             0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x3400...0x4DBF,
             0xFF01...0xFF5E:
            true
        default:
            false
        }
    }

    /// The scalar whose lead byte is at `index`, and its length in bytes.
    @inlinable @inline(__always)
    package static func decode(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        guard lead >= 0x80 else { return (UInt32(lead), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & UInt32(0x7F >> length)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (value, length)
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator: Foundation's `CharacterSet.whitespaces`.
    @inlinable package var isSpace: Bool {
        self == " " || self == "\t" || (value > 0x7F && properties.generalCategory == .spaceSeparator)
    }
}

extension Substring {
    /// The lines of the text, found on bytes.
    @inlinable package var lines: LineCursor { LineCursor(text: self) }
}

/// Walks the lines of a text one at a time (`split` would cut the whole file into lines).
@usableFromInline package struct LineCursor: Sequence, IteratorProtocol {
    @usableFromInline package let text: Substring
    /// Where the next line starts.
    @usableFromInline package private(set) var position: String.Index

    @inlinable package init(text: Substring) {
        self.text = text
        position = text.startIndex
    }

    @inlinable package mutating func next() -> Substring? {
        guard position < text.endIndex else { return nil }
        let utf8 = text.utf8
        if let newline = utf8[position...].firstIndex(of: UInt8(ascii: "\n")) {
            defer { position = utf8.index(after: newline) }
            return text[position..<newline]
        }
        defer { position = text.endIndex }
        return text[position...]
    }
}

extension Array where Element == UInt8 {
    /// Whether these bytes hold `pattern` as a contiguous run: a quick test before a slower
    /// Character-level or case-insensitive search.
    @inlinable package func contains(run pattern: [UInt8]) -> Bool {
        guard let first = pattern.first else { return true }
        var index = 0
        while index + pattern.count <= count {
            if self[index] == first, self[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}

/// Searches and trims that work on UTF-8 bytes. Foundation's `range(of:)`, `contains(_:)` and
/// `trimmingCharacters(in:)` bridge every call through NSString, which cost a sixth of a build;
/// the handbook only ever looks for ASCII punctuation and trims spaces.
extension StringProtocol {
    /// The first occurrence of `needle`, which must be ASCII.
    func firstRange(ofASCII needle: StaticString) -> Range<Index>? {
        let bytes = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let utf8 = self.utf8
        guard let first = bytes.first else { return nil }
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
    func lastRange(ofASCII needle: StaticString) -> Range<Index>? {
        var last: Range<Index>?
        var rest = self[...]
        while let found = rest.firstRange(ofASCII: needle) {
            last = found
            rest = rest[rest.utf8.index(after: found.lowerBound)...]
        }
        return last
    }

    func contains(ascii needle: StaticString) -> Bool {
        firstRange(ofASCII: needle) != nil
    }

    /// Without leading and trailing tabs and spaces (Unicode `Zs`): what
    /// `trimmingCharacters(in: .whitespaces)` removes.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpace })!
        return String(self[first..<scalars.index(after: last)])
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator: Foundation's `CharacterSet.whitespaces`.
    var isSpace: Bool {
        self == " " || self == "\t" || (value > 0x7F && properties.generalCategory == .spaceSeparator)
    }
}

extension Substring {
    /// The lines of the text, found on bytes.
    var lines: LineCursor { LineCursor(text: self) }
}

/// Walks the lines of a text one at a time (`split` would cut the whole file into lines).
struct LineCursor: Sequence, IteratorProtocol {
    let text: Substring
    /// Where the next line starts.
    private(set) var position: String.Index

    init(text: Substring) {
        self.text = text
        position = text.startIndex
    }

    mutating func next() -> Substring? {
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

/// JSON written straight into bytes, in exactly the form Foundation's `JSONEncoder` gives with
/// `.sortedKeys` and `.withoutEscapingSlashes`, pretty-printed or not. `JSONEncoder` builds a
/// tree of boxed values before writing any byte: for the 35 MB `rules.json` of a large handbook
/// that was a tenth of the build and its largest allocation. Callers write keys in sorted order,
/// or open the object with `beginObject(sortingMembers: true)` to have its members put in order
/// when it ends (`SortedJSONEncoder`); `JSONTextWriterTests` compares every document written
/// this way with `JSONEncoder`'s bytes.
package struct JSONTextWriter {
    package private(set) var bytes: [UInt8] = []
    package let pretty: Bool
    /// `<`, `>`, `&`, U+2028 and U+2029 inside strings as `\u…` escapes, for JSON embedded in
    /// a script (the same text to a JSON parser).
    package let scriptSafe: Bool
    /// Per open container: is it an array, how many members it has so far, and, for an object
    /// whose members are sorted when it ends, where its members begin in `markKeys`.
    private var open: [(isArray: Bool, count: Int, marks: Int?)] = []
    /// The key of each member of the open sorting objects, and where the member starts (after
    /// the comma that separates it from the one before), side by side.
    private var markKeys: [String] = []
    private var markStarts: [Int] = []
    /// Where a sorted object's members are copied while they are put back in order.
    private var scratch: [UInt8] = []
    /// Objects of more bytes than this are sorted in place, by moving members past each other,
    /// not through `scratch` (a catalogue's top object is most of the document).
    package var scratchLimit = 1 << 20

    package init(pretty: Bool, scriptSafe: Bool = false, capacity: Int = 0) {
        self.pretty = pretty
        self.scriptSafe = scriptSafe
        bytes.reserveCapacity(capacity)
    }

    /// With `sortingMembers`, the members may be written in any order: they are put in the
    /// order of their keys when the object ends.
    package mutating func beginObject(sortingMembers: Bool = false) {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        open.append((false, 0, sortingMembers ? markKeys.count : nil))
    }

    package mutating func endObject() {
        if let first = open.last?.marks {
            sortMembers(from: first)
            markKeys.removeSubrange(first...)
            markStarts.removeSubrange(first...)
        }
        end(UInt8(ascii: "}"))
    }

    package mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open.append((true, 0, nil))
    }

    /// How many containers are open.
    package var depth: Int { open.count }

    /// Ends the innermost open container, object or array.
    package mutating func endContainer() {
        if open.last?.isArray == true { endArray() } else { endObject() }
    }

    package mutating func endArray() { end(UInt8(ascii: "]")) }

    /// A member's key; its value follows.
    package mutating func key(_ key: String) {
        separate(key: key)
        appendString(key)
        bytes.append(contentsOf: pretty ? [0x20, UInt8(ascii: ":"), 0x20] : [UInt8(ascii: ":")])
    }

    package mutating func value(_ text: String) {
        beginValue()
        appendString(text)
    }

    /// A string of bytes none of which needs an escape (ASCII letters, digits, `-` and `_`, as a
    /// search index's posting lists are written): copied as they are.
    package mutating func value(unescapedASCII text: [UInt8]) {
        assert(text.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                   || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }, "a byte that may need an escape")
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        bytes += text
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string given as UTF-16 code units (no lone surrogate), escaped as `value(_:)` escapes
    /// a `String`, without making one.
    package mutating func value(utf16 units: [UInt16]) {
        beginValue()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * units.count) { buffer in
            var count = 0
            _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) { byte in
                buffer[count] = byte
                count += 1
            }
            appendString(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    package mutating func value(_ number: Int) {
        beginValue()
        bytes.append(contentsOf: String(number).utf8)
    }

    package mutating func value<Number: FixedWidthInteger>(_ number: Number) {
        beginValue()
        bytes.append(contentsOf: String(number).utf8)
    }

    /// A number as `JSONEncoder` writes a `Double`: its shortest form without a trailing `.0`
    /// (`44`, `4.5`, `1e+16`).
    package mutating func value(_ number: Double) {
        beginValue()
        appendNumber(number)
    }

    /// A `Float` as `JSONEncoder` writes it: like a `Double`, in the `Float`'s own shortest form.
    package mutating func value(_ number: Float) {
        beginValue()
        appendNumber(number)
    }

    package mutating func value(_ flag: Bool) {
        beginValue()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    package mutating func null() {
        beginValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// As Foundation writes a floating-point number: its description without a trailing `.0`.
    private mutating func appendNumber(_ number: some BinaryFloatingPoint & CustomStringConvertible) {
        let text = number.description.utf8
        bytes.append(contentsOf: text.reversed().starts(with: ".0".utf8.reversed()) ? text.dropLast(2) : text[...])
    }

    // MARK: Layout

    /// Before a value: in an array, the separator and line break; after a key, nothing.
    private mutating func beginValue() {
        guard let last = open.last, last.isArray else { return }
        separate()
    }

    private mutating func separate(key: String? = nil) {
        guard !open.isEmpty else { return }
        if open[open.count - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].count += 1
        if let key, open[open.count - 1].marks != nil {
            markKeys.append(key)
            markStarts.append(bytes.count)
        }
        newline(depth: open.count)
    }

    /// Puts the members of the object being ended in the order of their keys (by code unit, as
    /// `JSONEncoder`'s `.sortedKeys` does). Each member and the comma after it is one piece (the
    /// last member gets a comma too, taken off again at the end). A small object's pieces are
    /// copied aside and back in order; a large one's are moved past each other in place.
    private mutating func sortMembers(from first: Int) {
        let last = markKeys.count - 1
        guard last > first, (first..<last).contains(where: { !Self.precedes(markKeys[$0], markKeys[$0 + 1]) }) else { return }
        bytes.append(UInt8(ascii: ","))
        let start = markStarts[first], end = bytes.count
        func pieceEnd(_ index: Int) -> Int { index < last ? markStarts[index + 1] : end }
        let order = (first...last).sorted { a, b in
            Self.precedes(markKeys[a], markKeys[b]) || (!Self.precedes(markKeys[b], markKeys[a]) && a < b)
        }
        if end - start <= scratchLimit {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: bytes[start..<end])
            var at = start
            scratch.withUnsafeBytes { aside in
                bytes.withUnsafeMutableBytes { buffer in
                    for index in order {
                        let count = pieceEnd(index) - markStarts[index]
                        (buffer.baseAddress! + at).copyMemory(from: aside.baseAddress! + (markStarts[index] - start), byteCount: count)
                        at += count
                    }
                }
            }
        } else {
            // Selection, by rotations: the next piece in order moves in front of those it follows.
            var pieces = (first...last).map { (index: $0, start: markStarts[$0], count: pieceEnd($0) - markStarts[$0]) }
            for (place, index) in order.enumerated() {
                let from = pieces[place...].firstIndex { $0.index == index }!
                guard from != place else { continue }
                let base = pieces[place].start
                Self.rotate(&bytes, base, pieces[from].start, pieces[from].start + pieces[from].count)
                let moved = pieces.remove(at: from)
                for shifted in place..<from { pieces[shifted].start += moved.count }
                pieces.insert((moved.index, base, moved.count), at: place)
            }
        }
        bytes.removeLast()
    }

    /// Key order: by UTF-16 code unit, as Foundation sorts keys. UTF-8's byte order is code
    /// point order, which is the same but where a character beyond the Basic Multilingual Plane
    /// (UTF-8 lead byte F0–F4, surrogates in UTF-16) meets one from U+E000 to U+FFFF (EE, EF).
    private static func precedes(_ a: String, _ b: String) -> Bool {
        let ordered = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b -> Bool in
                for (x, y) in zip(a, b) where x != y {
                    if x >= 0xF0, y == 0xEE || y == 0xEF { return true }
                    if y >= 0xF0, x == 0xEE || x == 0xEF { return false }
                    return x < y
                }
                return a.count < b.count
            }
        }
        return (ordered ?? nil) ?? a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// Makes `bytes[middle..<upper]` come before `bytes[lower..<middle]`, copying aside only the
    /// shorter of the two (a catalogue's small members move past its large lists).
    private static func rotate(_ bytes: inout [UInt8], _ lower: Int, _ middle: Int, _ upper: Int) {
        let left = middle - lower, right = upper - middle
        guard left > 0, right > 0 else { return }
        if right <= left {
            let aside = Array(bytes[middle..<upper])
            bytes.withUnsafeMutableBytes { buffer in
                let base = buffer.baseAddress!
                (base + lower + right).copyMemory(from: base + lower, byteCount: left)
                aside.withUnsafeBytes { (base + lower).copyMemory(from: $0.baseAddress!, byteCount: right) }
            }
        } else {
            let aside = Array(bytes[lower..<middle])
            bytes.withUnsafeMutableBytes { buffer in
                let base = buffer.baseAddress!
                (base + lower).copyMemory(from: base + middle, byteCount: right)
                aside.withUnsafeBytes { (base + lower + right).copyMemory(from: $0.baseAddress!, byteCount: left) }
            }
        }
    }

    private mutating func end(_ bracket: UInt8) {
        let closed = open.removeLast()
        // An empty container is printed with an empty line inside, as JSONEncoder does.
        if closed.count == 0, pretty { bytes.append(UInt8(ascii: "\n")) }
        newline(depth: open.count)
        bytes.append(bracket)
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        let indentation = 2 * depth
        if indentation <= Self.spaces.count {
            bytes.append(contentsOf: Self.spaces[..<indentation])
        } else {
            bytes.append(contentsOf: repeatElement(0x20, count: indentation))
        }
    }

    // MARK: Strings

    private static let hex = Array("0123456789abcdef".utf8)
    private static let spaces = [UInt8](repeating: 0x20, count: 32)

    private mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { appendString($0) }
    }

    private mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var run = 0
        var index = 0
        let base = UnsafeRawPointer(utf8.baseAddress)
        while index < utf8.count {
            // Eight bytes at a time while none of them needs care (most of a catalogue's text).
            if let base, index + 8 <= utf8.count, !Self.mayNeedEscape(ByteWord.load(base, at: index), scriptSafe: scriptSafe) {
                index += 8
                continue
            }
            let byte = utf8[index]
            // Most bytes need nothing: they are copied in runs.
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (scriptSafe && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                    || byte == UInt8(ascii: "&") || byte == 0xE2))
            else {
                index += 1
                continue
            }
            if byte == 0xE2 {
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; other E2 sequences stay.
                guard index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
                else {
                    index += 1
                    continue
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0xE2:
                appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 2
            default: appendUnicodeEscape(UInt16(byte))
            }
            index += 1
            run = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes in `word` might need an escape (never a false "no").
    private static func mayNeedEscape(_ word: UInt64, scriptSafe: Bool) -> Bool {
        if ByteWord.containsByte(below: 0x20, in: word) || ByteWord.contains(0x22, in: word)
            || ByteWord.contains(0x5C, in: word) { return true }
        return scriptSafe && (ByteWord.contains(0x3C, in: word) || ByteWord.contains(0x3E, in: word)
            || ByteWord.contains(0x26, in: word) || ByteWord.contains(0xE2, in: word))
    }

    private mutating func appendUnicodeEscape(_ unit: UInt16) {
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(Self.hex[Int(unit >> UInt16(shift)) & 0xF]) }
    }
}

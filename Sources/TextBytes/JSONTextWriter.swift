/// JSON written straight into bytes, in exactly the form Foundation's `JSONEncoder` gives with
/// `.sortedKeys` and `.withoutEscapingSlashes`, pretty-printed or not. `JSONEncoder` builds a
/// tree of boxed values before writing any byte: for the 35 MB `rules.json` of a large handbook
/// that was a tenth of the build and its largest allocation. Callers write keys in sorted order;
/// `JSONTextWriterTests` compares every document written this way with `JSONEncoder`'s bytes.
package struct JSONTextWriter {
    package private(set) var bytes: [UInt8] = []
    package let pretty: Bool
    /// `<`, `>`, `&`, U+2028 and U+2029 inside strings as `\u…` escapes, for JSON embedded in
    /// a script (the same text to a JSON parser).
    package let scriptSafe: Bool
    /// Per open container: is it an array, and how many members it has so far.
    private var open: [(isArray: Bool, count: Int)] = []

    package init(pretty: Bool, scriptSafe: Bool = false, capacity: Int = 0) {
        self.pretty = pretty
        self.scriptSafe = scriptSafe
        bytes.reserveCapacity(capacity)
    }

    package mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        open.append((false, 0))
    }

    package mutating func endObject() { end(UInt8(ascii: "}")) }

    package mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open.append((true, 0))
    }

    package mutating func endArray() { end(UInt8(ascii: "]")) }

    /// A member's key; its value follows.
    package mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(contentsOf: pretty ? [0x20, UInt8(ascii: ":"), 0x20] : [UInt8(ascii: ":")])
    }

    package mutating func value(_ text: String) {
        beginValue()
        appendString(text)
    }

    package mutating func value(_ number: Int) {
        beginValue()
        bytes.append(contentsOf: String(number).utf8)
    }

    package mutating func member(_ key: String, _ text: String) {
        self.key(key)
        appendString(text)
    }

    package mutating func member(_ key: String, _ number: Int) {
        self.key(key)
        bytes.append(contentsOf: String(number).utf8)
    }

    /// A number as `JSONEncoder` writes a `Double`: whole numbers without a fraction (`44`),
    /// others in their shortest form (`4.5`).
    package mutating func member(_ key: String, _ number: Double) {
        self.key(key)
        if number.rounded() == number, abs(number) < 1e15 {
            bytes.append(contentsOf: String(Int64(number)).utf8)
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
    }

    package mutating func member(_ key: String, _ flag: Bool) {
        self.key(key)
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    package mutating func member(_ key: String, _ texts: [String]) {
        self.key(key)
        beginArray()
        for text in texts { value(text) }
        endArray()
    }

    /// A line break after the document.
    package mutating func endLine() { bytes.append(UInt8(ascii: "\n")) }

    // MARK: Layout

    /// Before a value: in an array, the separator and line break; after a key, nothing.
    private mutating func beginValue() {
        guard let last = open.last, last.isArray else { return }
        separate()
    }

    private mutating func separate() {
        guard !open.isEmpty else { return }
        if open[open.count - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].count += 1
        newline(depth: open.count)
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
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
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
        }
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

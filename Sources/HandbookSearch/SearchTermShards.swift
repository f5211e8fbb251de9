import TextBytes
/// The postings of a chunked search index, split by term, so that a query loads the lists of
/// what it typed and nothing else (docs/search-index.md, Chunks).
///
/// The grams are those search.js's `Postings` names in the browser for an index in one file:
/// each Latin-script word, each Han character with each pair and triple of adjacent Han
/// characters, and each other letter (a character beyond the Basic Multilingual Plane as its
/// two code units). Each gram lists its records twice: those holding it in their title, text,
/// context or rule id ("text"), and those holding it in their title ("title"). A gram is filed
/// under its directory key: a Latin word's first two letters (the word when shorter), a Han
/// gram's first character, an other letter itself. A Latin letter's key also holds the gram ""
/// with the records that have any word starting with that letter, for a one-letter query.
/// Keys are packed in order into shard files of about `target` bytes; a key that large has a
/// shard of its own.
package struct SearchTermShards: Sendable {
    /// A gram: a word, or up to three UTF-16 code units packed (Han grams, other letters).
    enum Gram: Hashable, Sendable {
        case units(UInt64)
        case word(String)

        init(_ a: UInt16, _ b: UInt16? = nil, _ c: UInt16? = nil) {
            self = .units(Self.packed(a, b, c))
        }

        /// The number `.units` holds for up to three code units: their count, then each.
        static func packed(_ a: UInt16, _ b: UInt16? = nil, _ c: UInt16? = nil) -> UInt64 {
            let count: UInt64 = c != nil ? 3 : b != nil ? 2 : 1
            return count << 48 | UInt64(a) << 32 | UInt64(b ?? 0) << 16 | UInt64(c ?? 0)
        }

        var utf16: [UInt16] {
            switch self {
            case .word(let word): return Array(word.utf16)
            case .units(let bits):
                let units = [UInt16(bits >> 32 & 0xFFFF), UInt16(bits >> 16 & 0xFFFF), UInt16(bits & 0xFFFF)]
                return Array(units.prefix(Int(bits >> 48)))
            }
        }
    }

    /// The grams of records in order, each with the records (numbers, increasing) holding it.
    /// One table for the whole index: Han grams are looked up by their packed code units in a
    /// table of their own (the most frequent lookup of a Chinese index), words by their text.
    ///
    /// A collector gathers the grams filed under keys whose first code unit is in `keys`:
    /// collectors over disjoint ranges are given every record's `Grams`, side by side, and their
    /// `Part`s make the same shards as one collector over all keys.
    package struct Collector: Sendable {
        package let keys: Range<UInt32>
        /// Open addressing, doubled when half full; small at first (a collector over few keys
        /// never needs 65,536 slots, and four of them at once held 3 MB). A slot holds the
        /// gram's bits and its number side by side, and a gram's three lists sit together: a
        /// lookup is a miss in the cache or two, not five.
        private var slots = [Slot](repeating: Slot(), count: 1 << 12)
        private var unitCount = 0
        /// Words too long to pack (`Grams.packedASCII`), by a hash of their code units; each
        /// slot's `bits` is the hash (never 0) and `id` the word's place in `longWords`.
        private var wordSlots = [Slot](repeating: Slot(), count: 1 << 8)
        /// Each long word's code units and its gram number.
        private var longWords: [(units: [UInt16], id: Int32)] = []
        fileprivate var grams: [Gram] = []
        fileprivate var lists: [Lists] = []

        private struct Slot {
            var bits: UInt64 = 0
            var id: Int32 = 0

            /// Where a probe for `bits` starts in a table of `count` slots (a power of two).
            static func first(_ bits: UInt64, in count: Int) -> Int {
                Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 40) & (count - 1)
            }

            /// `table`'s entries in a table twice its size.
            static func doubled(_ table: [Slot]) -> [Slot] {
                var larger = [Slot](repeating: Slot(), count: 2 * table.count)
                for entry in table where entry.bits != 0 {
                    var slot = first(entry.bits, in: larger.count)
                    while larger[slot].bits != 0 { slot = (slot + 1) & (larger.count - 1) }
                    larger[slot] = entry
                }
                return larger
            }
        }

        /// A gram's records: all that hold it, those with it in their title, those whose title
        /// starts with it.
        fileprivate struct Lists {
            var text = PostingList()
            var title = PostingList()
            var starts = PostingList()
        }

        package init(keys: Range<UInt32> = 0..<0x10000) {
            self.keys = keys
        }

        /// Names those of `grams` filed under this collector's keys for record `record` (the
        /// next in order).
        package mutating func add(_ grams: Grams, record: Int32) {
            for place in grams.bits.indices where keys.contains(UInt32(grams.key(place))) {
                let flags = grams.flags[place]
                let inTitle = flags & Grams.inTitle != 0
                let first = flags & Grams.first != 0
                if flags & Grams.longWord != 0 {
                    let id = grams.longUnits.withUnsafeBufferPointer { units in
                        wordID(UnsafeBufferPointer(rebasing: units[grams.longWordRange(place)]))
                    }
                    name(id, record, inTitle, first: first)
                } else {
                    name(grams.bits[place], record, inTitle, first: first)
                }
            }
        }

        /// The number of a word too long to pack, given as its code units: found by their hash,
        /// and told apart from another word of the same hash by the units themselves.
        private mutating func wordID(_ units: UnsafeBufferPointer<UInt16>) -> Int32 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for unit in units { hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }
            hash |= 1
            var slot = Slot.first(hash, in: wordSlots.count)
            while wordSlots[slot].bits != 0 {
                if wordSlots[slot].bits == hash, longWords[Int(wordSlots[slot].id)].units.elementsEqual(units) {
                    return longWords[Int(wordSlots[slot].id)].id
                }
                slot = (slot + 1) & (wordSlots.count - 1)
            }
            let id = newID(.word(String(decoding: units, as: UTF16.self)))
            wordSlots[slot] = Slot(bits: hash, id: Int32(longWords.count))
            longWords.append((Array(units), id))
            if 2 * longWords.count > wordSlots.count { wordSlots = Slot.doubled(wordSlots) }
            return id
        }

        /// The word `packedASCII` made `bits` of.
        private static func unpackedASCII(_ bits: UInt64) -> String {
            var bytes: [UInt8] = []
            var rest = bits & ~(1 << 63)
            while rest != 0 {
                bytes.append(UInt8(Grams.asciiUnit(rest & 63)))
                rest >>= 6
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Names the gram numbered `bits` (a `Gram.units`, or a word by `Grams.packedASCII`).
        private mutating func name(_ bits: UInt64, _ record: Int32, _ inTitle: Bool, first: Bool) {
            var slot = Slot.first(bits, in: slots.count)
            while slots[slot].bits != 0, slots[slot].bits != bits { slot = (slot + 1) & (slots.count - 1) }
            let id: Int32
            if slots[slot].bits == bits {
                id = slots[slot].id
            } else {
                id = newID(bits >> 63 == 1 ? .word(Self.unpackedASCII(bits)) : .units(bits))
                slots[slot] = Slot(bits: bits, id: id)
                unitCount += 1
                if 2 * unitCount > slots.count { slots = Slot.doubled(slots) }
            }
            name(id, record, inTitle, first: first)
        }

        /// `first`: the gram is at the very start of the record's title.
        private mutating func name(_ id: Int32, _ record: Int32, _ inTitle: Bool, first: Bool) {
            lists[Int(id)].text.append(record)
            if inTitle { lists[Int(id)].title.append(record) }
            if first { lists[Int(id)].starts.append(record) }
        }

        private mutating func newID(_ gram: Gram) -> Int32 {
            grams.append(gram)
            lists.append(Lists())
            return Int32(grams.count - 1)
        }

    }

    /// The grams of one record, as a collector names them: found on any core, then filed by
    /// each collector under its own keys.
    package struct Grams: Sendable {
        fileprivate static let inTitle: UInt8 = 1
        /// At the very start of the record's title.
        fileprivate static let first: UInt8 = 2
        fileprivate static let longWord: UInt8 = 4

        /// Each gram found: a `Gram.units`, a word by `packedASCII`, or (`longWord`) where its
        /// code units are in `longUnits` (`longWordRange`); with its flags in `flags` at the same
        /// place.
        fileprivate var bits: [UInt64] = []
        fileprivate var flags: [UInt8] = []
        /// The code units of the words too long to pack, one after another.
        fileprivate var longUnits: [UInt16] = []

        /// A record's normalised title and body.
        package init(title: [UInt16], body: [UInt16]) {
            bits.reserveCapacity(title.count + body.count)
            flags.reserveCapacity(title.count + body.count)
            scan(title, inTitle: true)
            scan(body, inTitle: false)
        }

        private mutating func scan(_ units: [UInt16], inTitle: Bool) {
            let none = UInt16.max
            let titleFlag = inTitle ? Self.inTitle : 0
            /// With `first` when the gram starts the title.
            func flags(startingTitle: Bool) -> UInt8 { titleFlag | (inTitle && startingTitle ? Self.first : 0) }
            var before = none, beforeThat = none
            var at = 0
            while at < units.count {
                let unit = units[at]
                if SearchRanking.isWord(unit) {
                    var end = at + 1
                    while end < units.count, SearchRanking.isWord(units[end]) { end += 1 }
                    if end - at <= 10, let packed = Self.packedASCII(units[at..<end]) {
                        // Most words: ASCII, up to ten letters, looked up as a number.
                        append(packed, flags(startingTitle: at == 0))
                    } else {
                        append(UInt64(longUnits.count) << 32 | UInt64(end - at), flags(startingTitle: at == 0) | Self.longWord)
                        longUnits += units[at..<end]
                    }
                    at = end
                    (before, beforeThat) = (none, none)
                    continue
                }
                if (0xD800...0xDBFF).contains(unit), at + 1 < units.count, (0xDC00...0xDFFF).contains(units[at + 1]) {
                    append(Gram.packed(unit, units[at + 1]), titleFlag)
                    at += 2
                    (before, beforeThat) = (none, none)
                    continue
                }
                at += 1
                // ASCII that is not a word's (spaces, punctuation) is never a letter or digit.
                guard unit >= 0x80 else {
                    (before, beforeThat) = (none, none)
                    continue
                }
                if SearchRanking.isHan(unit) {
                    // A title's grams at its start, by the position of this character (`at - 1`);
                    // each filed under its first character.
                    append(Gram.packed(unit), flags(startingTitle: at == 1))
                    if before != none {
                        append(Gram.packed(before, unit), flags(startingTitle: at == 2))
                        if beforeThat != none { append(Gram.packed(beforeThat, before, unit), flags(startingTitle: at == 3)) }
                    }
                    (before, beforeThat) = (unit, before)
                    continue
                }
                if SearchRanking.isLetterOrNumber(unit) { append(Gram.packed(unit), titleFlag) }
                (before, beforeThat) = (none, none)
            }
        }

        private mutating func append(_ gram: UInt64, _ gramFlags: UInt8) {
            bits.append(gram)
            flags.append(gramFlags)
        }

        /// The first code unit of the directory key of the gram found at `place`: each gram is
        /// filed under its first character (a word under its first two letters).
        fileprivate func key(_ place: Int) -> UInt16 {
            let gram = bits[place]
            if flags[place] & Self.longWord != 0 { return longUnits[longWordRange(place).lowerBound] }
            if gram >> 63 == 1 { return Self.asciiUnit(gram & 63) }
            return UInt16(truncatingIfNeeded: gram >> 32)
        }

        /// Where the code units of the long word found at `place` are in `longUnits`.
        fileprivate func longWordRange(_ place: Int) -> Range<Int> {
            let start = Int(bits[place] >> 32)
            return start..<(start + Int(bits[place] & 0xFFFF_FFFF))
        }

        /// The letter or digit of a `packedASCII` code (1–26 the letters, 27–36 the digits).
        static func asciiUnit(_ code: UInt64) -> UInt16 {
            UInt16(code <= 26 ? code + 96 : code - 27 + 48)
        }

        /// A word of ASCII lowercase letters and digits, up to ten, as a number: six bits a
        /// character (1–26 the letters, 27–36 the digits, 0 past the end) and the top bit,
        /// never set in a `Gram.units`.
        private static func packedASCII(_ units: ArraySlice<UInt16>) -> UInt64? {
            var bits: UInt64 = 1 << 63
            var shift: UInt64 = 0
            for unit in units {
                let code: UInt16
                switch unit {
                case 97...122: code = unit - 96
                case 48...57: code = unit - 48 + 27
                default: return nil
                }
                bits |= UInt64(code) << shift
                shift += 6
            }
            return bits
        }

        /// Each gram's first key unit, once per gram found: what dividing keys between
        /// collectors balances.
        package func forEachKey(_ body: (UInt16) -> Void) {
            for place in bits.indices { body(key(place)) }
        }
    }

    /// Each shard file's JSON (`{"key":[["gram","text","title"],…],…}`, escaped for a script).
    package var shards: [[UInt8]] = []
    /// Directory key → its shard's number.
    package var directory: [String: Int] = [:]
    /// Every Latin-script word, sorted by code unit (the typo search's candidates).
    package var words: [String] = []

    /// What one collector gathered, ready to pack: each key's JSON (`"key":[…]`) in key order,
    /// and its words, sorted.
    package struct Part: Sendable {
        fileprivate var keys: [(name: String, bytes: [UInt8])] = []
        fileprivate var words: [String] = []
    }

    /// The shards of what `collector` gathered.
    package init(_ collector: consuming Collector, target: Int) {
        self.init([Self.part(collector)], target: target)
    }

    /// The shards of parts gathered over ranges of keys, the parts in the order of their ranges
    /// (so their keys, one after another, are in order).
    package init(_ parts: [Part], target: Int) {
        var shard: [UInt8] = []
        func close() {
            shard.append(UInt8(ascii: "}"))
            shards.append(shard)
            shard = []
        }
        for part in parts {
            for (name, keyBytes) in part.keys {
                // A key as large as a shard has one of its own: a query for a rare key beside it
                // does not load it.
                if keyBytes.count >= target, !shard.isEmpty { close() }
                shard.append(shard.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
                shard += keyBytes
                directory[name] = shards.count
                if shard.count >= target { close() }
            }
            words += part.words
        }
        if !shard.isEmpty { close() }
    }

    /// Each key's JSON of what `collector` gathered, in key order. The collector's lists are let
    /// go as they are written: the postings are held about once, not three times.
    package static func part(_ collector: consuming Collector) -> Part {
        var part = Part()
        let grams = collector.grams
        // Each gram's key as a number, its code units in order (a key is one or two units, none
        // of them 0, so a one-unit key comes before the two-unit keys it starts), and a letter's
        // initials: the records with a word starting with it.
        var keys = [UInt32](repeating: 0, count: grams.count)
        var initials: [UInt16: (text: RecordSet, title: RecordSet)] = [:]
        for (id, gram) in grams.enumerated() {
            switch gram {
            case .word(let word):
                var units = word.utf16.makeIterator()
                let first = units.next()!
                keys[id] = UInt32(first) << 16 | UInt32(units.next() ?? 0)
                part.words.append(word)
                initials[first, default: (RecordSet(), RecordSet())].text.insert(collector.lists[id].text)
                initials[first, default: (RecordSet(), RecordSet())].title.insert(collector.lists[id].title)
            case .units(let bits):
                let first = UInt32(bits >> 32 & 0xFFFF), second = UInt32(bits >> 16 & 0xFFFF)
                // A character beyond the Basic Multilingual Plane is its own key, both its units.
                keys[id] = bits >> 48 == 2 && (0xD800...0xDBFF).contains(first) ? first << 16 | second : first << 16
            }
        }
        part.words.sort { $0.utf16.lexicographicallyPrecedes($1.utf16) }
        // By key, then by gram in code unit order: a Han gram's packed units (zero past its
        // end) compare as its units do.
        let order = grams.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            switch (grams[a], grams[b]) {
            case (.units(let x), .units(let y)): return x & 0xFFFF_FFFF_FFFF < y & 0xFFFF_FFFF_FFFF
            case (.word(let x), .word(let y)): return x.utf16.lexicographicallyPrecedes(y.utf16)
            default: return grams[a].utf16.lexicographicallyPrecedes(grams[b].utf16)
            }
        }
        // A letter's initials without any gram of its own (no one-letter word) still need a key.
        var keyOrder: [(key: UInt32, members: ArraySlice<Int>)] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, keys[order[end]] == keys[order[start]] { end += 1 }
            keyOrder.append((keys[order[start]], order[start..<end]))
            start = end
        }
        let keyed = Set(keyOrder.map(\.key))
        let lettersOnly = initials.keys.map { UInt32($0) << 16 }.filter { !keyed.contains($0) }
        if !lettersOnly.isEmpty {
            keyOrder += lettersOnly.map { ($0, []) }
            keyOrder.sort { $0.key < $1.key }
        }
        for (key, members) in keyOrder {
            let units = key & 0xFFFF == 0 ? [UInt16(key >> 16)] : [UInt16(key >> 16), UInt16(key & 0xFFFF)]
            var json = JSONTextWriter(pretty: false, scriptSafe: true)
            json.value(utf16: units)
            var keyBytes = json.bytes + [UInt8(ascii: ":")]
            json = JSONTextWriter(pretty: false, scriptSafe: true)
            json.beginArray()
            if units.count == 1, let initial = initials.removeValue(forKey: units[0]) {
                entry([], PostingList(initial.text.sorted), PostingList(initial.title.sorted), PostingList(), into: &json)
            }
            for id in members {
                let lists = collector.lists[id]
                collector.lists[id] = Collector.Lists()
                entry(grams[id].utf16, lists.text, lists.title, lists.starts, into: &json)
            }
            json.endArray()
            keyBytes += json.bytes
            part.keys.append((String(decoding: units, as: UTF16.self), keyBytes))
        }
        return part
    }

    /// `[gram, text, title]`, with the records whose title starts with the gram after them if any.
    private static func entry(_ gram: [UInt16], _ text: PostingList, _ title: PostingList, _ starts: PostingList,
                              into json: inout JSONTextWriter) {
        json.beginArray()
        json.value(utf16: gram)
        json.value(unescapedASCII: text.bytes)
        json.value(unescapedASCII: title.bytes)
        if !starts.isEmpty { json.value(unescapedASCII: starts.bytes) }
        json.endArray()
    }

    /// The URL-safe Base64 alphabet: the characters of posting lists and record fields.
    package static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Record numbers in increasing order, written as text while they are added: each the gap
    /// after the one before less one (the first counted from -1), in groups of five bits, most
    /// significant first, every group but the last with 32 added (`0` is `A`, 31 is `f`, 32 is
    /// `gA`). A record added twice in a row is kept once.
    struct PostingList: Sendable {
        /// The list as text, in the alphabet above.
        fileprivate private(set) var bytes: [UInt8] = []
        private var last: Int32 = -1

        init() {}

        init(_ numbers: [Int32]) {
            for number in numbers { append(number) }
        }

        mutating func append(_ number: Int32) {
            guard number != last else { return }
            let gap = UInt32(number - last - 1)
            last = number
            var groups = 1
            while groups < 7, gap >> (5 * UInt32(groups)) != 0 { groups += 1 }
            for group in (0..<groups).reversed() {
                bytes.append(alphabet[Int(gap >> (5 * UInt32(group)) & 31) + (group > 0 ? 32 : 0)])
            }
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }
        var isEmpty: Bool { bytes.isEmpty }
        var numbers: [Int32] {
            var numbers: [Int32] = []
            SearchTermShards.decode(bytes) { numbers.append($0) }
            return numbers
        }

        fileprivate func forEachNumber(_ body: (Int32) -> Void) { SearchTermShards.decode(bytes, body) }
    }

    package static func encode(_ numbers: [Int32]) -> String { PostingList(numbers).text }

    /// The numbers `encode(_:)` wrote; none for text that is not a posting list.
    package static func decode(_ text: String) -> [Int32] {
        var numbers: [Int32] = []
        guard decode(Array(text.utf8), { numbers.append($0) }) else { return [] }
        return numbers
    }

    /// Each number of a posting list's bytes, in order; false at a byte not in `alphabet`.
    @discardableResult
    private static func decode(_ bytes: [UInt8], _ body: (Int32) -> Void) -> Bool {
        var value: UInt32 = 0
        var previous: Int32 = -1
        for byte in bytes {
            let digit = digits[Int(byte)]
            guard digit >= 0 else { return false }
            value = value << 5 | UInt32(digit & 31)
            if digit < 32 {
                previous += Int32(value) + 1
                body(previous)
                value = 0
            }
        }
        return true
    }

    /// Each byte's place in `alphabet`, or -1.
    private static let digits: [Int8] = {
        var digits = [Int8](repeating: -1, count: 256)
        for (place, byte) in alphabet.enumerated() { digits[Int(byte)] = Int8(place) }
        return digits
    }()

    /// Record numbers as a bitmap: the union of many lists, read back in order.
    fileprivate struct RecordSet {
        private var bits: [UInt64] = []

        fileprivate mutating func insert(_ list: PostingList) {
            list.forEachNumber { insert($0) }
        }

        private mutating func insert(_ number: Int32) {
            let word = Int(number) >> 6
            if word >= bits.count { bits += [UInt64](repeating: 0, count: word + 1 - bits.count) }
            bits[word] |= 1 << UInt64(number & 63)
        }

        var sorted: [Int32] {
            var numbers: [Int32] = []
            for (word, value) in bits.enumerated() where value != 0 {
                var rest = value
                while rest != 0 {
                    numbers.append(Int32(word << 6 + rest.trailingZeroBitCount))
                    rest &= rest - 1
                }
            }
            return numbers
        }
    }
}

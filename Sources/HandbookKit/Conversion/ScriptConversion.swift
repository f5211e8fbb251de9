import HandbookSearch
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

    /// How a cross-link without its own text reads, by target as written (`term:navigation-bar`,
    /// `controls/buttons`, `controls/buttons#system-buttons`, `rule:…`, `controls`): it is spaced
    /// from the text beside it like a fixed phrase that reads the same.
    let linkTexts: [String: String]

    init(converter: OpenCCConverter?, phrases: FixedPhrases, linkTexts: [String: String] = [:]) {
        self.converter = converter
        self.phrases = phrases
        self.linkTexts = linkTexts
    }

    /// `text` in the target language; nil when OpenCC fails. `chapter` is the id `[[#anchor]]`
    /// links in it point into.
    func convert(_ text: String, chapter: String? = nil) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            let pieces = self.pieces(of: bytes, chapter: chapter)
            // The pieces between fixed phrases that need OpenCC, converted in one call.
            let gaps = pieces.compactMap { piece -> Range<Int>? in
                guard case .gap(let range) = piece, converter != nil, bytes[range].contains(where: { $0 >= 0x80 }) else { return nil }
                return range
            }
            guard let converted = convert(gaps, of: bytes) else { return nil }
            var writer = Writer(capacity: bytes.count + bytes.count / 8)
            var next = 0
            for piece in pieces {
                switch piece {
                case .gap(let range):
                    if next < gaps.count, gaps[next] == range {
                        converted[next].withUnsafeBufferPointer { writer.append($0, fixed: false) }
                        next += 1
                    } else {
                        writer.append(UnsafeBufferPointer(rebasing: bytes[range]), fixed: false)
                    }
                case .link(let range, let reads):
                    writer.append(UnsafeBufferPointer(rebasing: bytes[range]), fixed: true,
                                  reads: (Writer.firstEdge(reads.utf8), Writer.lastEdge(reads.utf8)))
                case .phrase(let target):
                    target.withUnsafeBufferPointer { writer.append($0, fixed: true) }
                }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    /// A piece of the source text: text to convert, a known cross-link kept as written (with
    /// the text it reads as), or a fixed phrase's given form.
    private enum Piece {
        case gap(Range<Int>)
        case link(Range<Int>, reads: String)
        case phrase([UInt8])
    }

    /// `bytes` split at the fixed phrases (the longest at each place) and the known links.
    private func pieces(of bytes: UnsafeBufferPointer<UInt8>, chapter: String?) -> [Piece] {
        var pieces: [Piece] = []
        var gapStart = 0, position = 0
        func closeGap() {
            if gapStart < position { pieces.append(.gap(gapStart..<position)) }
        }
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "["), let (end, reads) = link(in: bytes, at: position, chapter: chapter) {
                closeGap()
                pieces.append(.link(position..<end, reads: reads))
                position = end
                gapStart = position
                continue
            }
            guard bytes[position] >= 0xC0, let phrase = phrases.match(in: bytes, at: position) else {
                position += 1
                continue
            }
            closeGap()
            pieces.append(.phrase(phrase.target))
            position += phrase.source.count
            gapStart = position
        }
        closeGap()
        return pieces
    }

    /// Each of `gaps` converted; nil when OpenCC fails. They go through OpenCC in one call,
    /// joined by a control character no dictionary entry holds (so that no phrase spans two
    /// gaps): a call per gap cost a fifth more, in OpenCC's setup of each call. A text that
    /// holds the separator itself is converted gap by gap.
    private func convert(_ gaps: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) -> [[UInt8]]? {
        guard let converter, !gaps.isEmpty else { return [] }
        let separator: UInt8 = 0x01
        var joined: [UInt8] = []
        joined.reserveCapacity(gaps.reduce(gaps.count) { $0 + $1.count })
        for (number, gap) in gaps.enumerated() {
            if number > 0 { joined.append(separator) }
            joined += bytes[gap]
        }
        var output: [UInt8] = []
        output.reserveCapacity(joined.count + joined.count / 8)
        let converted = joined.withUnsafeBufferPointer { converter.convert($0, appendingTo: &output) }
        guard converted else { return nil }
        let split = output.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
        if split.count == gaps.count { return split }
        var each: [[UInt8]] = []
        for gap in gaps {
            var one: [UInt8] = []
            guard converter.convert(UnsafeBufferPointer(rebasing: bytes[gap]), appendingTo: &one) else { return nil }
            each.append(one)
        }
        return each
    }

    /// A cross-link without its own text (`[[target]]`) at `position` whose target is known:
    /// where it ends, and the text it reads as.
    private func link(in bytes: UnsafeBufferPointer<UInt8>, at position: Int, chapter: String?) -> (end: Int, reads: String)? {
        guard !linkTexts.isEmpty, position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "[") else { return nil }
        var end = position + 2
        while end < bytes.count, !"[]|\n".utf8.contains(bytes[end]) { end += 1 }
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "]"), bytes[end + 1] == UInt8(ascii: "]") else { return nil }
        var target = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[position + 2..<end]), as: UTF8.self))
        while target.first == " " { target.removeFirst() }
        while target.last == " " { target.removeLast() }
        let key = target.hasPrefix("#") ? (chapter ?? "") + target : String(target)
        return linkTexts[key].map { (end + 2, $0) }
    }

    /// The converted text as it grows, with a space between a Latin fixed form and the Han text
    /// or Latin word beside it.
    private struct Writer {
        var bytes: [UInt8] = []
        private var lastWasFixed = false
        /// How the text written so far ends, as read.
        private var lastEdge = Edge.other

        enum Edge { case latin, han, other }

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        /// `reads`: how the piece begins and ends as read, when that is not its bytes (a link).
        mutating func append(_ piece: UnsafeBufferPointer<UInt8>, fixed: Bool, reads: (first: Edge, last: Edge)? = nil) {
            guard !piece.isEmpty else { return }
            let (first, last) = reads ?? (Self.firstEdge(piece), Self.lastEdge(piece))
            // Only where a Latin side is a fixed form (next to Han text or to another Latin word):
            // the source's own spacing is kept.
            if (lastWasFixed && lastEdge == .latin && first != .other) || (fixed && first == .latin && lastEdge != .other) {
                bytes.append(UInt8(ascii: " "))
            }
            bytes.append(contentsOf: piece)
            lastWasFixed = fixed
            lastEdge = last
        }

        static func firstEdge<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Edge {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .other }
            return edge(scalar)
        }

        static func lastEdge<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Edge {
            guard var start = bytes.indices.last else { return .other }
            while start > bytes.startIndex, bytes[start] & 0xC0 == 0x80 { start = bytes.index(before: start) }
            return firstEdge(bytes[start...])
        }

        private static func edge(_ scalar: Unicode.Scalar) -> Edge {
            if scalar.isASCII {
                return (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? .latin : .other
            }
            return SearchNormalizer.isHan(scalar) ? .han : .other
        }
    }
}

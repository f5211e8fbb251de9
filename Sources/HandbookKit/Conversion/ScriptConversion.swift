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
                if bytes[position] == UInt8(ascii: "["), let (end, reads) = link(in: bytes, at: position, chapter: chapter) {
                    guard flushGap() else { return nil }
                    let link = UnsafeBufferPointer(rebasing: bytes[position..<end])
                    writer.append(link, fixed: true, reads: (Writer.firstEdge(reads.utf8), Writer.lastEdge(reads.utf8)))
                    position = end
                    gapStart = position
                    continue
                }
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

import Foundation

/// The normal form both sides of a search are compared in: lowercase, accents removed,
/// Traditional Chinese characters turned Simplified. `assets/search.js` applies the same steps
/// to queries and records; the tests check the two agree on the same samples.
public struct SearchNormalizer: Sendable {
    public let variants: ChineseVariantTable

    public init(variants: ChineseVariantTable) {
        self.variants = variants
    }

    public func normalize(_ text: String) -> String {
        // Most titles are ASCII, CJK ideographs and CJK punctuation only: such text is its own
        // compatibility decomposition and lowercases as ASCII does, so the Unicode work is
        // skipped (it was a twentieth of a build's CPU time).
        if text.unicodeScalars.allSatisfy(Self.decomposesToItself) {
            let lowered = String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
            return variants.toSimplified(lowered)
        }
        let folded = text.decomposedStringWithCompatibilityMapping.unicodeScalars
            .filter { !(0x300...0x36F).contains($0.value) }
        return variants.toSimplified(String(String.UnicodeScalarView(folded)).lowercased())
    }

    /// Han runs and Latin/digit words, the units a query is matched by.
    public func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentIsHan = false
        for character in normalize(text) {
            let isHan = character.unicodeScalars.first.map(Self.isHan) ?? false
            let isWord = isHan || character.isLetter || character.isNumber
            if !isWord || (isHan != currentIsHan && !current.isEmpty) {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            }
            if isWord {
                current.append(character)
                currentIsHan = isHan
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// ASCII, CJK ideographs (not the compatibility ones, which decompose) and the punctuation
    /// Chinese titles use: scalars NFKD leaves alone and `lowercased()` changes only in ASCII.
    private static func decomposesToItself(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x80, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0x3001...0x3002, 0x300A...0x3011, 0xB7, 0x2014, 0x2018...0x201D: true
        default: false
        }
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        (0x3400...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0x20000...0x2FFFF).contains(scalar.value)
    }

    /// Whether every query token occurs in `text`: a Han token anywhere, a Latin token at the
    /// start of a word. This is the site search's rule, used by tools on the command line too.
    public func matches(query: String, in text: String) -> Bool {
        let haystack = normalize(text)
        let queryTokens = tokens(query)
        guard !queryTokens.isEmpty else { return false }
        return queryTokens.allSatisfy { token in
            if token.unicodeScalars.first.map(Self.isHan) == true { return haystack.contains(token) }
            var searchRange = haystack.startIndex..<haystack.endIndex
            while let found = haystack.range(of: token, range: searchRange) {
                if found.lowerBound == haystack.startIndex { return true }
                let before = haystack[haystack.index(before: found.lowerBound)]
                if !(before.isLetter && !(before.unicodeScalars.first.map(Self.isHan) ?? false)) && !before.isNumber {
                    return true
                }
                searchRange = found.upperBound..<haystack.endIndex
            }
            return false
        }
    }
}

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

    /// Han runs and Latin/digit words, the units a query is matched by: search.js `tokens()`
    /// (`SearchRanking.tokens`, which mirrors it unit for unit).
    public func tokens(_ text: String) -> [String] {
        SearchRanking.tokens(normalized: normalize(text)).map { String(decoding: $0, as: UTF16.self) }
    }

    /// ASCII, CJK ideographs (not the compatibility ones, which decompose) and the punctuation
    /// Chinese titles use: scalars NFKD leaves alone and `lowercased()` changes only in ASCII.
    package static func decomposesToItself(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x80, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0x3001...0x3002, 0x300A...0x3011, 0xB7, 0x2014, 0x2018...0x201D: true
        default: false
        }
    }

    /// Any CJK ideograph, Extension B on (the script conversion's edges); search matching
    /// reads Han as search.js does (`SearchRanking.isHan`).
    package static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        (0x3400...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0x20000...0x2FFFF).contains(scalar.value)
    }

    /// Whether every query token occurs in `text`: a Han token anywhere, a Latin token at the
    /// start of a word; search.js `occurs()` through `SearchRanking`, which mirrors it, so that
    /// the tools and the site agree on every character (CJK Extension B is a word there, not
    /// Han: JavaScript reads it as two UTF-16 units). Tests/shared/search-matching.json holds
    /// the cases both sides are checked on.
    public func matches(query: String, in text: String) -> Bool {
        let haystack = Array(normalize(text).utf16)
        let queryTokens = SearchRanking.tokens(normalized: normalize(query))
        guard !queryTokens.isEmpty else { return false }
        return queryTokens.allSatisfy { SearchRanking.occurs(haystack, $0, han: SearchRanking.isHan($0[0])) }
    }
}

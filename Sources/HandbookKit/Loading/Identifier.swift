import TextBytes
/// The shape every id in the handbook follows: lowercase ASCII words joined by hyphens.
enum Identifier {
    /// In one pass over the bytes: every cross-link's target is checked as it is parsed.
    static func isValid(_ id: some StringProtocol) -> Bool {
        let hyphen = UInt8(ascii: "-")
        // As if after a hyphen: a leading hyphen is a doubled one.
        var previous = hyphen
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case hyphen where previous != hyphen: break
            default: return false
            }
            previous = byte
        }
        return previous != hyphen
    }

    static let rule = "lowercase ASCII letters, digits and single hyphens (e.g. 'system-buttons')"
}

import TextBytes
/// The shape every id in the handbook follows: lowercase ASCII words joined by hyphens.
enum Identifier {
    static func isValid(_ id: some StringProtocol) -> Bool {
        guard !id.isEmpty, id.first != "-", id.last != "-", !id.contains(ascii: "--") else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    static let rule = "lowercase ASCII letters, digits and single hyphens (e.g. 'system-buttons')"
}

/// Release order of edition names: `iPhone OS 3` < `iOS 7` < `iOS 16.1` < `iPadOS 16` < `iOS 26`.
enum EditionOrder {
    static func key(_ edition: String) -> (Double, String) {
        let number = edition.split(separator: " ").last.flatMap { Double($0) } ?? .infinity
        return (number, edition)
    }

    static func sorted(_ editions: some Sequence<String>) -> [String] {
        editions.sorted { key($0) < key($1) }
    }

    /// `iOS 16.1` → `edition-ios-16-1`.
    static func anchor(_ edition: String) -> String {
        "edition-" + String(edition.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}

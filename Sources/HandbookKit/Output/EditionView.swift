import TemplateEngine

/// The changelog page's view per edition of Apple's guidelines: what each edition brought to the
/// handbook (its chapters and how many rules), and the rules later guidance retired, under the
/// edition that brought their replacement.
struct EditionView: Sendable, Equatable {
    var anchor: String
    var heading: String
    var summary: String
    var chapters: [LinkView]
    var hasChapters: Bool
    /// "Retired by this edition's guidance", over the list; nil when the section is that list.
    var retiredHeading: String?
    var retired: [ChangedRuleView]
    var hasRetired: Bool
}

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

extension EditionView: TemplateFieldView {
    static let templateFields = TemplateFields<EditionView>([
        ("anchor", { .of($0.anchor) }),
        ("heading", { .of($0.heading) }),
        ("summary", { .of($0.summary) }),
        ("chapters", { .of($0.chapters) }),
        ("hasChapters", { .of($0.hasChapters) }),
        ("retiredHeading", { .of($0.retiredHeading) }),
        ("retired", { .of($0.retired) }),
        ("hasRetired", { .of($0.hasRetired) }),
    ])
}

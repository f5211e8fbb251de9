/// A chapter's id, `<part>/<slug>` (`controls/buttons`), parsed once: the places that need its
/// pieces or its rules' prefix ask it instead of splitting the text again.
public struct ChapterID: Hashable, Sendable, CustomStringConvertible {
    public let part: String
    public let slug: String

    public init(part: String, slug: String) {
        self.part = part
        self.slug = slug
    }

    /// Nil unless `text` is two identifiers (lowercase words joined by hyphens) around one `/`.
    public init?(_ text: some StringProtocol) {
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces.allSatisfy({ Identifier.isValid($0) }) else { return nil }
        self.init(part: String(pieces[0]), slug: String(pieces[1]))
    }

    public var description: String { part + "/" + slug }

    /// What every rule id of the chapter begins with: `controls.buttons.`.
    public var rulePrefix: String { part + "." + slug + "." }

    /// The id of the chapter's rule `local`.
    public func rule(_ local: String) -> RuleID { RuleID(chapter: self, local: local) }
}

/// A rule's id, `<part>.<chapter>.<rule>` (`controls.buttons.verb-titles`), parsed once.
public struct RuleID: Hashable, Sendable, CustomStringConvertible {
    public let chapter: ChapterID
    /// The rule's id within its chapter (`verb-titles`).
    public let local: String

    public init(chapter: ChapterID, local: String) {
        self.chapter = chapter
        self.local = local
    }

    /// Nil unless `text` is three identifiers joined by `.`.
    public init?(_ text: some StringProtocol) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces.allSatisfy({ Identifier.isValid($0) }) else { return nil }
        self.init(chapter: ChapterID(part: String(pieces[0]), slug: String(pieces[1])), local: String(pieces[2]))
    }

    public var description: String { chapter.rulePrefix + local }
}

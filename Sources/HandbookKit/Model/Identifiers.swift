/// An id that is a single identifier (lowercase words joined by hyphens), its text checked once.
public protocol SingleIdentifier: Hashable, Sendable, CustomStringConvertible {
    var text: String { get }
    /// Text already known to be an identifier (a folder name discovery checked, a piece of a
    /// parsed id, one of a chapter's anchors).
    init(checked text: String)
}

extension SingleIdentifier {
    /// Nil unless `text` is an identifier.
    public init?(_ text: some StringProtocol) {
        guard Identifier.isValid(text) else { return nil }
        self.init(checked: String(text))
    }

    public var description: String { text }
}

/// A part's id (`controls`): the name of its folder.
public struct PartID: SingleIdentifier {
    public let text: String
    public init(checked text: String) { self.text = text }
}

/// An anchor on a chapter's page (`system-buttons`): a section's or a rule's id within the
/// chapter, which share one namespace.
public struct AnchorID: SingleIdentifier {
    public let text: String
    public init(checked text: String) { self.text = text }
}

/// A chapter's id, `<part>/<slug>` (`controls/buttons`), parsed once: the places that need its
/// pieces or its rules' prefix ask it instead of splitting the text again.
public struct ChapterID: Hashable, Sendable, CustomStringConvertible {
    public let part: PartID
    public let slug: String

    public init(part: PartID, slug: String) {
        self.part = part
        self.slug = slug
    }

    /// Nil unless `text` is two identifiers (lowercase words joined by hyphens) around one `/`.
    public init?(_ text: some StringProtocol) {
        // On bytes, without an array of pieces: every cross-link's target is parsed.
        guard let slash = text.utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let part = text[..<slash], slug = text[text.utf8.index(after: slash)...]
        // An identifier has no `/`: a second one fails here.
        guard Identifier.isValid(part), Identifier.isValid(slug) else { return nil }
        self.init(part: PartID(checked: String(part)), slug: String(slug))
    }

    public var description: String { part.text + "/" + slug }

    /// What every rule id of the chapter begins with: `controls.buttons.`.
    public var rulePrefix: String { part.text + "." + slug + "." }

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
        let dot = UInt8(ascii: ".")
        guard let first = text.utf8.firstIndex(of: dot),
              let second = text.utf8[text.utf8.index(after: first)...].firstIndex(of: dot) else { return nil }
        let part = text[..<first], slug = text[text.utf8.index(after: first)..<second]
        let local = text[text.utf8.index(after: second)...]
        // An identifier has no `.`: a third one fails here.
        guard Identifier.isValid(part), Identifier.isValid(slug), Identifier.isValid(local) else { return nil }
        self.init(chapter: ChapterID(part: PartID(checked: String(part)), slug: String(slug)), local: String(local))
    }

    public var description: String { chapter.rulePrefix + local }
}

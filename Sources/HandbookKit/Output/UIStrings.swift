import Foundation
import TextBytes
import TemplateEngine
import Yams

/// The interface text of one language, from `templates/i18n/<lang>.yaml`. A class: every page
/// reads a few of its sixty strings, and handing a copy of them all to each page counted a
/// reference per string.
public final class UIStrings: Codable, Sendable {
    public let languageName: String
    public let siteTitle: String
    public let siteDescription: String
    public let skipToContent: String
    public let home: String
    public let glossary: String
    public let search: String
    /// Shown over results found by correcting a typo when the query itself finds nothing; `%s` is the correction.
    public let didYouMean: String
    public let searchLabel: String
    public let searchPlaceholder: String
    public let searchHint: String
    public let switchLanguage: String
    public let onThisPage: String
    public let contents: String
    public let related: String
    public let referencedFrom: String
    public let previous: String
    public let next: String
    public let kindDo: String
    public let kindAvoid: String
    public let kindConsider: String
    public let legacy: String
    public let deprecated: String
    public let replacedBy: String
    /// Before the earlier form of a rule's advice ("Earlier").
    public let earlier: String
    /// Before the topics of Apple's guidelines a rule retells ("Based on").
    public let basis: String
    /// The labels of the callouts `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`.
    public let calloutNote: String
    public let calloutTip: String
    public let calloutImportant: String
    public let calloutWarning: String
    public let calloutCaution: String
    /// The changelog's view per edition of Apple's guidelines.
    public let byEdition: String
    public let byEditionIntro: String
    /// "%d rules first given in this edition."
    public let editionRules: String
    public let editionRetired: String
    public let retiredUnreplaced: String
    public let retiredUnreplacedIntro: String
    /// The search page's edition filter: its "every edition" choice.
    public let allEditions: String
    public let breadcrumbs: String
    public let translationOutdated: String
    public let changelog: String
    public let changelogIntro: String
    public let unreleased: String
    public let added: String
    public let changed: String
    /// `%d` is the number of rules.
    public let initialRelease: String
    public let edition: String
    public let ruleID: String
    public let copyLink: String
    public let linkCopied: String
    /// `%d` is replaced by the number.
    public let rulesCount: String
    public let chaptersCount: String
    public let termColumn: String
    public let englishColumn: String
    public let traditionalColumn: String
    public let variantsColumn: String
    public let noteColumn: String
    public let glossaryIntro: String
    public let rulesCatalog: String
    public let filterChapters: String
    /// The sidebar's fold button of a part: `%s` is the part's title.
    public let partChapters: String
    public let resultsCount: String
    public let noResults: String
    public let scopeAll: String
    public let kindRules: String
    public let kindSections: String
    public let kindTerms: String
    public let kindChapters: String
    /// The search page's facet groups and the status a record has when it is neither legacy
    /// nor deprecated.
    public let facetPart: String
    public let facetType: String
    public let facetAdvice: String
    public let facetStatus: String
    public let statusCurrent: String
    /// "%d result": the count of one.
    public let resultCount: String
    /// The theme switch: its label and its choices.
    public let theme: String
    public let themeAuto: String
    public let themeLight: String
    public let themeDark: String
    /// The link from a term's card to its glossary entry.
    public let glossaryEntry: String
    /// Before the chapters that use a glossary term.
    public let usedIn: String
    /// Before the glossary terms an entry's definition names.
    public let relatedTerms: String
    /// A glossary entry's forms.
    public let englishForm: String
    public let simplifiedForm: String
    public let traditionalForm: String

    static func load(from url: URL, displayPath: String, log: inout DiagnosticLog) -> UIStrings? {
        var readLog = DiagnosticLog()
        guard let file = SourceFile.read(at: url, displayPath: displayPath, log: &readLog) else {
            log.merge(readLog)
            return nil
        }
        do {
            return try YAMLDecoder().decode(UIStrings.self, from: file.text)
        } catch let DecodingError.keyNotFound(key, _) {
            log.error(id: "strings.missing", "missing interface string '\(key.stringValue)'", at: file.location(line: 1, column: 1))
        } catch {
            log.error(id: "strings.unreadable", "cannot read interface strings: \(error)", at: file.location(line: 1, column: 1))
        }
        return nil
    }

    func kindLabel(_ kind: Rule.Kind) -> String {
        switch kind {
        case .do: kindDo
        case .avoid: kindAvoid
        case .consider: kindConsider
        }
    }

    func count(_ format: String, _ number: Int) -> String {
        // On bytes: Foundation's replacingOccurrences cost more than the rest of a sidebar.
        var result = ""
        var rest = format[...]
        while let marker = rest.firstRange(ofASCII: "%d") {
            result += rest[..<marker.lowerBound]
            result += String(number)
            rest = rest[marker.upperBound...]
        }
        return result + rest
    }
}

/// UIStrings as templates read them: a table built once, so that `{{layout.ui.…}}` is a hash
/// lookup rather than a reflection over sixty properties on every use.
struct UIStringTable: Sendable, Equatable {
    private let values: [String: String]

    init(_ strings: UIStrings) {
        var values: [String: String] = [:]
        for child in Mirror(reflecting: strings).children {
            if let label = child.label, let value = child.value as? String { values[label] = value }
        }
        self.values = values
    }

    func value(named name: String) -> TemplateValue? { values[name].map(TemplateValue.text) }
}

/// Answered by name (`value(named:)`), not through numbered fields.
extension UIStringTable: TemplateView {
    static var answersByName: Bool { true }
    static func templateField(named name: String) -> Int? { nil }
    func templateValue(field number: Int) -> TemplateValue { .nothing }
}

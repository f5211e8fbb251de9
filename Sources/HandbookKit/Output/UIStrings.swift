import Foundation
import Mustache
import Yams

/// The interface text of one language, from `templates/i18n/<lang>.yaml`.
public struct UIStrings: Codable, Sendable {
    public var languageName: String
    public var siteTitle: String
    public var siteDescription: String
    public var skipToContent: String
    public var home: String
    public var glossary: String
    public var search: String
    public var searchLabel: String
    public var searchPlaceholder: String
    public var searchHint: String
    public var switchLanguage: String
    public var onThisPage: String
    public var contents: String
    public var related: String
    public var referencedFrom: String
    public var previous: String
    public var next: String
    public var kindDo: String
    public var kindAvoid: String
    public var kindConsider: String
    public var legacy: String
    public var deprecated: String
    public var replacedBy: String
    public var breadcrumbs: String
    public var translationOutdated: String
    public var changelog: String
    public var changelogIntro: String
    public var unreleased: String
    public var added: String
    public var changed: String
    /// `%d` is the number of rules.
    public var initialRelease: String
    public var edition: String
    public var ruleID: String
    public var copyLink: String
    public var linkCopied: String
    /// `%d` is replaced by the number.
    public var rulesCount: String
    public var chaptersCount: String
    public var termColumn: String
    public var englishColumn: String
    public var traditionalColumn: String
    public var variantsColumn: String
    public var noteColumn: String
    public var glossaryIntro: String
    public var rulesCatalog: String
    public var filterChapters: String
    public var resultsCount: String
    public var noResults: String
    public var scopeAll: String
    public var kindRules: String
    public var kindSections: String
    public var kindTerms: String
    public var kindChapters: String

    static func load(from url: URL, displayPath: String, log: inout DiagnosticLog) -> UIStrings? {
        var readLog = DiagnosticLog()
        guard let file = SourceFile.read(at: url, displayPath: displayPath, log: &readLog) else {
            log.merge(readLog)
            return nil
        }
        do {
            return try YAMLDecoder().decode(UIStrings.self, from: file.text)
        } catch let DecodingError.keyNotFound(key, _) {
            log.error("missing interface string '\(key.stringValue)'", at: file.location(line: 1, column: 1))
        } catch {
            log.error("cannot read interface strings: \(error)", at: file.location(line: 1, column: 1))
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

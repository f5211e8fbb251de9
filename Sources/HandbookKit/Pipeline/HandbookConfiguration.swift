import Foundation
import Yams

/// `handbook.yaml` at the root of a handbook: where its sources and outputs are, its languages,
/// the published catalogue that ids are checked against, and the site's address. Every command
/// reads it; a command-line option given explicitly wins over it.
///
/// ```yaml
/// content: content
/// templates: templates
/// output: _site
/// baseline: baseline/rules.json
/// base-url: https://example.com/hig/
/// languages:
///   - {code: zh, tag: zh-Hans, source: true}
///   - {code: en, tag: en}
///   - {code: zh-Hant, tag: zh-Hant, opencc: s2twp}
/// ```
public struct HandbookConfiguration: Sendable, Equatable {
    public static let fileName = "handbook.yaml"

    /// A language as the configuration declares it.
    public struct LanguageEntry: Sendable, Equatable, Decodable {
        /// The folder under `content/` and under the site.
        public var code: String
        /// The BCP 47 tag used in rules.json, `lang` and `hreflang`.
        public var tag: String
        /// Whether the other languages are translated from this one. The display name of a
        /// language is its interface strings' `languageName` (`templates/i18n/<code>.yaml`).
        public var source: Bool?
        /// For a language generated from the source at build time: OpenCC's configuration
        /// (`s2twp`). Its own chapters, where it has them, win over the generated ones.
        public var opencc: String?
    }

    public var content = "content"
    public var templates = "templates"
    public var output = "_site"
    public var baseline: String?
    public var baseURL: String?
    public var languages: [LanguageEntry] = Self.defaultLanguages

    /// The handbook's languages when no configuration names them.
    public static let defaultLanguages = HandbookLanguages.standard.all.map {
        LanguageEntry(code: $0.code, tag: $0.tag, source: $0 == HandbookLanguages.standard.source ? true : nil, opencc: nil)
    }

    public init() {}

    /// The language the others are translated from.
    public var sourceLanguage: LanguageEntry? { languages.first { $0.source == true } }

    /// The languages as a build uses them; the defaults while the list is invalid (`load` has
    /// then reported why).
    public var handbookLanguages: HandbookLanguages {
        let all = languages.map { Language(tag: $0.tag, code: $0.code) }
        guard let source = sourceLanguage.map({ Language(tag: $0.tag, code: $0.code) }),
              Set(all).count == all.count, Set(all.map(\.code)).count == all.count
        else { return .standard }
        let conversions = languages.compactMap { entry in
            entry.opencc.map { (Language(tag: entry.tag, code: entry.code), LanguageConversion(from: source, openCC: $0)) }
        }.filter { $0.0 != source }
        return HandbookLanguages(all, source: source, conversions: Dictionary(conversions, uniquingKeysWith: { first, _ in first }))
    }

    struct File: Decodable {
        var content: String?
        var templates: String?
        var output: String?
        var baseline: String?
        var baseURL: String?
        var languages: [LanguageEntry]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case content, templates, output, baseline, languages
            case baseURL = "base-url"
        }
    }

    /// Reads the file at `path`; a missing file gives the defaults. Problems are errors with
    /// their position, all of them.
    public static func load(path: String, log: inout DiagnosticLog) -> HandbookConfiguration {
        guard FileManager.default.fileExists(atPath: path),
              let file = SourceFile.read(at: URL(fileURLWithPath: path), displayPath: path, log: &log)
        else { return HandbookConfiguration() }
        return parse(file, log: &log)
    }

    static func parse(_ file: SourceFile, log: inout DiagnosticLog) -> HandbookConfiguration {
        var configuration = HandbookConfiguration()
        let start = file.location(line: 1, column: 1)
        let node: Node?
        do {
            node = try Yams.compose(yaml: file.text)
        } catch {
            log.error(id: "yaml.malformed", "malformed YAML: \(error)", at: start)
            return configuration
        }
        guard let node else { return configuration }
        func location(_ node: Node) -> SourceLocation {
            file.location(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        guard case .mapping(let mapping) = node else {
            log.error(id: "configuration.not-a-mapping", "\(fileName) must be a mapping of keys to values", at: location(node))
            return configuration
        }
        let known = File.CodingKeys.allCases.map(\.rawValue)
        for key in mapping.keys where !known.contains(key.string ?? "") {
            log.error(id: "configuration.unknown-key", "unknown key '\(key.string ?? "")'" + Suggestion.didYouMean(key.string ?? "", in: known), at: location(key))
        }
        let decoded: File
        do {
            decoded = try YAMLDecoder().decode(File.self, from: node)
        } catch {
            log.error(id: "configuration.wrong-value", Self.describe(error), at: start)
            return configuration
        }
        if let value = decoded.content { configuration.content = value }
        if let value = decoded.templates { configuration.templates = value }
        if let value = decoded.output { configuration.output = value }
        configuration.baseline = decoded.baseline
        configuration.baseURL = decoded.baseURL
        if let languages = decoded.languages {
            configuration.languages = languages
            let at = mapping["languages"].map(location) ?? start
            configuration.check(languagesAt: at, log: &log)
        }
        return configuration
    }

    /// Each language once, with a folder code and a BCP 47 tag; one source language; and
    /// Simplified Chinese and English among them, which every `rules.json` carries.
    private func check(languagesAt location: SourceLocation, log: inout DiagnosticLog) {
        for entry in languages {
            if !Self.isSimpleName(entry.code, firstPartLetters: false) {
                log.error(id: "configuration.invalid-language-code", "language code '\(entry.code)' must be letters and digits, parts joined by '-' (it names a folder)",
                          at: location)
            }
            if !Self.isSimpleName(entry.tag, firstPartLetters: true) {
                log.error(id: "configuration.invalid-language-tag", "language '\(entry.code)': '\(entry.tag)' is not a BCP 47 tag such as 'zh-Hant' or 'en'", at: location)
            }
        }
        for code in Set(languages.map(\.code)) where languages.count(where: { $0.code == code }) > 1 {
            log.error(id: "configuration.duplicate-language", "language '\(code)' is listed twice", at: location)
        }
        for tag in Set(languages.map(\.tag)) where languages.count(where: { $0.tag == tag }) > 1 {
            log.error(id: "configuration.duplicate-tag", "the tag '\(tag)' is given to two languages", at: location)
        }
        for entry in languages where entry.opencc != nil {
            if entry.source == true {
                log.error(id: "configuration.generated-source", "language '\(entry.code)': the source language is written, not generated; remove 'opencc'", at: location)
            } else if entry.opencc!.isEmpty || entry.opencc!.contains("/") {
                log.error(id: "configuration.unknown-opencc", "language '\(entry.code)': 'opencc' names one of OpenCC's configurations, such as 's2twp'", at: location)
            }
        }
        if languages.count(where: { $0.source == true }) != 1 {
            log.error(id: "configuration.source-language", "exactly one language must be the source ('source: true')", at: location)
        }
        for required in HandbookLanguages.standard.all where !languages.contains(where: { $0.tag == required.tag }) {
            log.error(id: "configuration.missing-language", "language '\(required.code)' is missing: every rules.json carries '\(required.tag)', so list "
                      + "{code: \(required.code), tag: \(required.tag)}", at: location)
        }
    }

    /// ASCII letters and digits in parts joined by single hyphens; a tag's first part (the
    /// language subtag) is two to eight letters.
    private static func isSimpleName(_ name: String, firstPartLetters: Bool) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return false }
        return !firstPartLetters || (parts[0].count >= 2 && parts[0].allSatisfy(\.isLetter))
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' must be \(type == String.self ? "text" : "\(type)")"
        case DecodingError.keyNotFound(let key, let context):
            "missing '\(key.stringValue)' in '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default:
            "\(error)"
        }
    }
}

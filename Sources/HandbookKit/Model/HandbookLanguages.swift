import RulesCatalog

/// The languages a handbook is written in, in the order its pages and files list them, and the
/// one the others are translated from. Read from `handbook.yaml`; every stage gets it with the
/// handbook.
public struct HandbookLanguages: Sendable, Equatable {
    /// Every language, in the configured order.
    public let all: [Language]
    /// The language the others are translated from: each translation is checked against it.
    public let source: Language
    /// The languages generated from the source at build time, with how (zh-Hant by OpenCC).
    public let conversions: [Language: LanguageConversion]

    /// `all` must contain `source` and the generated languages, once each (HandbookConfiguration
    /// checks the file).
    public init(_ all: [Language], source: Language, conversions: [Language: LanguageConversion] = [:]) {
        precondition(all.contains(source) && Set(all).count == all.count && conversions.keys.allSatisfy(all.contains)
                     && conversions[source] == nil, "invalid language list")
        self.all = all
        self.source = source
        self.conversions = conversions
    }

    /// Whether `language`'s text is generated from the source where it has no text of its own.
    public func isGenerated(_ language: Language) -> Bool { conversions[language] != nil }

    /// Simplified Chinese, the source, and English: the handbook's languages when no
    /// configuration names them.
    public static let standard = HandbookLanguages([.zhHans, .en], source: .zhHans)

    /// Every language but the source.
    public var translations: [Language] { all.filter { $0 != source } }

    /// The languages other than `language`, in order: the language switch.
    public func others(than language: Language) -> [Language] { all.filter { $0 != language } }

    /// The language with this folder code.
    public func language(code: String) -> Language? { all.first { $0.code == code } }

    /// The language with this tag.
    public func language(tag: String) -> Language? { all.first { $0.tag == tag } }
}

/// How a generated language is made: the source language's text through one of OpenCC's
/// configurations (`s2twp`: Simplified Chinese to Taiwan usage), with the reviewed overrides and
/// the glossary's terms kept as given.
public struct LanguageConversion: Sendable, Equatable {
    public var from: Language
    public var openCC: String

    public init(from: Language, openCC: String) {
        self.from = from
        self.openCC = openCC
    }
}

extension Language {
    /// How diagnostics name the language: "Chinese" and "English" for the handbook's first two,
    /// the tag for any other.
    var diagnosticName: String {
        switch self {
        case .zhHans: "Chinese"
        case .en: "English"
        default: tag
        }
    }
}

import Foundation

/// The handbook's glossary, as published in `glossary.json` beside `rules.json`: one entry per
/// concept, its term in each language and the other names readers use for it, so that a linter
/// or an assistant words findings the way the handbook does.
///
/// Versioned like the rules catalogue (`schemaVersion`, semantic versioning) and described by
/// the JSON Schema in `GlossaryCatalog.schema`.
public struct GlossaryCatalog: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = "1.0.0"

    public var schemaVersion: String
    /// BCP 47 tags of the handbook's languages, in its order (as in `rules.json`).
    public var languages: [String]
    /// Every entry, sorted by id.
    public var terms: [Term]

    public init(languages: [Language], terms: [Term]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.languages = languages.map(\.tag)
        self.terms = terms
    }

    public struct Term: Codable, Sendable, Equatable {
        /// A slug, e.g. `navigation-bar`: what `[[glossary:…]]` links name.
        public var id: String
        /// The term per language: the handbook's languages, and Traditional Chinese (`zh-Hant`),
        /// which the glossary always gives.
        public var term: LocalizedText
        /// Other names readers use for the concept (search synonyms), sorted.
        public var variants: [String]
        /// What the term means, per language; nil when the glossary gives no definition.
        public var definition: LocalizedText?

        public init(id: String, term: LocalizedText, variants: [String], definition: LocalizedText?) {
            self.id = id
            self.term = term
            self.variants = variants
            self.definition = definition
        }
    }

    /// Decodes a glossary from the bytes of a `glossary.json` file.
    public static func decode(from data: Data) throws -> GlossaryCatalog {
        try JSONDecoder().decode(GlossaryCatalog.self, from: data)
    }

    /// The JSON Schema (2020-12) of `glossary.json`, as published beside it on the site.
    public static var schema: Data {
        get throws {
            guard let url = Bundle.module.url(forResource: "glossary.schema", withExtension: "json")
            else { throw CocoaError(.fileNoSuchFile) }
            return try Data(contentsOf: url)
        }
    }
}

import Foundation
import RulesCatalog

/// The search index of one language, as `<lang>/search-index.js` publishes it.
///
/// Shape (version 4), documented in docs/search-index.md:
/// `{ version, language, scopes: [[id, title]], records: [[kind, scope, title, text, context, url, ruleID, edition, section, pinyin?]],
///    variants: "繁简繁简…", synonyms: [[normalized key, term]], editions: [name] }`; `edition` is the edition of
/// the guidelines a rule was first given in ("" for other records), for the edition filter;
/// `section` the title of the section a rule is under. A large index keeps its records in chunk
/// files instead (`chunks`, `total`, `directory`, `codes`, `fields`, `words`, `titles`; see
/// `SearchIndexBuilder.files` and `SearchTermShards`).
/// Records are arrays rather than objects to keep the file small; `url` is relative to the site root.
/// `kind` is the record's kind letter, then for a rule its advice (`d`o, `a`void, `c`onsider),
/// then `l` (legacy) or `x` (deprecated) when the record is not current: `c`, `rd`, `ral`, `sl`.
public struct SearchIndex: Encodable, Sendable, Equatable {
    public static let version = 4

    public enum Kind: String, Encodable, Sendable, CaseIterable {
        case chapter = "c", section = "s", rule = "r", term = "t"
    }

    public struct Record: Encodable, Sendable, Equatable {
        public var kind: Kind
        /// Index into `scopes`, or -1 for glossary terms.
        public var scope: Int
        public var title: String
        public var text: String
        /// Where the record sits: "part · chapter" for sections and rules.
        public var context: String
        public var url: String
        public var ruleID: String
        /// For a rule, the edition of the guidelines that brought it; "" otherwise.
        public var edition = ""
        /// For a rule, the title of the section it is under ("" before the first section).
        public var section = ""
        /// The title's reading: one toneless pinyin syllable per Han character, space separated
        /// ("" when the title has no Han; then left out of the record's array).
        public var pinyin = ""
        /// For a rule, its advice (do, avoid, consider); nil otherwise.
        public var advice: Catalog.Rule.Kind?
        /// Current, legacy (tied to retired technology) or deprecated (retired): the search hides
        /// what is not current unless asked.
        public var status: Status = .current

        public init(kind: Kind, scope: Int, title: String, text: String, context: String, url: String, ruleID: String,
                    edition: String = "", section: String = "", pinyin: String = "", advice: Catalog.Rule.Kind? = nil,
                    status: Status = .current) {
            self.kind = kind
            self.scope = scope
            self.title = title
            self.text = text
            self.context = context
            self.url = url
            self.ruleID = ruleID
            self.edition = edition
            self.section = section
            self.pinyin = pinyin
            self.advice = advice
            self.status = status
        }

        /// The kind letter with the advice and status letters (see `SearchIndex`).
        package var kindCode: String {
            let adviceLetter = advice.map { String($0.rawValue.prefix(1)) } ?? ""
            let statusLetter = switch status { case .current: ""; case .legacy: "l"; case .deprecated: "x" }
            return kind.rawValue + adviceLetter + statusLetter
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(kindCode)
            try container.encode(scope)
            try container.encode(title)
            try container.encode(text)
            try container.encode(context)
            try container.encode(url)
            try container.encode(ruleID)
            try container.encode(edition)
            try container.encode(section)
            if !pinyin.isEmpty { try container.encode(pinyin) }
        }
    }

    public var version = SearchIndex.version
    public var language: String
    public var scopes: [[String]]
    public var records: [Record]
    /// Pairs of characters, Traditional then Simplified, for every Traditional character whose
    /// Simplified form occurs in the records: queries typed in Traditional are folded with it.
    public var variants: String
    /// A normalized term, variant or other-language name → the term this language uses.
    public var synonyms: [[String]]
    /// The most common Mandarin reading of each Han character the records use, for the pinyin
    /// search: `syllable` then its characters, over and over (`dao导到hang航…`); "" without Han.
    public var readings = ""
    /// Every edition a rule was first given in, sorted: the search page's edition filter.
    public var editions: [String] = []
    /// For an index split into chunk files: each chunk's first record and record count.
    public var chunks: [[Int]]?
    /// Directory keys (a Han or other letter, or a Latin word's first two letters, normalised) →
    /// the term shard `t<n>.js` with the postings of the grams filed under it.
    public var directory: [String: Int]?
    /// The kind codes of a chunked index's records, for `fields`.
    public var codes: [String]?
    /// Five characters a record: kind code, edition, part and title length (see
    /// `SearchIndexBuilder.RecordFields`).
    public var fields: String?
    /// Whether `search-index/words.js` lists the Latin-script words, for typos.
    public var words: Bool?
    /// The number of records of a chunked index.
    public var total: Int?
    /// Whether `search-index/titles.js` holds the Han titles for the pinyin search.
    public var titles: Bool?

    /// A single index; `SearchIndexBuilder` fills the chunked index's fields.
    public init(language: String, scopes: [[String]], records: [Record], variants: String, synonyms: [[String]],
                readings: String = "", editions: [String] = []) {
        self.language = language
        self.scopes = scopes
        self.records = records
        self.variants = variants
        self.synonyms = synonyms
        self.readings = readings
        self.editions = editions
    }
}

extension SearchIndex {
    public struct ScriptError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The index a `<lang>/search-index.js` holds (what `SearchIndexBuilder.script` writes), for
    /// tools that read a built site: the fields the ranking uses. A head of an index in chunks
    /// takes its records from `chunk(n)`, the bytes of `<lang>/search-index/<n>.js`.
    public static func decode(script: Data, chunk: (Int) -> Data? = { _ in nil }) throws -> SearchIndex {
        let prefix = Data("window.HANDBOOK_SEARCH_INDEX = ".utf8)
        guard script.starts(with: prefix) else { throw ScriptError(description: "not a search index script") }
        var json = script.dropFirst(prefix.count)
        while let last = json.last, [UInt8(ascii: "\n"), UInt8(ascii: ";")].contains(last) { json = json.dropLast() }
        guard let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
              let language = object["language"] as? String, var rows = object["records"] as? [[Any]] else {
            throw ScriptError(description: "the search index has no language or records")
        }
        let version = object["version"] as? Int ?? 2
        if let chunks = object["chunks"] as? [[Int]] {
            for number in chunks.indices {
                guard let data = chunk(number) else { throw ScriptError(description: "search index chunk \(number) is missing") }
                rows += try chunkRows(data)
            }
        }
        let records = try rows.map { row -> Record in
            // [kind, scope, title, text, context, url, ruleID, edition, section (version 3), pinyin?]
            let fields = version >= 3 ? 9 : 8
            let text = row.count >= fields ? row[2..<fields].compactMap { $0 as? String } : []
            guard text.count == fields - 2, let code = row[0] as? String, let first = code.first,
                  let kind = Kind(rawValue: String(first)), let scope = row[1] as? Int else {
                throw ScriptError(description: "a search index record is malformed")
            }
            let statusLetter = code.dropFirst(kind == .rule ? 2 : 1).first
            let advice = kind == .rule ? code.dropFirst().first.flatMap { letter in
                Catalog.Rule.Kind.allCases.first { $0.rawValue.first == letter }
            } : nil
            return Record(kind: kind, scope: scope, title: text[0], text: text[1], context: text[2], url: text[3],
                          ruleID: text[4], edition: text[5], section: version >= 3 ? text[6] : "",
                          pinyin: row.count > fields ? row[fields] as? String ?? "" : "",
                          advice: advice, status: statusLetter == "l" ? .legacy : statusLetter == "x" ? .deprecated : .current)
        }
        return SearchIndex(language: language, scopes: object["scopes"] as? [[String]] ?? [], records: records,
                           variants: object["variants"] as? String ?? "", synonyms: object["synonyms"] as? [[String]] ?? [],
                           readings: object["readings"] as? String ?? "", editions: object["editions"] as? [String] ?? [])
    }

    /// The records of `window.HANDBOOK_SEARCH_CHUNK(n,[…]);`.
    private static func chunkRows(_ script: Data) throws -> [[Any]] {
        let prefix = Data("window.HANDBOOK_SEARCH_CHUNK(".utf8)
        var json = script
        guard json.starts(with: prefix) else { throw ScriptError(description: "not a search index chunk") }
        json = json.dropFirst(prefix.count)
        while let last = json.last, [UInt8(ascii: "\n"), UInt8(ascii: ";"), UInt8(ascii: ")")].contains(last) { json = json.dropLast() }
        guard let array = try JSONSerialization.jsonObject(with: Data("[".utf8) + json + Data("]".utf8)) as? [Any],
              array.count == 2, let rows = array[1] as? [[Any]] else {
            throw ScriptError(description: "a search index chunk is malformed")
        }
        return rows
    }
}

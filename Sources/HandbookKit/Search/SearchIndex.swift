import Foundation

/// The search index of one language, as `<lang>/search-index.js` publishes it.
///
/// Shape (version 2), documented in docs/search-index.md:
/// `{ version, language, scopes: [[id, title]], records: [[kind, scope, title, text, context, url, ruleID, edition, pinyin?]],
///    variants: "繁简繁简…", synonyms: [[normalized key, term]] }`; `edition` is the edition of
/// the guidelines a rule was first given in ("" for other records), for the edition filter.
/// Records are arrays rather than objects to keep the file small; `url` is relative to the site root.
/// `kind` is the record's kind letter, then for a rule its advice (`d`o, `a`void, `c`onsider),
/// then `l` (legacy) or `x` (deprecated) when the record is not current: `c`, `rd`, `ral`, `sl`.
public struct SearchIndex: Encodable, Sendable, Equatable {
    public static let version = 2

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
        /// The title's reading: one toneless pinyin syllable per Han character, space separated
        /// ("" when the title has no Han; then left out of the record's array).
        public var pinyin = ""
        /// For a rule, its advice (do, avoid, consider); nil otherwise.
        public var advice: Rule.Kind?
        /// Current, legacy (tied to retired technology) or deprecated (retired): the search hides
        /// what is not current unless asked.
        public var status: Status = .current

        /// The kind letter with the advice and status letters (see `SearchIndex`).
        var kindCode: String {
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
}

extension SearchIndex {
    public struct ScriptError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The index a `<lang>/search-index.js` holds (what `SearchIndexBuilder.script` writes), for
    /// tools that read a built site: the fields the ranking uses.
    public static func decode(script: Data) throws -> SearchIndex {
        let prefix = Data("window.HANDBOOK_SEARCH_INDEX = ".utf8)
        guard script.starts(with: prefix) else { throw ScriptError(description: "not a search index script") }
        var json = script.dropFirst(prefix.count)
        while let last = json.last, [UInt8(ascii: "\n"), UInt8(ascii: ";")].contains(last) { json = json.dropLast() }
        guard let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
              let language = object["language"] as? String, let rows = object["records"] as? [[Any]] else {
            throw ScriptError(description: "the search index has no language or records")
        }
        let records = try rows.map { row -> Record in
            // [kind, scope, title, text, context, url, ruleID, edition, pinyin?]
            let text = row.count >= 8 ? row[2...7].compactMap { $0 as? String } : []
            guard text.count == 6, let code = row[0] as? String, let first = code.first,
                  let kind = Kind(rawValue: String(first)), let scope = row[1] as? Int else {
                throw ScriptError(description: "a search index record is malformed")
            }
            let statusLetter = code.dropFirst(kind == .rule ? 2 : 1).first
            let advice = kind == .rule ? code.dropFirst().first.flatMap { letter in
                Rule.Kind.allCases.first { $0.rawValue.first == letter }
            } : nil
            return Record(kind: kind, scope: scope, title: text[0], text: text[1], context: text[2], url: text[3],
                          ruleID: text[4], edition: text[5], pinyin: row.count > 8 ? row[8] as? String ?? "" : "",
                          advice: advice, status: statusLetter == "l" ? .legacy : statusLetter == "x" ? .deprecated : .current)
        }
        return SearchIndex(language: language, scopes: object["scopes"] as? [[String]] ?? [], records: records,
                           variants: object["variants"] as? String ?? "", synonyms: object["synonyms"] as? [[String]] ?? [],
                           readings: object["readings"] as? String ?? "")
    }
}

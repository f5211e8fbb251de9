import Foundation

/// Builds each language's search index from the resolved handbook (never from HTML).
struct SearchIndexBuilder {
    let index: HandbookIndex
    let catalogText: (Chapter, [MarkdownBlock]) -> String
    let normalizer: SearchNormalizer

    var handbook: Handbook { index.handbook }

    func build(_ language: Language) -> SearchIndex {
        let parts = handbook.parts(in: language)
        let scopeIndex = Dictionary(uniqueKeysWithValues: parts.enumerated().map { ($1.id, $0) })
        var records: [SearchIndex.Record] = []
        for chapter in handbook.chapters(in: language) {
            let scope = scopeIndex[chapter.part] ?? -1
            let partTitle = handbook.part(chapter.part, in: language)?.title ?? chapter.part
            let page = SiteURLs.chapter(chapter.id, language)
            var sectionText: [String: [String]] = [:]
            var introduction: [String] = [chapter.summary]
            var currentSection: String?
            for block in chapter.content {
                switch block {
                case .section(let section): currentSection = section.anchor
                case .markdown(let markdown):
                    let text = catalogText(chapter, [markdown])
                    if let currentSection { sectionText[currentSection, default: []].append(text) } else { introduction.append(text) }
                case .rule: break
                }
            }
            records.append(.init(kind: .chapter, scope: scope, title: chapter.title,
                                 text: introduction.joined(separator: " "), context: partTitle, url: page, ruleID: ""))
            for section in chapter.sections {
                records.append(.init(kind: .section, scope: scope, title: section.titleText,
                                     text: sectionText[section.anchor, default: []].joined(separator: " "),
                                     context: "\(partTitle) · \(chapter.title)", url: page + "#" + section.anchor, ruleID: ""))
            }
            for rule in chapter.rules {
                records.append(.init(kind: .rule, scope: scope, title: rule.title,
                                     text: catalogText(chapter, rule.body),
                                     context: "\(partTitle) · \(chapter.title)", url: page + "#" + rule.localID,
                                     ruleID: chapter.ruleID(rule.localID)))
            }
        }
        var synonyms: [String: String] = [:]
        for entry in handbook.glossary.entries {
            let term = entry.term(in: language)
            let others = [entry.term(in: language.other), entry.zhHant] + entry.variants
            records.append(.init(kind: .term, scope: -1, title: term,
                                 text: (others + [entry.note?[language] ?? ""]).filter { !$0.isEmpty }.joined(separator: " · "),
                                 context: "", url: SiteURLs.path(of: .term(entry.id), in: language), ruleID: ""))
            for name in others {
                let key = normalizer.normalize(name)
                if !key.isEmpty, key != normalizer.normalize(term), synonyms[key] == nil { synonyms[key] = term }
            }
        }
        // Only the Traditional characters that can match something are shipped.
        let used = Set(records.flatMap { Array(normalizer.normalize($0.title + $0.text + $0.context)) })
        let variants = normalizer.variants.simplified.filter { used.contains($0.value) }
            .sorted { $0.key < $1.key }.map { String($0.key) + String($0.value) }.joined()
        return SearchIndex(
            language: language.rawValue, scopes: parts.map { [$0.id, $0.title] }, records: records,
            variants: variants, synonyms: synonyms.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    }

    /// The index as a script, so that it loads from `file://` without fetch. Every `<`, `>`, `&`
    /// and line separator is escaped, so no entry can close the script or inject markup.
    static func script(_ index: SearchIndex) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(index), as: UTF8.self)
        var escaped = ""
        escaped.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": escaped += "\\u003c"
            case ">": escaped += "\\u003e"
            case "&": escaped += "\\u0026"
            case "\u{2028}": escaped += "\\u2028"
            case "\u{2029}": escaped += "\\u2029"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return Data(("window.HANDBOOK_SEARCH_INDEX = " + escaped + ";\n").utf8)
    }
}

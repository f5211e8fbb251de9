import Foundation

/// Builds each language's search index from the resolved handbook (never from HTML).
struct SearchIndexBuilder: Sendable {
    let index: HandbookIndex
    let catalogText: @Sendable (Chapter, [MarkdownBlock]) -> String
    let normalizer: SearchNormalizer
    /// Each chapter's records from the previous build (`serve`).
    var memo: ChapterMemo<[SearchIndex.Record]>?

    private struct RecordsContext: Equatable, Sendable {
        var scope: Int
        var partTitle: String
    }

    var handbook: Handbook { index.handbook }

    func build(_ language: Language) -> SearchIndex {
        let parts = handbook.parts(in: language)
        let scopeIndex = Dictionary(uniqueKeysWithValues: parts.enumerated().map { ($1.id, $0) })
        let partTitles = Dictionary(uniqueKeysWithValues: parts.map { ($0.id, $0.title) })
        // Each chapter's records are independent: build them on all cores, in reading order.
        var records = ParallelMap.map(handbook.chapters(in: language)) { chapter in
            let context = RecordsContext(scope: scopeIndex[chapter.part] ?? -1, partTitle: partTitles[chapter.part] ?? chapter.part)
            let make = { self.records(of: chapter, language, scope: context.scope, partTitle: context.partTitle) }
            return memo?.value(for: chapter, context: context, make: make) ?? make()
        }.flatMap { $0 }
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
        // Only the Traditional characters that can match something are shipped. Normalising
        // works character by character for Han text, so the distinct characters are enough.
        var scalars = Set<Unicode.Scalar>()
        for record in records {
            for text in [record.title, record.text, record.context] { scalars.formUnion(text.unicodeScalars) }
        }
        let used = Set(scalars.flatMap { normalizer.normalize(String($0)) })
        let variants = normalizer.variants.simplified.filter { used.contains($0.value) }
            .sorted { $0.key < $1.key }.map { String($0.key) + String($0.value) }.joined()
        return SearchIndex(
            language: language.rawValue, scopes: parts.map { [$0.id, $0.title] }, records: records,
            variants: variants, synonyms: synonyms.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    }

    private func records(of chapter: Chapter, _ language: Language, scope: Int, partTitle: String) -> [SearchIndex.Record] {
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
        var records: [SearchIndex.Record] = [
            .init(kind: .chapter, scope: scope, title: chapter.title, text: introduction.joined(separator: " "),
                  context: partTitle, url: page, ruleID: ""),
        ]
        for section in chapter.sections {
            records.append(.init(kind: .section, scope: scope, title: section.titleText,
                                 text: sectionText[section.anchor, default: []].joined(separator: " "),
                                 context: "\(partTitle) · \(chapter.title)", url: page + "#" + section.anchor, ruleID: ""))
        }
        for rule in chapter.rules {
            records.append(.init(kind: .rule, scope: scope, title: rule.title, text: catalogText(chapter, rule.body),
                                 context: "\(partTitle) · \(chapter.title)", url: page + "#" + rule.localID,
                                 ruleID: chapter.ruleID(rule.localID)))
        }
        return records
    }

    /// The index as a script, so that it loads from `file://` without fetch. Every `<`, `>`, `&`
    /// and line separator is escaped, so no entry can close the script or inject markup.
    static func script(_ index: SearchIndex) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = [UInt8](try encoder.encode(index))
        var script = [UInt8]("window.HANDBOOK_SEARCH_INDEX = ".utf8)
        script.reserveCapacity(json.count + json.count / 8)
        // Byte by byte: the three ASCII characters, and U+2028/U+2029 (E2 80 A8/A9 in UTF-8).
        var position = json.startIndex
        while position < json.endIndex {
            let byte = json[position]
            switch byte {
            case UInt8(ascii: "<"): script.append(contentsOf: "\\u003c".utf8)
            case UInt8(ascii: ">"): script.append(contentsOf: "\\u003e".utf8)
            case UInt8(ascii: "&"): script.append(contentsOf: "\\u0026".utf8)
            case 0xE2 where position + 2 < json.endIndex && json[position + 1] == 0x80
                && (json[position + 2] == 0xA8 || json[position + 2] == 0xA9):
                script.append(contentsOf: (json[position + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                position += 2
            default: script.append(byte)
            }
            position += 1
        }
        script.append(contentsOf: ";\n".utf8)
        return Data(script)
    }
}

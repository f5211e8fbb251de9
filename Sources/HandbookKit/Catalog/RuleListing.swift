import Foundation
import RulesCatalog

/// Writes query results as JSON, CSV, or a Markdown checklist for a design review.
public struct RuleListing: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case json, csv, markdown
    }

    public var catalog: Catalog
    public var language: Language
    public var baseURL: String?

    public init(catalog: Catalog, language: Language, baseURL: String?) {
        self.catalog = catalog
        self.language = language
        self.baseURL = baseURL
    }

    public func render(_ rules: [Catalog.Rule], as format: Format) throws -> String {
        switch format {
        case .json: try json(rules)
        case .csv: csv(rules)
        case .markdown: markdown(rules)
        }
    }

    func json(_ rules: [Catalog.Rule]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let answers = rules.map { RuleAnswer($0, language: language, baseURL: baseURL) }
        return String(decoding: try encoder.encode(answers), as: UTF8.self) + "\n"
    }

    /// RFC 4180: every field quoted, quotes doubled, CRLF line ends; a byte-order mark first and
    /// formula-like cells neutralised (`CSVEscaping`).
    func csv(_ rules: [Catalog.Rule]) -> String {
        let header = ["id", "kind", "status", "scope", "chapter", "title", "text", "permalink"]
        let rows = rules.map { rule in
            let answer = RuleAnswer(rule, language: language, baseURL: baseURL)
            return [answer.id, answer.kind, answer.status, answer.scope, answer.chapter, answer.title, answer.text,
                    answer.permalink]
        }
        return CSVEscaping.byteOrderMark + ([header] + rows).map(CSVEscaping.row).joined(separator: "\r\n") + "\r\n"
    }

    /// Chapters in handbook order, one unchecked box per rule with its kind, title, id and link.
    func markdown(_ rules: [Catalog.Rule]) -> String {
        var text = switch script {
        case .simplified: "# 设计评审清单\n\n共 \(rules.count) 条规范。\n"
        case .traditional: "# 設計評審清單\n\n共 \(rules.count) 條規範。\n"
        case .latin: "# Design review checklist\n\n\(rules.count) rule\(rules.count == 1 ? "" : "s").\n"
        }
        let byChapter = Dictionary(grouping: rules, by: \.chapter)
        let scopeOrder = Dictionary(uniqueKeysWithValues: catalog.scopes.map { ($0.id, $0.weight) })
        let chapters = catalog.chapters.filter { byChapter[$0.id] != nil }
            .sorted { (scopeOrder[$0.scope] ?? 0, $0.weight, $0.id) < (scopeOrder[$1.scope] ?? 0, $1.weight, $1.id) }
        for chapter in chapters {
            text += "\n## [\(MarkdownEscaping.inline(chapter.title[language] ?? ""))](\(Permalink.make(chapter.url[language] ?? "", baseURL: baseURL)))\n\n"
            for rule in byChapter[chapter.id]! {
                let kind = label(rule.kind)
                let status = rule.status == .current ? "" : " _(\(rule.status.rawValue))_"
                text += "- [ ] **\(kind)** \(MarkdownEscaping.inline(rule.title[language] ?? ""))\(status) — [`\(rule.id)`](\(Permalink.make(rule.url[language] ?? "", baseURL: baseURL)))\n"
                // The rule's text under its box, indented to continue the list item.
                let body = rule.text[language] ?? ""
                if !body.isEmpty {
                    text += MarkdownEscaping.block(body).split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
                }
            }
        }
        return text
    }

    /// The checklist's own words: Simplified or Traditional Chinese for Chinese in that script
    /// (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO` are Traditional), English for every other language.
    public enum Script: Sendable { case simplified, traditional, latin }

    var script: Script { Self.script(of: language) }

    public static func script(of language: Language) -> Script {
        let parts = language.tag.lowercased().split(separator: "-")
        guard parts.first == "zh" else { return .latin }
        return parts.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) } && !parts.contains("hans")
            ? .traditional : .simplified
    }

    private func label(_ kind: Catalog.Rule.Kind) -> String {
        switch (kind, script) {
        case (.do, .simplified): "应该"
        case (.avoid, .simplified): "避免"
        case (.consider, .simplified): "可以考虑"
        case (.do, .traditional): "應該"
        case (.avoid, .traditional): "避免"
        case (.consider, .traditional): "可以考慮"
        case (.do, .latin): "Do"
        case (.avoid, .latin): "Avoid"
        case (.consider, .latin): "Consider"
        }
    }
}

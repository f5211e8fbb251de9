import Foundation
import HandbookKit
import MCP
import RulesCatalog

/// The chapters as MCP resources (`handbook://chapter/<language tag>/<part>/<chapter>`, Markdown)
/// and the `review_design` prompt. Kept apart from the transport, like `CatalogTools`.
public struct CatalogResources: Sendable {
    public let tools: CatalogTools

    public init(tools: CatalogTools) {
        self.tools = tools
    }

    var catalog: Catalog { tools.catalog }

    static let scheme = "handbook://chapter/"

    public static func uri(chapter: String, language: Language) -> String {
        scheme + language.tag + "/" + chapter
    }

    /// Every chapter in every language, in reading order.
    public var resources: [Resource] {
        let weights = Dictionary(catalog.scopes.map { ($0.id, $0.weight) }, uniquingKeysWith: { first, _ in first })
        let chapters = catalog.chapters.sorted {
            (weights[$0.scope] ?? 0, $0.weight, $0.id) < (weights[$1.scope] ?? 0, $1.weight, $1.id)
        }
        return catalog.languages.map { Language(tag: $0) }.flatMap { language in
            chapters.map { chapter in
                Resource(name: "\(chapter.id) (\(language.tag))", uri: Self.uri(chapter: chapter.id, language: language),
                         title: chapter.title[language], description: chapter.summary[language], mimeType: "text/markdown")
            }
        }
    }

    /// The Markdown of the chapter a URI names; the language part may be any tag the catalogue
    /// matches (`zh` for `zh-Hans`).
    public func read(_ uri: String) throws -> ReadResource.Result {
        guard uri.hasPrefix(Self.scheme) else {
            throw MCPError.invalidParams("unknown resource '\(uri)'; chapters are \(Self.scheme)<language>/<part>/<chapter>")
        }
        let path = uri.dropFirst(Self.scheme.count)
        guard let slash = path.firstIndex(of: "/"),
              let language = catalog.language(matching: String(path[..<slash])) else {
            throw MCPError.invalidParams("unknown language in '\(uri)'; use one of \(catalog.languageChoices)")
        }
        let id = String(path[path.index(after: slash)...])
        guard let chapter = catalog.chapters.first(where: { $0.id == id }) else {
            throw MCPError.invalidParams("no chapter '\(id)'" + Suggestion.didYouMean(id, in: catalog.chapters.map(\.id)))
        }
        let markdown = ChapterMarkdown(catalog: catalog, baseURL: tools.baseURL).chapter(chapter, in: language)
        return ReadResource.Result(contents: [.text(markdown, uri: Self.uri(chapter: chapter.id, language: language),
                                                    mimeType: "text/markdown")])
    }

    // MARK: - The review prompt

    public var prompts: [Prompt] {
        [Prompt(name: "review_design", title: "Review a design against the guidelines",
                description: "Asks to review a description of an iOS screen or flow against the handbook's rules, "
                    + "citing each by id and permalink; the most relevant rules are included.",
                arguments: [
                    .init(name: "description", description: "What the design is: screens, bars, controls, flows.", required: true),
                    .init(name: "language", description: "Language of the review: \(catalog.languages.joined(separator: ", ")) or zh. Default en.",
                          required: false),
                ])]
    }

    /// How many rules the prompt includes at most.
    public static let promptRuleLimit = 20

    public func prompt(_ name: String, arguments: [String: String]?) throws -> GetPrompt.Result {
        guard name == "review_design" else {
            throw MCPError.invalidParams("unknown prompt '\(name)'; use review_design")
        }
        guard let description = arguments?["description"], !description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MCPError.invalidParams("'description' is required")
        }
        if description.count > 4000 {
            throw MCPError.invalidParams("the description has \(description.count) characters; the limit is 4000")
        }
        let tag = arguments?["language"] ?? "en"
        guard let language = catalog.language(matching: tag) else {
            throw MCPError.invalidParams("language must be one of \(catalog.languageChoices), not '\(tag)'")
        }
        let rules = relevantRules(for: description)
        let script = RuleListing.script(of: language)
        // The prompt's words in the language's script (Traditional for zh-Hant).
        func words(_ simplified: String, _ traditional: String, _ english: String) -> String {
            switch script {
            case .simplified: simplified
            case .traditional: traditional
            case .latin: english
            }
        }
        var text = words(
            "请对照《iOS 设计手册》的规范评审下面这份设计说明。指出每个问题时，引用规范的 id 并附上它的链接；也说明它遵循了哪些规范。需要更多规范时，用 search_rules 和 get_rule 工具查找。\n\n## 设计说明\n\n",
            "請對照《iOS 設計手冊》的規範評審下面這份設計說明。指出每個問題時，引用規範的 id 並附上它的連結；也說明它遵循了哪些規範。需要更多規範時，用 search_rules 和 get_rule 工具查找。\n\n## 設計說明\n\n",
            "Review the design described below against the iOS Design Handbook's rules. For each problem, cite the rule by its id and link its permalink; say which rules the design follows too. Use the search_rules and get_rule tools for more rules.\n\n## The design\n\n")
        text += MarkdownEscaping.block(description) + "\n\n"
        text += words("## 最相关的规范（\(rules.count) 条）\n", "## 最相關的規範（\(rules.count) 條）\n", "## The most relevant rules (\(rules.count))\n")
        if rules.isEmpty {
            text += words("\n没有找到直接相关的规范；请用 search_rules 查找。\n", "\n沒有找到直接相關的規範；請用 search_rules 查找。\n",
                          "\nNo rule matched directly; use search_rules to find some.\n")
        }
        for rule in rules {
            let answer = RuleAnswer(rule, language: language, baseURL: tools.baseURL)
            text += "\n- **\(rule.kind.rawValue.uppercased())** \(MarkdownEscaping.inline(answer.title)) — `\(answer.id)` — \(answer.permalink)\n"
            if !answer.text.isEmpty {
                text += MarkdownEscaping.block(answer.text).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        return GetPrompt.Result(description: words("评审设计说明", "評審設計說明", "Review a design description"),
                                messages: [.user(.text(text: text))])
    }

    /// The rules search_rules finds for the description itself and for each chapter and section
    /// title the description mentions (in any language), and the rules of each chapter it names,
    /// ranked by how many of those searches found them, then by the order search_rules gives
    /// (the site search's ranking); current and legacy rules only.
    public func relevantRules(for description: String) -> [Catalog.Rule] {
        let normalizer = tools.normalizer
        func mentioned(_ text: PerLanguage<String>?) -> Bool {
            (text?.languages ?? []).contains { text?[$0].map { normalizer.matches(query: $0, in: description) } ?? false }
        }
        var searches: [RuleQuery] = RuleQuery.problem(with: description) == nil ? [RuleQuery(text: description)] : []
        var titles = Set<String>()
        for chapter in catalog.chapters where mentioned(chapter.title) {
            searches.append(RuleQuery(chapter: chapter.id))
            for language in chapter.title.languages { titles.insert(chapter.title[language]!) }
        }
        for rule in catalog.rules where mentioned(rule.sectionTitle) {
            for language in rule.sectionTitle!.languages { titles.insert(rule.sectionTitle![language]!) }
        }
        searches += titles.sorted().map { RuleQuery(text: $0) }
        var score: [String: Int] = [:]
        var firstSeen: [String: Int] = [:]
        var found: [Catalog.Rule] = []
        for query in searches {
            for rule in query.run(on: catalog, search: tools.search) where rule.status != .deprecated {
                if score[rule.id] == nil {
                    firstSeen[rule.id] = found.count
                    found.append(rule)
                }
                score[rule.id, default: 0] += 1
            }
        }
        return Array(found.sorted { (-score[$0.id]!, firstSeen[$0.id]!) < (-score[$1.id]!, firstSeen[$1.id]!) }
            .prefix(Self.promptRuleLimit))
    }
}

/// A chapter of the catalogue as Markdown in one language: its title, permalink and summary,
/// then its rules section by section in reading order, each with its id, permalink, edition and
/// text. Text is escaped as in llms-full.txt (`MarkdownEscaping`), so nothing in it is read as
/// Markdown syntax.
struct ChapterMarkdown {
    let catalog: Catalog
    let baseURL: String?

    func chapter(_ chapter: Catalog.Chapter, in language: Language) -> String {
        var text = "# \(MarkdownEscaping.inline(chapter.title[language] ?? ""))\n\n"
        text += Permalink.make(chapter.url[language] ?? "", baseURL: baseURL) + "\n\n"
        text += MarkdownEscaping.inline(chapter.summary[language] ?? "") + "\n"
        if let note = chapter.note?[language] { text += "\nLegacy: \(MarkdownEscaping.inline(note))\n" }
        if let tags = chapter.tags { text += "\nTags: \(tags.joined(separator: ", "))\n" }
        var section: String?? = .none
        for rule in catalog.inReadingOrder(catalog.rules(chapter: chapter.id)) {
            if section != .some(rule.section) {
                section = .some(rule.section)
                if let title = rule.sectionTitle?[language] { text += "\n## \(MarkdownEscaping.inline(title))\n" }
            }
            text += "\n### \(rule.kind.rawValue.uppercased()): \(MarkdownEscaping.inline(rule.title[language] ?? ""))"
            if rule.status != .current { text += " [\(rule.status.rawValue)]" }
            text += "\n\n- id: \(rule.id)\n- url: \(Permalink.make(rule.url[language] ?? "", baseURL: baseURL))\n- edition: \(rule.introducedIn)\n"
            if let note = rule.note?[language] { text += "- note: \(MarkdownEscaping.inline(note))\n" }
            if !rule.replacedBy.isEmpty { text += "- replacedBy: \(rule.replacedBy.joined(separator: ", "))\n" }
            let body = rule.text[language] ?? ""
            if !body.isEmpty { text += "\n" + MarkdownEscaping.block(body) + "\n" }
        }
        return text
    }
}

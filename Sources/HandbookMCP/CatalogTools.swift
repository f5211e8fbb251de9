import Foundation
import HandbookSearch
import HandbookKit
import MCP
import RulesCatalog

/// The MCP tools over the rules catalogue. Every answer carries rule ids, text in the requested
/// language and permalinks; nothing needs the network. Kept apart from the transport so tests
/// can call the tools directly.
public struct CatalogTools: Sendable {
    public let catalog: Catalog
    /// The site search's ranking over each language's search index (`RuleSearch`).
    public let search: RuleSearch
    public var normalizer: SearchNormalizer { search.normalizer }
    /// Makes permalinks absolute when given.
    public let baseURL: String?

    public init(catalog: Catalog, search: RuleSearch, baseURL: String?) {
        self.catalog = catalog
        self.search = search
        self.baseURL = baseURL
    }

    /// The catalogue's language tags as in rules.json (`zh-Hans`, `en`, …), and `zh` for `zh-Hans`.
    var languageProperty: Value {
        let tags = catalog.languages + (catalog.languages.contains(Language.zhHans.tag) ? ["zh"] : [])
        return .object([
            "type": "string", "enum": .array(tags.map { .string($0) }),
            "description": "Language of the answer, a BCP 47 tag as in rules.json: zh-Hans (Simplified Chinese; zh means the same), en, or another catalogued tag. Default en.",
        ])
    }

    static let stringArray: Value = ["type": "array", "items": ["type": "string"]]

    /// The JSON Schema of a `RuleAnswer`, the tools' rule.
    static let ruleSchema: Value = [
        "type": "object",
        "properties": [
            "id": ["type": "string", "description": "<part>.<chapter>.<rule>, stable: cite it."],
            "kind": ["type": "string", "enum": ["do", "avoid", "consider"]],
            "status": ["type": "string", "enum": ["current", "legacy", "deprecated"]],
            "scope": ["type": "string"], "chapter": ["type": "string"],
            "section": ["type": "string"], "sectionTitle": ["type": "string"],
            "title": ["type": "string"], "text": ["type": "string", "description": "Plain text."],
            "permalink": ["type": "string", "description": "Absolute when the site's URL is known, else relative to the site root."],
            "introducedIn": ["type": "string"], "replacedBy": stringArray, "note": ["type": "string"],
            "translation": ["type": "string", "enum": ["current", "outdated"]], "tags": stringArray,
            "measures": [
                "type": "array",
                "description": "Numbers the rule states that can be checked, e.g. {applies: touch-target, comparison: min, value: 44, unit: pt}.",
                "items": ["type": "object", "properties": [
                    "applies": ["type": "string"],
                    "comparison": ["type": "string", "enum": ["min", "max", "below", "above", "exact"]],
                    "value": ["type": "number"],
                    "unit": ["type": "string", "enum": .array(Catalog.Rule.Measure.Unit.allCases.map { .string($0.rawValue) })],
                    "approximate": ["type": "boolean"],
                ], "required": ["applies", "comparison", "value", "unit"]],
            ],
            "examples": [
                "type": "array",
                "description": "Wording that follows the rule (good) or breaks it (bad), in the answer's language.",
                "items": ["type": "object", "properties": [
                    "kind": ["type": "string", "enum": ["good", "bad"]], "text": ["type": "string"],
                ], "required": ["kind", "text"]],
            ],
        ],
        "required": ["id", "kind", "status", "scope", "chapter", "title", "text", "permalink", "introducedIn", "replacedBy", "translation"],
    ]

    static func listSchema(_ key: String, _ properties: [String: Value]) -> Value {
        [
            "type": "object",
            "properties": [key: ["type": "array", "items": ["type": "object", "properties": .object(properties),
                                                              "required": .array(properties.keys.sorted().map { .string($0) })]]],
            "required": [.string(key)],
        ]
    }

    public var tools: [Tool] {
        [
            Tool(name: "search_rules", title: "Search the guidelines",
                 description: "Find iOS design rules by text and filters, best first: the same rules in the same order as "
                    + "the handbook's search in the answer's language (English words by prefix, Chinese anywhere in a word, "
                    + "Traditional and Simplified alike, glossary names and synonyms, pinyin, one typo forgiven). "
                    + "Without a query, rules come in reading order.",
                 inputSchema: .object([
                    "type": "object",
                    "properties": .object([
                        "query": .object(["type": "string", "description": "Words to match, e.g. 'tab bar' or '标签栏'."]),
                        "scope": .object(["type": "string", "enum": .array(catalog.scopes.map { .string($0.id) })]),
                        "kind": .object(["type": "string", "enum": ["do", "avoid", "consider"]]),
                        "status": .object(["type": "string", "enum": ["current", "legacy", "deprecated"]]),
                        "chapter": .object(["type": "string", "description": "A chapter id, e.g. bars/tab-bar."]),
                        "language": languageProperty,
                        "limit": .object(["type": "integer", "minimum": 1, "maximum": 200, "description": "Default 20."]),
                        "tag": .object(["type": "string", "description": "A tag of the content's vocabulary, e.g. component:navigation-bar."]),
                    ]),
                 ]),
                 annotations: .init(readOnlyHint: true, openWorldHint: false),
                 outputSchema: [
                    "type": "object",
                    "properties": ["total": ["type": "integer", "description": "How many rules match; 'rules' holds at most 'limit'."],
                                   "rules": ["type": "array", "items": Self.ruleSchema]],
                    "required": ["total", "rules"],
                 ]),
            Tool(name: "get_rule", title: "Get a rule",
                 description: "One rule by its id (e.g. bars.tab-bar.app-level-organization): text, kind, status, "
                    + "what replaced it if deprecated, and its permalink.",
                 inputSchema: .object([
                    "type": "object",
                    "properties": .object(["id": .object(["type": "string"]), "language": languageProperty]),
                    "required": ["id"],
                 ]),
                 annotations: .init(readOnlyHint: true, openWorldHint: false), outputSchema: Self.ruleSchema),
            Tool(name: "list_scopes", title: "List the parts",
                 description: "The seven parts of the handbook, which are also the search scopes.",
                 inputSchema: .object(["type": "object", "properties": .object(["language": languageProperty])]),
                 annotations: .init(readOnlyHint: true, openWorldHint: false),
                 outputSchema: Self.listSchema("scopes", [
                    "id": ["type": "string"], "title": ["type": "string"], "summary": ["type": "string"],
                    "permalink": ["type": "string"], "chapters": ["type": "integer"], "rules": ["type": "integer"],
                 ])),
            Tool(name: "list_chapters", title: "List the chapters",
                 description: "The chapters of the handbook, optionally of one scope, with their rule counts.",
                 inputSchema: .object([
                    "type": "object",
                    "properties": .object([
                        "scope": .object(["type": "string", "enum": .array(catalog.scopes.map { .string($0.id) })]),
                        "language": languageProperty,
                    ]),
                 ]),
                 annotations: .init(readOnlyHint: true, openWorldHint: false),
                 outputSchema: Self.listSchema("chapters", [
                    "id": ["type": "string"], "scope": ["type": "string"], "title": ["type": "string"],
                    "summary": ["type": "string"], "status": ["type": "string", "enum": ["current", "legacy"]],
                    "permalink": ["type": "string"], "rules": ["type": "integer"],
                 ])),
        ]
    }

    struct ToolError: Error {
        var message: String
    }

    /// Answers a tool call; bad arguments give an error result, not a protocol error.
    public func call(_ name: String, arguments: [String: Value]?) -> CallTool.Result {
        let arguments = arguments ?? [:]
        do {
            let language = try self.language(arguments)
            switch name {
            case "search_rules": return try searchRules(arguments, language: language)
            case "get_rule": return try getRule(arguments, language: language)
            case "list_scopes": return try listScopes(language: language)
            case "list_chapters": return try listChapters(arguments, language: language)
            default: throw ToolError(message: "unknown tool '\(name)'")
            }
        } catch let error as ToolError {
            return CallTool.Result(content: [Self.text(error.message)], isError: true)
        } catch {
            return CallTool.Result(content: [Self.text("\(error)")], isError: true)
        }
    }

    private func language(_ arguments: [String: Value]) throws -> Language {
        guard let value = arguments["language"]?.stringValue else { return .en }
        guard let language = catalog.language(matching: value) else {
            throw ToolError(message: "language must be one of \(catalog.languageChoices), not '\(value)'")
        }
        return language
    }

    private func string(_ arguments: [String: Value], _ key: String) throws -> String? {
        guard let value = arguments[key] else { return nil }
        guard let string = value.stringValue else { throw ToolError(message: "'\(key)' must be a string") }
        return string
    }

    /// The JSON text for clients that read `content`, and the same object as structured content.
    private func result<Output: Codable>(_ output: Output) throws -> CallTool.Result {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(output), as: UTF8.self)
        return try CallTool.Result(content: [Self.text(text)], structuredContent: output)
    }

    struct SearchAnswer: Codable {
        var total: Int
        var rules: [RuleAnswer]
    }

    private func searchRules(_ arguments: [String: Value], language: Language) throws -> CallTool.Result {
        var query = RuleQuery(text: try string(arguments, "query"), language: language)
        if let text = query.text, let problem = RuleQuery.problem(with: text) { throw ToolError(message: problem) }
        if let scope = try string(arguments, "scope") {
            guard catalog.scopes.contains(where: { $0.id == scope }) else {
                throw ToolError(message: "unknown scope '\(scope)'; use one of \(catalog.scopes.map(\.id).joined(separator: ", "))")
            }
            query.scope = scope
        }
        if let kind = try string(arguments, "kind") {
            guard let parsed = Catalog.Rule.Kind(rawValue: kind) else { throw ToolError(message: "kind must be do, avoid or consider") }
            query.kind = parsed
        }
        if let status = try string(arguments, "status") {
            guard let parsed = Status(rawValue: status) else { throw ToolError(message: "status must be current, legacy or deprecated") }
            query.status = parsed
        }
        query.chapter = try string(arguments, "chapter")
        query.tag = try string(arguments, "tag")
        let limit = max(1, min(arguments["limit"]?.intValue ?? 20, 200))
        let found = query.run(on: catalog, search: search)
        return try result(SearchAnswer(total: found.count, rules: found.prefix(limit).map {
            RuleAnswer($0, language: language, baseURL: baseURL)
        }))
    }

    private func getRule(_ arguments: [String: Value], language: Language) throws -> CallTool.Result {
        guard let id = try string(arguments, "id") else { throw ToolError(message: "'id' is required") }
        guard let rule = catalog.rule(withID: id) else {
            let prefix = RuleID(id)?.chapter.rulePrefix
            let near = prefix.map { prefix in catalog.rules.map(\.id).filter { $0.hasPrefix(prefix) } } ?? []
            throw ToolError(message: "no rule '\(id)'" + (near.isEmpty ? "" : "; rules of that chapter: " + near.joined(separator: ", ")))
        }
        return try result(RuleAnswer(rule, language: language, baseURL: baseURL))
    }

    struct ScopeAnswer: Codable {
        var id: String
        var title: String
        var summary: String
        var permalink: String
        var chapters: Int
        var rules: Int
    }

    private func listScopes(language: Language) throws -> CallTool.Result {
        try result(["scopes": catalog.scopes.map { scope in
            ScopeAnswer(id: scope.id, title: scope.title[language] ?? "", summary: scope.summary[language] ?? "",
                        permalink: link(scope.url[language] ?? ""),
                        chapters: catalog.chapters.filter { $0.scope == scope.id }.count,
                        rules: catalog.rules(scope: scope.id).count)
        }])
    }

    struct ChapterAnswer: Codable {
        var id: String
        var scope: String
        var title: String
        var summary: String
        var status: String
        var permalink: String
        var rules: Int
    }

    private func listChapters(_ arguments: [String: Value], language: Language) throws -> CallTool.Result {
        let scope = try string(arguments, "scope")
        if let scope, !catalog.scopes.contains(where: { $0.id == scope }) {
            throw ToolError(message: "unknown scope '\(scope)'")
        }
        let weights = Dictionary(uniqueKeysWithValues: catalog.scopes.map { ($0.id, $0.weight) })
        let chapters = catalog.chapters.filter { scope == nil || $0.scope == scope }
            .sorted { (weights[$0.scope] ?? 0, $0.weight, $0.id) < (weights[$1.scope] ?? 0, $1.weight, $1.id) }
        return try result(["chapters": chapters.map { chapter in
            ChapterAnswer(id: chapter.id, scope: chapter.scope, title: chapter.title[language] ?? "",
                          summary: chapter.summary[language] ?? "", status: chapter.status.rawValue,
                          permalink: link(chapter.url[language] ?? ""), rules: catalog.rules(chapter: chapter.id).count)
        }])
    }

    static func text(_ text: String) -> Tool.Content {
        .text(text: text, annotations: nil, _meta: nil)
    }

    private func link(_ path: String) -> String {
        Permalink.make(path, baseURL: baseURL)
    }
}

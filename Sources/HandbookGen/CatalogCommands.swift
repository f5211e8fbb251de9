import ArgumentParser
import Foundation
import HandbookSearch
import HandbookKit
import HandbookMCP
import RulesCatalog

/// Options shared by the commands that read the catalogue (`rules`, `mcp`).
struct CatalogOptions: ParsableArguments {
    @OptionGroup var sources: SourceOptions

    @Option(name: .long, help: "A published rules.json to read instead of building the content.")
    var catalog: String?

    @Option(name: .long, help: "The site's absolute URL, to give absolute permalinks.")
    var baseURL: String?

    /// The catalogue, its search (the site's ranking over each language's search index), and
    /// the base URL for permalinks (the option's or the configuration's).
    func load() async throws -> (Catalog, RuleSearch, String?) {
        var log = DiagnosticLog()
        guard let variants = ChineseVariantTable.load(explicitPath: sources.openccTable, log: &log) else {
            Report.print(log.sorted)
            throw ExitCode.failure
        }
        var configuration = try sources.resolve(baseURL: baseURL)
        do {
            // A query needs the catalogue, not the comparison with the published one.
            configuration.baselinePath = nil
            let (catalog, search) = try await (self.catalog.map(CatalogSource.file) ?? .content(configuration))
                .loadWithSearch(SearchNormalizer(variants: variants))
            return (catalog, search, configuration.baseURL)
        } catch let failure as CatalogSource.Failure {
            Report.print(failure.diagnostics)
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            throw ExitCode.failure
        }
    }
}

// RulesCatalog is this package's own module, and does not depend on the argument parser.
extension Catalog.Rule.Kind: @retroactive ExpressibleByArgument {}

extension Status: @retroactive ExpressibleByArgument {}

extension RuleListing.Format: ExpressibleByArgument {}


struct Rules: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Query the rules catalogue: by scope, kind, status, chapter, tag and text.",
        discussion: """
            The text is searched and ranked exactly as the site's search ranks rules in the answer's \
            language (--language): English words by prefix, Chinese anywhere in a word, Traditional and \
            Simplified alike, glossary names and reviewed synonyms (content/search-synonyms.yaml), \
            pinyin for Chinese titles (dhl, dao hang lan) and, when few rules match, words one typo \
            away; best first (docs/search-index.md, Ranking). When nothing matches in that language, \
            the other languages are tried. With --catalog, the site's search indexes beside rules.json \
            (<lang>/search-index.js) are used. Without a text, rules are listed in reading order (part, \
            chapter, place in the chapter).
            Exit status: 0 when rules match; 1 when none does (a message on standard error, nothing \
            on standard output); 64 for an unknown scope, chapter, tag or language.
            Examples:
              HandbookGen rules --scope bars --kind avoid --format markdown
              HandbookGen rules 航栏 --language zh
              HandbookGen rules --catalog _site/rules.json --status deprecated --format csv
              HandbookGen rules --tag component:navigation-bar --kind avoid
            """)

    @OptionGroup var options: CatalogOptions

    @Argument(help: "Text to search for, ranked like the site search (optional).")
    var text: String?

    @Option(help: "A part id: \(["foundations", "patterns", "interaction", "bars", "views", "controls", "technologies"].joined(separator: ", ")).")
    var scope: String?

    @Option(help: "do, avoid or consider.")
    var kind: Catalog.Rule.Kind?

    @Option(help: "current, legacy or deprecated.")
    var status: Status?

    @Option(help: "A chapter id, e.g. bars/tab-bar.")
    var chapter: String?

    @Option(help: "A tag from the content's vocabulary, e.g. component:navigation-bar or topic:accessibility.")
    var tag: String?

    @Option(help: "The language of the answer: a catalogued BCP 47 tag, or its language (zh, en).")
    var language = "en"

    @Option(help: "json, csv or markdown (a review checklist).")
    var format: RuleListing.Format = .json

    func validate() throws {
        if let text, text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("the text to match is empty")
        }
        if let text, let problem = RuleQuery.problem(with: text) { throw ValidationError(problem) }
    }

    func run() async throws {
        let (catalog, search, baseURL) = try await options.load()
        if let scope, !catalog.scopes.contains(where: { $0.id == scope }) {
            let scopes = catalog.scopes.map(\.id)
            throw ValidationError("unknown scope '\(scope)'\(Suggestion.didYouMean(scope, in: scopes)); use one of \(scopes.joined(separator: ", "))")
        }
        if let chapter, !catalog.chapters.contains(where: { $0.id == chapter }) {
            throw ValidationError("unknown chapter '\(chapter)'\(Suggestion.didYouMean(chapter, in: catalog.chapters.map(\.id)))"
                                  + "; chapter ids are <part>/<chapter>, e.g. bars/tab-bar")
        }
        if let tag {
            let tags = Set(catalog.rules.flatMap { $0.tags ?? [] })
            guard tags.contains(tag) else {
                throw ValidationError(tags.isEmpty ? "the catalogue has no tags (rules.json 1.3 and tagged content give them)"
                                      : "unknown tag '\(tag)'\(Suggestion.didYouMean(tag, in: tags.sorted())); tags are <facet>:<id>, e.g. \(tags.sorted()[0])")
            }
        }
        guard let answerLanguage = catalog.language(matching: language) else {
            throw ValidationError("unknown language '\(language)'; use one of \(catalog.languageChoices)")
        }
        let query = RuleQuery(scope: scope, kind: kind, status: status, chapter: chapter, tag: tag, text: text,
                              language: answerLanguage)
        let rules = query.run(on: catalog, search: search)
        guard !rules.isEmpty else {
            FileHandle.standardError.write(Data("no rule matches\n".utf8))
            throw ExitCode.failure
        }
        let listing = RuleListing(catalog: catalog, language: answerLanguage, baseURL: baseURL)
        print(try listing.render(rules, as: format), terminator: "")
    }
}

struct MCPServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the rules catalogue to AI agents: a Model Context Protocol server over stdio.",
        discussion: """
            Tools: search_rules, get_rule, list_scopes, list_chapters; resources: every chapter in each \
            language (handbook://chapter/<tag>/<part>/<chapter>, Markdown); prompt: review_design. \
            It works offline from the \
            catalogue (built from the content, or --catalog rules.json). Register it with a client as \
            the command `swift run HandbookGen mcp` (or the built binary with `mcp`).
            """)

    @OptionGroup var options: CatalogOptions

    func run() async throws {
        let (catalog, search, baseURL) = try await options.load()
        try await HandbookServer.run(tools: CatalogTools(catalog: catalog, search: search, baseURL: baseURL),
                                     version: HandbookGenVersion.current)
    }
}

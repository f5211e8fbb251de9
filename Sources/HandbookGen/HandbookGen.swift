import ArgumentParser
import Foundation
import HandbookKit
import HandbookMCP
import RulesCatalog

@main
struct HandbookGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Builds the bilingual iOS design handbook: HTML pages, search index and rules.json.",
        subcommands: [Build.self, Check.self, Rules.self, MCPServer.self, Translations.self, Release.self],
        defaultSubcommand: Build.self)
}

struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: "The content folder (content/zh, content/en, glossary.yaml).")
    var content = "content"

    @Option(name: .long, help: "The templates folder (Mustache templates, i18n strings, assets).")
    var templates = "templates"

    @Option(name: .long, help: "OpenCC's TSCharacters table as text (default: Debian's OpenCC data).")
    var openccTable: String?
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into the output folder.")

    @OptionGroup var sources: SourceOptions

    @Option(name: .shortAndLong, help: "The output folder; replaced only when the build succeeds.")
    var output = "_site"

    @Option(name: .long, help: "The absolute URL the site is published under, e.g. https://example.com/hig/.")
    var baseURL: String?

    @Option(name: .long, help: "The last published rules.json: its ids must remain, and the changelog shows what changed since.")
    var baseline: String?

    func run() throws {
        let builder = HandbookBuilder(configuration: BuildConfiguration(
            contentPath: sources.content, templatesPath: sources.templates, outputPath: output, baseURL: baseURL,
            openCCTable: sources.openccTable, baselinePath: baseline))
        let outcome = builder.build()
        Report.print(outcome.diagnostics)
        guard outcome.succeeded else { throw ExitCode.failure }
        let index = URL(fileURLWithPath: output).appendingPathComponent("index.html").standardizedFileURL
        print("Built \(outcome.files.count) files into \(output)/. Open file://\(index.path)")
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Validate the content and templates; write nothing.")

    @OptionGroup var sources: SourceOptions

    @Option(name: .long, help: "The last published rules.json: fail if one of its ids is gone, list what changed.")
    var baseline: String?

    func run() throws {
        let outcome = HandbookBuilder(configuration: BuildConfiguration(
            contentPath: sources.content, templatesPath: sources.templates, openCCTable: sources.openccTable,
            baselinePath: baseline)).check()
        Report.print(outcome.diagnostics)
        if let baseline, let diff = outcome.baselineDiff {
            print("Compared with \(baseline): \(diff.added.count) added, \(diff.changed.count) changed, "
                  + "\(diff.deprecated.count) deprecated, \(diff.removed.count) missing.")
            for (label, ids) in [("added", diff.added), ("changed", diff.changed), ("deprecated", diff.deprecated),
                                 ("missing", diff.removed)] {
                for id in ids { print("  \(label): \(id)") }
            }
        }
        guard outcome.succeeded else { throw ExitCode.failure }
        print("No errors.")
    }
}

enum Report {
    /// Diagnostics go to standard error, one per line, then a count.
    static func print(_ diagnostics: [Diagnostic]) {
        var text = diagnostics.map(\.description).joined(separator: "\n")
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        if errors + warnings > 0 {
            text += "\n\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
    }
}

struct Translations: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep the two languages in step (content/translations.lock).",
        subcommands: [Accept.self])

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record units as reviewed: their two languages say the same thing now.")

        @OptionGroup var sources: SourceOptions

        @Argument(help: "Rule ids, chapter ids or <chapter>#<section>; none records every unit.")
        var units: [String] = []

        func run() throws {
            let configuration = BuildConfiguration(contentPath: sources.content, templatesPath: sources.templates,
                                                   openCCTable: sources.openccTable)
            let outcome = HandbookBuilder(configuration: configuration).check()
            guard outcome.succeeded else {
                Report.print(outcome.diagnostics)
                throw ExitCode.failure
            }
            let lock = try TranslationLock.read(contentDirectory: configuration.contentURL)
                .accepting(units.isEmpty ? nil : units, from: outcome.freshness)
            try lock.serialized().write(to: TranslationLock.url(inContent: configuration.contentURL),
                                        atomically: true, encoding: .utf8)
            print("Recorded \(units.isEmpty ? lock.entries.count : units.count) units as in step in "
                  + "\(sources.content)/\(TranslationLock.fileName).")
        }
    }
}

/// Options shared by the commands that read the catalogue (`rules`, `mcp`).
struct CatalogOptions: ParsableArguments {
    @OptionGroup var sources: SourceOptions

    @Option(name: .long, help: "A published rules.json to read instead of building the content.")
    var catalog: String?

    @Option(name: .long, help: "The site's absolute URL, to give absolute permalinks.")
    var baseURL: String?

    var source: CatalogSource {
        if let catalog { return .file(catalog) }
        return .content(BuildConfiguration(contentPath: sources.content, templatesPath: sources.templates,
                                           openCCTable: sources.openccTable))
    }

    func load() throws -> (Catalog, SearchNormalizer) {
        let catalog: Catalog
        do {
            catalog = try source.load()
        } catch let failure as CatalogSource.Failure {
            Report.print(failure.diagnostics)
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            throw ExitCode.failure
        }
        var log = DiagnosticLog()
        guard let variants = ChineseVariantTable.load(explicitPath: sources.openccTable, log: &log) else {
            Report.print(log.sorted)
            throw ExitCode.failure
        }
        return (catalog, SearchNormalizer(variants: variants))
    }
}

extension Catalog.Rule.Kind: ExpressibleByArgument {}
extension Status: ExpressibleByArgument {}
extension RuleListing.Format: ExpressibleByArgument {}
extension Language: ExpressibleByArgument {
    public init?(argument: String) { self.init(userTag: argument) }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Query the rules catalogue: by scope, kind, status, chapter and text.",
        discussion: """
            The text matches like the site search: English words by prefix, Chinese anywhere in a word, \
            Traditional and Simplified alike, in both languages' titles and text.
            Examples:
              HandbookGen rules --scope bars --kind avoid --format markdown
              HandbookGen rules 航栏 --language zh
              HandbookGen rules --catalog _site/rules.json --status deprecated --format csv
            """)

    @OptionGroup var options: CatalogOptions

    @Argument(help: "Text to match (optional).")
    var text: String?

    @Option(help: "A part id: \(["foundations", "patterns", "interaction", "bars", "views", "controls", "technologies"].joined(separator: ", ")).")
    var scope: String?

    @Option(help: "do, avoid or consider.")
    var kind: Catalog.Rule.Kind?

    @Option(help: "current, legacy or deprecated.")
    var status: Status?

    @Option(help: "A chapter id, e.g. bars/tab-bar.")
    var chapter: String?

    @Option(help: "zh or en: the language of the answer.")
    var language: Language = .en

    @Option(help: "json, csv or markdown (a review checklist).")
    var format: RuleListing.Format = .json

    func validate() throws {
        if let text, text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("the text to match is empty")
        }
    }

    func run() throws {
        let (catalog, normalizer) = try options.load()
        if let scope, !catalog.scopes.contains(where: { $0.id == scope }) {
            throw ValidationError("unknown scope '\(scope)'; use one of \(catalog.scopes.map(\.id).joined(separator: ", "))")
        }
        if let chapter, !catalog.chapters.contains(where: { $0.id == chapter }) {
            throw ValidationError("unknown chapter '\(chapter)'")
        }
        let query = RuleQuery(scope: scope, kind: kind, status: status, chapter: chapter, text: text)
        let rules = query.run(on: catalog, normalizer: normalizer)
        let listing = RuleListing(catalog: catalog, language: language, baseURL: options.baseURL)
        print(try listing.render(rules, as: format), terminator: "")
    }
}

struct MCPServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the rules catalogue to AI agents: a Model Context Protocol server over stdio.",
        discussion: """
            Tools: search_rules, get_rule, list_scopes, list_chapters. It works offline from the \
            catalogue (built from the content, or --catalog rules.json). Register it with a client as \
            the command `swift run HandbookGen mcp` (or the built binary with `mcp`).
            """)

    @OptionGroup var options: CatalogOptions

    func run() async throws {
        let (catalog, normalizer) = try options.load()
        try await HandbookServer.run(tools: CatalogTools(catalog: catalog, normalizer: normalizer, baseURL: options.baseURL),
                                     version: catalog.schemaVersion)
    }
}

struct Release: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Publish a release: record what changed since the baseline in content/changelog.yaml, "
            + "then make the current catalogue the new baseline.")

    @OptionGroup var sources: SourceOptions

    @Argument(help: "The release's version, e.g. 2026.12.")
    var version: String

    @Option(help: "The release date, YYYY-MM-DD (default: today, UTC).")
    var date: String?

    @Option(help: "The baseline catalogue to compare with and then replace.")
    var baseline = "baseline/rules.json"

    func run() throws {
        let configuration = BuildConfiguration(contentPath: sources.content, templatesPath: sources.templates,
                                               openCCTable: sources.openccTable)
        let firstRelease = !FileManager.default.fileExists(atPath: baseline)
        var withBaseline = configuration
        if !firstRelease { withBaseline.baselinePath = baseline }
        let outcome = HandbookBuilder(configuration: withBaseline).check()
        Report.print(outcome.diagnostics)
        guard outcome.succeeded, let catalog = outcome.files.first(where: { $0.path == "rules.json" }) else {
            throw ExitCode.failure
        }
        let diff = outcome.baselineDiff ?? CatalogDiff()
        if !firstRelease && diff.isEmpty {
            print("Nothing changed since \(baseline); no release written.")
            return
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let release = Changelog.Release(version: version, date: date ?? formatter.string(from: Date()), diff: diff,
                                        initial: firstRelease)
        let changelogURL = configuration.contentURL.appendingPathComponent(Changelog.fileName)
        var text = (try? String(contentsOf: changelogURL, encoding: .utf8))
            ?? "# Releases of the handbook, oldest first. `swift run HandbookGen release VERSION` appends one.\n"
        if !text.hasSuffix("\n") { text += "\n" }
        text += try Changelog.yaml(release)
        try text.write(to: changelogURL, atomically: true, encoding: .utf8)
        let baselineURL = URL(fileURLWithPath: baseline)
        try FileManager.default.createDirectory(at: baselineURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try catalog.data.write(to: baselineURL, options: .atomic)
        print("Release \(version): \(diff.added.count) added, \(diff.changed.count) changed, \(diff.deprecated.count) deprecated. "
              + "Wrote \(sources.content)/\(Changelog.fileName) and \(baseline).")
    }
}

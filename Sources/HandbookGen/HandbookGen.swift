import ArgumentParser
import Foundation
import HandbookKit

@main
struct HandbookGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Builds the bilingual iOS design handbook: HTML pages, search index and rules.json.",
        subcommands: [Build.self, Check.self, Translations.self],
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

    func run() throws {
        let builder = HandbookBuilder(configuration: BuildConfiguration(
            contentPath: sources.content, templatesPath: sources.templates, outputPath: output, baseURL: baseURL,
            openCCTable: sources.openccTable))
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

    func run() throws {
        let outcome = HandbookBuilder(configuration: BuildConfiguration(
            contentPath: sources.content, templatesPath: sources.templates, openCCTable: sources.openccTable)).check()
        Report.print(outcome.diagnostics)
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

// The command-line tool: a thin layer of swift-argument-parser commands over HandbookKit.
import ArgumentParser
import Foundation
import HandbookKit

@main
struct HandbookGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        // The executable's name, so that help and shell completions match what people type.
        commandName: "HandbookGen",
        abstract: "Builds the bilingual iOS design handbook (pages, search index, rules.json, llms.txt) and answers questions about its rules.",
        version: HandbookGenVersion.current,
        subcommands: [Build.self, Check.self, Serve.self, Rules.self, MCPServer.self, Translations.self, Release.self],
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

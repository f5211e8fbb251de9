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
        subcommands: [Build.self, Check.self, Serve.self, Init.self, New.self, Rules.self, MCPServer.self, Translations.self,
                      Release.self],
        defaultSubcommand: Build.self)
}

/// Where the handbook is: its configuration file, and options that override what it says.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: "The handbook's configuration (content, templates, output, baseline, base URL, languages).")
    var config = HandbookConfiguration.fileName

    @Option(name: .long, help: "The content folder (default: the configuration's, or content).")
    var content: String?

    @Option(name: .long, help: "The templates folder (default: the configuration's, or templates).")
    var templates: String?

    @Option(name: .long, help: "OpenCC's TSCharacters table as text (default: Debian's or Homebrew's OpenCC data).")
    var openccTable: String?

    @Option(name: .long, help: "The last published rules.json, whose ids must remain (default: the configuration's).")
    var baseline: String?

    @Flag(name: .long, help: "Do not compare with the published catalogue.")
    var noBaseline = false

    @Option(name: .long, help: "How diagnostics are written to standard error: text (compiler format) or json (one document, for editors; docs/diagnostics.md).")
    var diagnosticsFormat: DiagnosticsFormat = .text

    /// The configuration file as written (its languages, for commands that write content).
    func handbookConfiguration() throws -> HandbookConfiguration {
        var log = DiagnosticLog()
        let file = HandbookConfiguration.load(path: config, log: &log)
        guard !log.hasErrors else {
            Report.print(log.sorted, format: diagnosticsFormat)
            throw ExitCode.failure
        }
        return file
    }

    /// The configuration file with the options applied. Paths in the file are relative to it.
    func resolve(output: String? = nil, baseURL: String? = nil) throws -> BuildConfiguration {
        let file = try handbookConfiguration()
        let folder = (config as NSString).deletingLastPathComponent
        func relative(_ path: String) -> String {
            path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        }
        return BuildConfiguration(
            contentPath: content ?? relative(file.content), templatesPath: templates ?? relative(file.templates),
            outputPath: output ?? relative(file.output), baseURL: baseURL ?? file.baseURL, openCCTable: openccTable,
            baselinePath: noBaseline ? nil : baseline ?? file.baseline.map(relative), languages: file.handbookLanguages)
    }
}

enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum Report {
    /// Diagnostics go to standard error: one per line then a count, or one JSON document
    /// (written even when there is nothing to report, so that a tool always reads one).
    static func print(_ diagnostics: [Diagnostic], format: DiagnosticsFormat = .text) {
        if format == .json {
            FileHandle.standardError.write(DiagnosticsJSON.encode(diagnostics) + Data("\n".utf8))
            return
        }
        var text = diagnostics.map(\.description).joined(separator: "\n")
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        if errors + warnings > 0 {
            text += "\n\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
    }
}

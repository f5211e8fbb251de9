import ArgumentParser
import Foundation
import HandbookKit

struct Translations: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep the translations in step with the source language (content/translations.lock).",
        subcommands: [Accept.self])

    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record units as reviewed: their languages say the same thing now.")

        @OptionGroup var sources: SourceOptions

        @Argument(help: "Rule ids, <chapter>#<section>, or chapter ids (all of a chapter's units).")
        var units: [String] = []

        @Flag(name: .long, help: "Record every unit of the handbook.")
        var all = false

        func validate() throws {
            if units.isEmpty && !all { throw ValidationError("name the units to accept, or pass --all") }
            if !units.isEmpty && all { throw ValidationError("give units or --all, not both") }
        }

        func run() async throws {
            var configuration = try sources.resolve()
            configuration.baselinePath = nil
            let outcome = await HandbookBuilder(configuration: configuration).catalogue()
            guard outcome.succeeded else {
                Report.print(outcome.diagnostics, format: sources.diagnosticsFormat)
                throw ExitCode.failure
            }
            let before = TranslationLock.read(contentDirectory: configuration.contentURL, languages: configuration.languages)
            let lock = try before.accepting(all ? nil : units, from: outcome.freshness)
            try lock.serialized(languages: configuration.languages).write(to: TranslationLock.url(inContent: configuration.contentURL),
                                        atomically: true, encoding: .utf8)
            let changed = lock.entries.filter { before.entries[$0.key] != $0.value }.count
            print("Recorded \(all ? lock.entries.count : changed) units as in step in "
                  + "\(configuration.contentPath)/\(TranslationLock.fileName).")
        }
    }
}

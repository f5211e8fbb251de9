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

        @Argument(help: "Rule ids, chapter ids or <chapter>#<section>; none records every unit.")
        var units: [String] = []

        func run() async throws {
            var configuration = try sources.resolve()
            configuration.baselinePath = nil
            let outcome = await HandbookBuilder(configuration: configuration).check()
            guard outcome.succeeded else {
                Report.print(outcome.diagnostics)
                throw ExitCode.failure
            }
            let lock = try TranslationLock.read(contentDirectory: configuration.contentURL, languages: configuration.languages)
                .accepting(units.isEmpty ? nil : units, from: outcome.freshness)
            try lock.serialized(languages: configuration.languages).write(to: TranslationLock.url(inContent: configuration.contentURL),
                                        atomically: true, encoding: .utf8)
            print("Recorded \(units.isEmpty ? lock.entries.count : units.count) units as in step in "
                  + "\(configuration.contentPath)/\(TranslationLock.fileName).")
        }
    }
}

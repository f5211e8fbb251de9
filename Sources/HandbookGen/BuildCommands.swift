import ArgumentParser
import Foundation
import HandbookKit

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into the output folder.")

    @OptionGroup var sources: SourceOptions

    @Option(name: .shortAndLong, help: "The output folder; replaced only when the build succeeds (default: the configuration's, or _site).")
    var output: String?

    @Option(name: .long, help: "The absolute URL the site is published under, e.g. https://example.com/hig/.")
    var baseURL: String?

    @Flag(name: .long, help: "Print how long each stage of the build took.")
    var timings = false

    func run() async throws {
        let configuration = try sources.resolve(output: output, baseURL: baseURL)
        var builder = HandbookBuilder(configuration: configuration)
        builder.keepsWorkspace = true
        let outcome = await builder.build()
        Report.print(outcome.diagnostics, format: sources.diagnosticsFormat)
        if timings { print(outcome.clock.report) }
        guard outcome.succeeded else { throw ExitCode.failure }
        // Units written in both languages since the lock was last written enter it now, so that
        // a later edit to one language is caught.
        let new = outcome.freshness.newUnits
        if !new.isEmpty {
            var lock = TranslationLock.read(contentDirectory: configuration.contentURL, languages: configuration.languages)
            lock.entries.merge(new) { old, _ in old }
            try lock.serialized(languages: configuration.languages).write(to: TranslationLock.url(inContent: configuration.contentURL), atomically: true, encoding: .utf8)
        }
        let index = configuration.outputURL.appendingPathComponent("index.html")
        print("Built \(outcome.written.count) files into \(configuration.outputPath)/. Open file://\(index.path)")
        // Exit with the build's data still held: the system takes it back at once (see keepsWorkspace).
        withExtendedLifetime(outcome) { Foundation.exit(EXIT_SUCCESS) }
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Validate the content and templates; write nothing.")

    @OptionGroup var sources: SourceOptions

    func run() async throws {
        let configuration = try sources.resolve()
        let outcome = await HandbookBuilder(configuration: configuration).check()
        Report.print(outcome.diagnostics, format: sources.diagnosticsFormat)
        if let baseline = configuration.baselinePath, let diff = outcome.baselineDiff {
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

import ArgumentParser
import Foundation
import HandbookKit

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into the output folder.")

    @OptionGroup var sources: SourceOptions

    @Option(name: .shortAndLong, help: "The output folder; replaced only when the build succeeds.")
    var output = "_site"

    @Option(name: .long, help: "The absolute URL the site is published under, e.g. https://example.com/hig/.")
    var baseURL: String?

    @Option(name: .long, help: "The last published rules.json: its ids must remain, and the changelog shows what changed since.")
    var baseline: String?

    @Flag(name: .long, help: "Print how long each stage of the build took.")
    var timings = false

    func run() async throws {
        var builder = HandbookBuilder(configuration: BuildConfiguration(
            contentPath: sources.content, templatesPath: sources.templates, outputPath: output, baseURL: baseURL,
            openCCTable: sources.openccTable, baselinePath: baseline))
        builder.keepsWorkspace = true
        let outcome = await builder.build()
        Report.print(outcome.diagnostics)
        if timings { print(outcome.clock.report) }
        guard outcome.succeeded else { throw ExitCode.failure }
        let index = URL(fileURLWithPath: output).appendingPathComponent("index.html").standardizedFileURL
        print("Built \(outcome.written.count) files into \(output)/. Open file://\(index.path)")
        // Exit with the build's data still held: the system takes it back at once (see keepsWorkspace).
        withExtendedLifetime(outcome) { Foundation.exit(EXIT_SUCCESS) }
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Validate the content and templates; write nothing.")

    @OptionGroup var sources: SourceOptions

    @Option(name: .long, help: "The last published rules.json: fail if one of its ids is gone, list what changed.")
    var baseline: String?

    func run() async throws {
        let outcome = await HandbookBuilder(configuration: BuildConfiguration(
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

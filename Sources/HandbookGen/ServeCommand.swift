import ArgumentParser
import Foundation
import HandbookKit
import HandbookServe

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site, serve it on 127.0.0.1 and rebuild it as you edit.",
        discussion: """
            Watches the content and templates folders. A change rebuilds only what it affects, \
            writes the changed files to the output folder and reloads the open pages. A build with \
            errors prints them here and on the open pages, and the last good site stays served.
            """)

    @OptionGroup var sources: SourceOptions

    @Option(name: .shortAndLong, help: "The output folder, kept up to date with the served site (default: the configuration's).")
    var output: String?

    @Option(name: .shortAndLong, help: "The port on 127.0.0.1 (0 picks a free one).")
    var port: UInt16 = 8000

    @Flag(name: .long, help: "Print how long each stage of every build took.")
    var timings = false

    func run() async throws {
        let timings = self.timings
        let configuration = try sources.resolve(output: output)
        let output = configuration.outputPath
        let server = PreviewServer(configuration: configuration)
        try await server.run(port: port, ready: { port in
            say("Serving http://127.0.0.1:\(port)/ (the output folder is \(output)/); press Ctrl-C to stop.")
        }, built: { event in
            Report.print(event.report.outcome.diagnostics)
            if timings { say(event.report.outcome.clock.report) }
            let report = event.report
            let what = event.changes.isEmpty ? "Built" : "Rebuilt after \(event.changes.count) change\(event.changes.count == 1 ? "" : "s")"
            if report.outcome.succeeded {
                say(String(format: "%@ in %.0f ms: %d pages rendered, %d reused, %d files written.", what,
                             report.seconds * 1000, report.pagesRendered, report.pagesReused, report.filesWritten))
            } else {
                say(String(format: "%@ in %.0f ms: failed; still serving the last good site.", what, report.seconds * 1000))
            }
        })
    }
}

/// A line on standard output at once: the terminal (or a test) follows the server as it runs.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

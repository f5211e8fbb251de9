import ArgumentParser
import Foundation
import HandbookKit
import RulesCatalog

struct Release: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Publish a release: record what changed since the baseline in content/changelog.yaml, "
            + "then make the current catalogue the new baseline.")

    @OptionGroup var sources: SourceOptions

    @Argument(help: "The release's version, e.g. 2026.12.")
    var version: String

    @Option(help: "The release date, YYYY-MM-DD (default: today, UTC).")
    var date: String?

    func run() async throws {
        var configuration = try sources.resolve()
        // The catalogue to compare with and then replace: the configuration's, or the usual place.
        let baseline = configuration.baselinePath ?? "baseline/rules.json"
        configuration.baselinePath = nil
        let firstRelease = !FileManager.default.fileExists(atPath: baseline)
        var withBaseline = configuration
        if !firstRelease { withBaseline.baselinePath = baseline }
        let outcome = await HandbookBuilder(configuration: withBaseline).catalogue()
        Report.print(outcome.diagnostics, format: sources.diagnosticsFormat)
        guard outcome.succeeded, let catalog = outcome.catalog, let rulesJSON = outcome.rulesJSON else {
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
        let published = catalog.rules.count
        let release = Changelog.Release(version: version, date: date ?? formatter.string(from: Date()), diff: diff,
                                        rules: published, initial: firstRelease)
        let changelogURL = configuration.contentURL.appendingPathComponent(Changelog.fileName)
        var text = (try? String(contentsOf: changelogURL, encoding: .utf8))
            ?? "# Releases of the handbook, oldest first. `swift run HandbookGen release VERSION` appends one.\n"
        if !text.hasSuffix("\n") { text += "\n" }
        text += try Changelog.yaml(release)
        try text.write(to: changelogURL, atomically: true, encoding: .utf8)
        let baselineURL = URL(fileURLWithPath: baseline)
        try FileManager.default.createDirectory(at: baselineURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try rulesJSON.write(to: baselineURL, options: .atomic)
        print("Release \(version): \(diff.added.count) added, \(diff.changed.count) changed, \(diff.deprecated.count) deprecated. "
              + "Wrote \(configuration.contentPath)/\(Changelog.fileName) and \(baseline).")
    }
}

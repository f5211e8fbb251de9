import Foundation
import Testing
@testable import HandbookKit

/// Builds the fixture handbook and compares every output file with `Tests/HandbookGenTests/Golden`.
/// Run with `HANDBOOKGEN_UPDATE_GOLDEN=1 swift test` to rewrite the expected files after an
/// intended change, then review the diff.
@Suite struct GoldenTests {
    static var goldenFolder: URL {
        FixtureHandbook.repoRoot.appendingPathComponent("Tests/HandbookGenTests/Golden")
    }

    @Test func fixtureSiteMatchesGoldenFiles() async throws {
        let fixture = try FixtureHandbook()
        let outcome = await fixture.build()
        // The fixture's translation lock is stale for three units on purpose.
        #expect(fixture.lines(outcome).map { $0.components(separatedBy: ": warning: ").first! } == [
            "content/en/bars/toolbar.md:1:1", "content/zh/bars/toolbar.md:16:1", "content/zh/controls/buttons.md:24:1",
        ])
        let built = try fixture.snapshot()
        if ProcessInfo.processInfo.environment["HANDBOOKGEN_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: Self.goldenFolder)
            for (path, data) in built {
                let url = Self.goldenFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            return
        }
        let expected = try FixtureHandbook.snapshot(of: Self.goldenFolder)
        #expect(Set(built.keys) == Set(expected.keys), "the set of output files changed")
        for path in built.keys.sorted() where expected[path] != built[path] {
            Issue.record("\(path) differs from its golden copy; rerun with HANDBOOKGEN_UPDATE_GOLDEN=1 and review the diff")
        }
    }

    @Test func twoBuildsAreByteIdentical() async throws {
        let first = try FixtureHandbook()
        let second = try FixtureHandbook()
        #expect(await first.build().succeeded)
        #expect(await second.build().succeeded)
        #expect(try first.snapshot() == second.snapshot())
    }

    @Test func everyInterfaceStringAppearsInTheSite() async throws {
        // A misspelt template key renders as nothing without an error; this catches it.
        let fixture = try FixtureHandbook()
        #expect(await fixture.build().succeeded)
        let pages = try fixture.snapshot().filter { $0.key.hasSuffix(".html") }
        var log = DiagnosticLog()
        for language in HandbookLanguages.standard.all {
            let templates = try #require(TemplateSet.load(
                from: FixtureHandbook.repoRoot.appendingPathComponent("templates"), displayRoot: "templates", log: &log))
            let strings = try #require(templates.strings[language])
            let text = pages.filter { $0.key.hasPrefix(language.code + "/") }.values
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            for child in Mirror(reflecting: strings).children {
                guard let label = child.label, let value = child.value as? String else { continue }
                let shown = HTML.escape(value.replacingOccurrences(of: "%d", with: ""))
                    .components(separatedBy: " ").max { $0.count < $1.count } ?? ""
                #expect(text.contains(shown), "interface string '\(label)' (\(language.tag)) never appears in the pages")
            }
        }
    }
}

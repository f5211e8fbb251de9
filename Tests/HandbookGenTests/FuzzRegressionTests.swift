import Foundation
import Testing
@testable import HandbookKit

/// Inputs that once crashed a parser (or came close), replayed through the same path as the
/// libFuzzer target in Fuzz/HandbookFuzz. scripts/fuzz.sh explains how to add one.
@Suite struct FuzzRegressionTests {
    static var folder: URL {
        FixtureHandbook.repoRoot.appendingPathComponent("Tests/HandbookGenTests/Fixtures/fuzz-regressions")
    }

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: inputs)
    func replay(_ name: String) async throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        var log = DiagnosticLog()
        let file = try #require(SourceFile.decode(data, displayPath: "content/zh/controls/buttons.md", log: &log))
        let loader = HandbookLoader(contentDirectory: URL(fileURLWithPath: "/nonexistent"), displayRoot: "content")
        let chapter = loader.parseChapter(file, part: "controls", slug: "buttons", language: .zhHans, log: &log)
        _ = chapter?.translationUnits()
        _ = GlossaryParser().parse(file, log: &log)
        // Reaching here without a crash is the point; deep nesting is also reported.
        if name.hasPrefix("deep-") {
            #expect(log.sorted.contains { $0.message.contains("nesting deeper than") }, "\(name)")
        }
    }

    @Test func thereAreRegressionInputs() async {
        #expect(Self.inputs.count >= 4)
    }
}

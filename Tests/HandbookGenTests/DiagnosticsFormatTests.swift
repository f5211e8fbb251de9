import Foundation
import Testing
@testable import HandbookKit

/// Diagnostics as values for editors: a stable id, a range and "did you mean" as an edit, in
/// one JSON document (`--diagnostics-format json`).
@Suite struct DiagnosticsFormatTests {
    private struct Document: Decodable {
        struct Entry: Decodable {
            var id: String
            var severity: String
            var file: String?
            var line: Int?
            var column: Int?
            var endColumn: Int?
            var message: String
            var fixIts: [Edit]
        }
        struct Edit: Decodable {
            var line: Int
            var column: Int
            var endColumn: Int
            var replacement: String
        }
        var diagnostics: [Entry]
        var errors: Int
        var warnings: Int
    }

    @Test func idsRangesAndFixItsReachTheJSONDocument() async throws {
        let fixture = try FixtureHandbook()
        try fixture.write("terminology.yaml", "en:\n  - {avoid: colour, use: color}\n")
        try fixture.edit("zh/controls/buttons.md", replacing: "edition: iOS 12", with: "editon: iOS 12")
        try fixture.edit("en/bars/toolbar.md", replacing: "## Toolbar items", with: "Colours carry meaning\u{200B}.\n\n## Toolbar items")
        let outcome = await fixture.build()
        #expect(!outcome.succeeded)
        let json = DiagnosticsJSON.encode(outcome.diagnostics)
        let document = try JSONDecoder().decode(Document.self, from: json)
        #expect(document.errors == outcome.diagnostics.count { $0.severity == .error })
        #expect(document.warnings == outcome.diagnostics.count { $0.severity == .warning })

        let unknown = try #require(document.diagnostics.first { $0.id == "front-matter.unknown-key" })
        #expect(unknown.file?.hasSuffix("content/zh/controls/buttons.md") == true)
        #expect([unknown.line, unknown.column, unknown.endColumn] == [6, 1, 7])
        #expect(unknown.fixIts.map(\.replacement) == ["edition"])
        #expect(unknown.message == "unknown front-matter key 'editon'; did you mean 'edition'?")

        let wording = try #require(document.diagnostics.first { $0.id == "wording.avoided-form" })
        #expect(wording.severity == "warning")
        #expect(wording.endColumn.map { $0 - (wording.column ?? 0) } == 6)
        // The edit keeps the capital the author wrote: 'Colours' becomes 'Colors'.
        #expect(wording.fixIts.map(\.replacement) == ["Color"])

        let invisible = try #require(document.diagnostics.first { $0.id == "text.invisible-character" })
        #expect(invisible.fixIts.map(\.replacement) == [""])
        #expect(invisible.fixIts.first.map { $0.endColumn - $0.column } == 1)
    }

    @Test func anEmptyReportIsStillADocument() throws {
        let document = try JSONDecoder().decode(Document.self, from: DiagnosticsJSON.encode([]))
        #expect(document.diagnostics.isEmpty && document.errors == 0 && document.warnings == 0)
    }
}

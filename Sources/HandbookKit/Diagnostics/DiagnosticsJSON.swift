import Foundation

/// Diagnostics as one JSON document, for editors and tools (`--diagnostics-format json`):
///
/// ```json
/// {"diagnostics": [{"id": "link.unresolved", "severity": "error", "file": "content/en/bars/toolbar.md",
///   "line": 12, "column": 5, "endColumn": 19, "message": "…", "notes": [],
///   "fixIts": [{"file": "…", "line": 12, "column": 7, "endColumn": 17, "replacement": "bars/tab-bar"}]}],
///  "errors": 1, "warnings": 0}
/// ```
///
/// Lines and columns are 1-based, columns counted in Unicode scalars; `endColumn` is exclusive
/// and only present when the problem spans characters. `file`, `line` and `column` are absent for
/// a problem that belongs to no file.
public enum DiagnosticsJSON {
    public static func encode(_ diagnostics: [Diagnostic]) -> Data {
        let document = Document(diagnostics: diagnostics.map(Entry.init),
                                errors: diagnostics.count { $0.severity == .error },
                                warnings: diagnostics.count { $0.severity == .warning })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }

    private struct Document: Encodable {
        var diagnostics: [Entry]
        var errors: Int
        var warnings: Int
    }

    private struct Entry: Encodable {
        var id: String
        var severity: String
        var file: String?
        var line: Int?
        var column: Int?
        var endColumn: Int?
        var message: String
        var notes: [Entry]
        var fixIts: [Edit]

        init(_ diagnostic: Diagnostic) {
            id = diagnostic.id
            severity = diagnostic.severity.rawValue
            file = diagnostic.location?.file
            line = diagnostic.location?.line
            column = diagnostic.location?.column
            endColumn = diagnostic.length.flatMap { length in diagnostic.location.map { $0.column + length } }
            message = diagnostic.message
            notes = diagnostic.notes.map(Entry.init)
            fixIts = diagnostic.fixIts.map(Edit.init)
        }
    }

    private struct Edit: Encodable {
        var file: String
        var line: Int
        var column: Int
        var endColumn: Int
        var replacement: String

        init(_ fixIt: FixIt) {
            file = fixIt.location.file
            line = fixIt.location.line
            column = fixIt.location.column
            endColumn = fixIt.location.column + fixIt.length
            replacement = fixIt.replacement
        }
    }
}

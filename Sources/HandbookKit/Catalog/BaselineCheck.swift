import Foundation
import RulesCatalog

/// Compares the new catalogue with the last published one. A consumer may hold any id the
/// baseline has, so each id missing now is an error pointing at the baseline's line for it.
struct BaselineCheck: Sendable {
    var path: String

    /// The published file as read: its bytes and its catalogue, or why there is none. Read ahead
    /// of the check (decoding it is a tenth of the handbook's build and needs nothing the build
    /// makes), so that it overlaps with loading.
    struct Published: Sendable {
        var data: Data?
        var catalog: Result<Catalog, any Error>
    }

    /// `decode`: how the file's bytes become a catalogue (the pipeline keeps the last one).
    func read(decode: (Data) throws -> Catalog = Catalog.decode(from:)) -> Published {
        guard let data = try? Data(contentsOf: BuildConfiguration.url(path)) else {
            return Published(data: nil, catalog: .failure(CocoaError(.fileReadUnknown)))
        }
        return Published(data: data, catalog: Result { try decode(data) })
    }

    func run(current: Catalog, log: inout DiagnosticLog) -> CatalogDiff? {
        run(current: current, published: read(), log: &log)
    }

    func run(current: Catalog, published: Published, log: inout DiagnosticLog) -> CatalogDiff? {
        guard let data = published.data else {
            log.error(id: "baseline.unreadable", "cannot read the baseline catalogue", at: SourceLocation(file: path, line: 1, column: 1))
            return nil
        }
        let baseline: Catalog
        do {
            baseline = try published.catalog.get()
        } catch {
            log.error(id: "baseline.malformed", "the baseline is not a rules.json catalogue: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
            return nil
        }
        let diff = CatalogDiff(baseline: baseline, current: current)
        guard !diff.removed.isEmpty else { return diff }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for id in diff.removed {
            let line = (lines.firstIndex { $0.contains("\"id\"") && $0.contains("\"\(id)\"") } ?? 0) + 1
            log.error(id: "baseline.rule-removed", "rule '\(id)' was published and is missing now; keep it with {status=deprecated replaced-by=\"…\" note=\"…\"}",
                      at: SourceLocation(file: path, line: line, column: 1))
        }
        return diff
    }
}

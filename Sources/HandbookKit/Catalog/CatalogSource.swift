import Foundation
import RulesCatalog

/// Where tools get the catalogue: a published `rules.json`, or the content folder built in memory.
public enum CatalogSource: Sendable {
    case file(String)
    case content(BuildConfiguration)

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public var diagnostics: [Diagnostic] = []
    }

    public func load() async throws -> Catalog {
        switch self {
        case .file(let path):
            let data: Data
            do {
                data = try Data(contentsOf: BuildConfiguration.url(path))
            } catch {
                throw Failure(description: "\(path): error: cannot read the catalogue: \(error.localizedDescription)")
            }
            do {
                return try Catalog.decode(from: data)
            } catch {
                throw Failure(description: "\(path): error: not a rules.json catalogue: \(error)")
            }
        case .content(let configuration):
            // The catalogue stage alone: no page is rendered.
            let outcome = await HandbookBuilder(configuration: configuration).catalogue()
            guard outcome.succeeded, let catalog = outcome.catalog else {
                throw Failure(description: "the content does not build; run `HandbookGen check`",
                              diagnostics: outcome.diagnostics)
            }
            return catalog
        }
    }
}

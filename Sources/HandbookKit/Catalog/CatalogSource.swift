import Foundation
import HandbookSearch
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
        try await loadCatalog(search: nil).catalog
    }

    /// The catalogue and the search of its rules: over the search indexes of the site a
    /// `rules.json` was published with, or those the content would publish.
    public func loadWithSearch(_ normalizer: SearchNormalizer) async throws -> (catalog: Catalog, search: RuleSearch) {
        let (catalog, search) = try await loadCatalog(search: normalizer)
        return (catalog, search!)
    }

    private func loadCatalog(search normalizer: SearchNormalizer?) async throws -> (catalog: Catalog, search: RuleSearch?) {
        switch self {
        case .file(let path):
            let data: Data
            do {
                data = try Data(contentsOf: BuildConfiguration.url(path))
            } catch {
                throw Failure(description: "\(path): error: cannot read the catalogue: \(error.localizedDescription)")
            }
            do {
                let catalog = try Catalog.decode(from: data)
                return (catalog, normalizer.map { RuleSearch(publishedWith: BuildConfiguration.url(path), catalog: catalog, normalizer: $0) })
            } catch {
                throw Failure(description: "\(path): error: not a rules.json catalogue: \(error)")
            }
        case .content(let configuration):
            // The catalogue stage alone: no page is rendered.
            let outcome = await HandbookBuilder(configuration: configuration).catalogue(searchIndexes: normalizer != nil)
            guard outcome.succeeded, let catalog = outcome.catalog else {
                throw Failure(description: "the content does not build; run `HandbookGen check`",
                              diagnostics: outcome.diagnostics)
            }
            return (catalog, normalizer.map { RuleSearch(indexes: outcome.searchIndexes, normalizer: $0) })
        }
    }
}

import Foundation

extension Catalog {
    /// The JSON Schema (2020-12) of `rules.json`, as published beside it on the site.
    public static var schema: Data {
        get throws {
            guard let url = Bundle.module.url(forResource: "rules.schema", withExtension: "json")
            else { throw CocoaError(.fileNoSuchFile) }
            return try Data(contentsOf: url)
        }
    }
}

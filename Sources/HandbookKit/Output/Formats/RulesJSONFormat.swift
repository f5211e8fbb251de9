import RulesCatalog

/// `rules.json` and its schema, and `glossary.json` and its schema.
struct RulesJSONFormat: OutputFormat {
    /// rules.json is encoded in one piece.
    var isMadeOnOneCore: Bool { true }

    func files(_ context: OutputContext) async throws -> [OutputFile] {
        let catalog = context.catalog
        let encode = {
            [OutputFile(path: SiteURLs.rulesJSON, bytes: try CatalogJSON.encode(catalog)),
             OutputFile(path: SiteURLs.rulesSchema, data: try Catalog.schema)]
        }
        // The glossary is small and not part of the catalogue: made every time.
        let glossary = [OutputFile(path: SiteURLs.glossaryJSON, bytes: try CatalogJSON.encode(context.catalogBuilder.glossary())),
                        OutputFile(path: SiteURLs.glossarySchema, data: try GlossaryCatalog.schema)]
        return try await context.emit(try context.layer.value(keptIn: \.rulesJSON, for: catalog, make: encode) + glossary)
    }
}

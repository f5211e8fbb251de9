/// Each language's search index, as scripts that load from `file://`: one, or for a large
/// handbook a head and chunks loaded on demand (`SearchIndexBuilder.files`).
struct SearchIndexFormat: OutputFormat {
    func files(_ context: OutputContext) async throws -> [OutputFile] {
        // A rule's search text is its catalogue text: made once. The languages side by side, so
        // that one is written while another's chapters are encoded.
        let ruleTexts = Dictionary(context.catalog.rules.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        var builder = context.searchBuilder
        builder.ruleText = { id, language in ruleTexts[id]?[language] }
        let searchIndexes = builder
        let emit = context.emit, layer = context.layer
        return try await ParallelMap.map(context.handbook.languages.all, runLength: 1) { language -> Result<[OutputFile], any Error> in
            do {
                // Each part kept between builds of `serve` while what it reads is the same.
                let parts = await searchIndexes.parts(
                    language, chapters: await layer.outputs(of: searchIndexes.chapterRecords(language), keptIn: \.searchRecords),
                    glossary: { language in
                        await layer.value(keptIn: \.searchGlossary, language: language, for: searchIndexes.glossaryKey(language)) {
                            searchIndexes.glossaryPart(language)
                        }
                    },
                    tables: { key in
                        await layer.value(keptIn: \.searchCharacters, language: language, for: key) { searchIndexes.characterTables(key) }
                    })
                var written: [OutputFile] = []
                try await searchIndexes.write(consume parts) { files in
                    written += try await emit(files.map { OutputFile(path: $0.path, pieces: $0.pieces) })
                }
                return .success(written)
            } catch {
                return .failure(error)
            }
        }.flatMap { try $0.get() }
    }
}

/// `llms.txt` at the root, and per language `llms.txt` and `llms-full.txt` (`LLMsTextBuilder`).
struct LLMsTextFormat: OutputFormat {
    func files(_ context: OutputContext) async throws -> [OutputFile] {
        let catalogBuilder = context.catalogBuilder
        let llms = LLMsTextBuilder(catalog: context.catalog, languages: context.handbook.languages, strings: context.strings,
                                   baseURL: context.baseURL, handbook: context.handbook,
                                   plainText: { catalogBuilder.plainText($0, $1) })
        let layer = context.layer
        return try await context.emit(await layer.value(keptIn: \.llmsText, for: llms.key) {
            var parts: [Language: [[UInt8]]] = [:]
            for language in llms.languages.all {
                parts[language] = await layer.outputs(of: llms.chapterParts(language), keptIn: \.llmsChapters)
            }
            return llms.files(parts)
        })
    }
}

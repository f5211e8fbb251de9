/// `llms.txt` at the root, and per language `llms.txt` and `llms-full.txt` (`LLMsTextBuilder`).
struct LLMsTextFormat: OutputFormat {
    func files(_ context: OutputContext) async throws -> [OutputFile] {
        let catalogBuilder = context.catalogBuilder
        let llms = LLMsTextBuilder(catalog: context.catalog, languages: context.handbook.languages, strings: context.strings,
                                   baseURL: context.baseURL, handbook: context.handbook,
                                   plainText: { catalogBuilder.plainText($0, $1) })
        let layer = context.layer
        return try await context.emit(await layer.value(keptIn: \.llmsText, for: llms.key) {
            var made: [(work: LLMsTextBuilder.ChapterParts, parts: [[UInt8]])] = []
            for work in llms.chapterParts() { made.append((work, await layer.outputs(of: work, keptIn: \.llmsChapters))) }
            return llms.files(made)
        })
    }
}

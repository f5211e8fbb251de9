/// `llms.txt` at the root, and per language `llms.txt` and `llms-full.txt` (`LLMsTextBuilder`).
struct LLMsTextFormat: OutputFormat {
    func files(_ context: OutputContext) async throws -> [OutputFile] {
        let catalogBuilder = context.catalogBuilder
        let llms = LLMsTextBuilder(catalog: context.catalog, languages: context.handbook.languages, strings: context.strings,
                                   baseURL: context.baseURL, handbook: context.handbook,
                                   plainText: { catalogBuilder.plainText($0, $1) })
        let layer = context.layer
        var files = try await context.emit([llms.rootFile()])
        // A language at a time, written before the next is made: one language's chapters held
        // at once, not every language's (beside rules.json, made at the same time).
        for work in llms.chapterParts() {
            files += try await context.emit(await layer.value(keptIn: \.llmsText, language: work.language, for: llms.key) {
                llms.files(of: work, await layer.outputs(of: work, keptIn: \.llmsChapters))
            })
        }
        return files
    }
}

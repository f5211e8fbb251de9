/// `llms.txt` at the root, and per language `llms.txt` and `llms-full.txt` (`LLMsTextBuilder`).
struct LLMsTextFormat: OutputFormat {
    func files(_ context: OutputContext) async throws -> [OutputFile] {
        let catalogBuilder = context.catalogBuilder
        let llms = LLMsTextBuilder(catalog: context.catalog, languages: context.handbook.languages, strings: context.strings,
                                   baseURL: context.baseURL, handbook: context.handbook,
                                   plainText: { catalogBuilder.plainText($0, $1) },
                                   chapterMemo: context.derived?.llmsChapters)
        if let memo = context.derived?.llmsText { return try await context.emit(await memo.value(for: llms.key) { await llms.files() }) }
        return try await context.emit(await llms.files())
    }
}

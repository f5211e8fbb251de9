import TextBytes
/// Per language, `<lang>/chapters.js`: each part's chapters, titles and links, in the sidebar's
/// order, for the sidebar's fold buttons. A page lists only its own part's chapters (every
/// chapter on every page made the heaviest page outgrow its 60 KB budget); unfolding another
/// part loads this script on first use (a script, not a fetch: it works from `file://`).
///
/// `window.HANDBOOK_CHAPTERS = [[[title, url], …], …]`, one list per part in the sidebar's order,
/// URLs from the site root; escaped for a script like the search index (`JSONTextWriter`).
struct SidebarChaptersFormat: OutputFormat {
    func files(_ context: OutputContext) async throws -> [OutputFile] {
        let handbook = context.handbook
        return try await context.emit(handbook.languages.all.map { language in
            let chapters = Dictionary(grouping: handbook.chapters(in: language), by: \.part)
            var json = JSONTextWriter(pretty: false, scriptSafe: true)
            json.beginArray()
            for part in handbook.parts(in: language) {
                json.beginArray()
                for chapter in chapters[part.id] ?? [] {
                    json.beginArray()
                    json.value(chapter.title)
                    json.value(SiteURLs.chapter(chapter.identifier, language))
                    json.endArray()
                }
                json.endArray()
            }
            json.endArray()
            return OutputFile(path: SiteURLs.sidebarChapters(language),
                              bytes: Array("window.HANDBOOK_CHAPTERS = ".utf8) + json.bytes + Array(";\n".utf8))
        })
    }
}

import Foundation

/// The sidebar's HTML for every folder of the site, rendered from `nav.mustache` up front.
/// Pages in one folder share the same relative links, so each page only marks its own entry
/// (`aria-current`) and opens its part — two string replacements instead of a template pass
/// over every chapter of the handbook.
struct NavigationCache: Sendable {
    private struct Key: Hashable {
        var language: Language
        var folder: String
    }

    private let html: [Key: String]
    private let handbook: Handbook

    init(handbook: Handbook, templates: TemplateSet) {
        self.handbook = handbook
        var html: [Key: String] = [:]
        for language in Language.allCases {
            // Every page of a language lives in `<lang>/` or `<lang>/<part>/`.
            let folders = ["\(language.folder)/"] + handbook.parts(in: language).map { "\(language.folder)/\($0.id)/" }
            for folder in folders {
                let page = folder + "page.html"
                let rel = { (path: String) in SiteURLs.relative(path, from: page) }
                let view = NavView(parts: handbook.parts(in: language).map { part in
                    NavPartView(id: part.id, title: part.title, href: rel(SiteURLs.part(part.id, language)),
                                chapters: handbook.chapters(inPart: part.id, language: language).map {
                                    LinkView(title: $0.title, href: rel(SiteURLs.chapter($0.id, language)))
                                })
                })
                html[Key(language: language, folder: folder)] = templates.render(view, with: "nav")
            }
        }
        self.html = html
    }

    /// The sidebar for `page`, with the current chapter (or part) marked and its part open.
    func html(language: Language, page: String, currentPart: String?, currentChapter: String?) -> String {
        let folder = page.split(separator: "/").dropLast().map { $0 + "/" }.joined()
        guard var result = html[Key(language: language, folder: folder)] ?? html[Key(language: language, folder: "\(language.folder)/")]
        else { return "" }
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        if let currentPart {
            let partLink = "<a href=\"\(HTML.escape(rel(SiteURLs.part(currentPart, language))))\">"
            let marked = currentChapter == nil ? partLink.dropLast() + " aria-current=\"page\">" : Substring(partLink)
            result = result.replacingOccurrences(of: "<li class=\"nav-part\">\n      " + partLink,
                                                 with: "<li class=\"nav-part open\">\n      " + marked)
        }
        if let currentChapter {
            let link = "<li><a href=\"\(HTML.escape(rel(SiteURLs.chapter(currentChapter, language))))\">"
            result = result.replacingOccurrences(of: link, with: link.dropLast() + " aria-current=\"page\">")
        }
        return result
    }
}

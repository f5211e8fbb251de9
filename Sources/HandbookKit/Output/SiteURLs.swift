import Foundation

/// The one place that knows where every page lives in the site. Paths are relative to the site
/// root and never start with `/`, so the site works from `file://` and under any sub-path.
public enum SiteURLs {
    public static func home(_ language: Language) -> String { "\(language.code)/index.html" }
    public static func part(_ id: String, _ language: Language) -> String { "\(language.code)/\(id)/index.html" }
    public static func glossary(_ language: Language) -> String { "\(language.code)/glossary.html" }
    public static func search(_ language: Language) -> String { "\(language.code)/search.html" }
    public static func changelog(_ language: Language) -> String { "\(language.code)/changelog.html" }
    public static func searchIndex(_ language: Language) -> String { "\(language.code)/search-index.js" }
    /// Each part's chapters for the sidebar's fold buttons (`SidebarChaptersFormat`).
    public static func sidebarChapters(_ language: Language) -> String { "\(language.code)/chapters.js" }
    public static let root = "index.html"
    public static let notFound = "404.html"
    public static let rulesJSON = "rules.json"
    public static let rulesSchema = "rules.schema.json"
    public static let glossaryJSON = "glossary.json"
    public static let glossarySchema = "glossary.schema.json"
    public static func asset(_ name: String) -> String { "assets/\(name)" }

    /// The page and fragment of a link target, from the site root.
    public static func path(of target: LinkTarget, in language: Language) -> String {
        switch target {
        case .part(let id): return part(id.text, language)
        case .chapter(let id, let anchor): return chapter(id, language, anchor: anchor?.text)
        case .rule(let id): return chapter(id.chapter, language, anchor: id.local)
        case .term(let id): return glossary(language) + "#term-\(id)"
        case .external(let url): return url
        }
    }

    /// A chapter's page, `zh/controls/buttons.html`, with `#anchor` when there is one: made in
    /// one string (every link of every page asks).
    public static func chapter(_ id: ChapterID, _ language: Language, anchor: String? = nil) -> String {
        var path = ""
        path.reserveCapacity(language.code.utf8.count + id.part.text.utf8.count + id.slug.utf8.count
                             + (anchor?.utf8.count ?? -1) + 8)
        path += language.code
        path += "/"
        path += id.part.text
        path += "/"
        path += id.slug
        path += ".html"
        if let anchor {
            path += "#"
            path += anchor
        }
        return path
    }

    /// The folder a page sits in: `zh/controls/` for `zh/controls/buttons.html`, `` for `index.html`.
    public static func folder(of page: String) -> String {
        guard let slash = page.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(page[...slash])
    }

    /// `to` (from the site root) as seen from the page at `from` (also from the site root).
    /// Every link of every page comes through here: it walks the bytes of both paths once,
    /// without building their pieces.
    public static func relative(_ to: String, from: String) -> String {
        if LinkResolver.scheme(of: to) != nil { return to }
        var to = to, from = from
        let slash = UInt8(ascii: "/")
        let (ups, restStart) = from.withUTF8 { from in
            to.withUTF8 { to -> (Int, Int) in
                // `from`'s folders: its non-empty pieces but the last.
                var pageEnd = from.count
                while pageEnd > 0, from[pageEnd - 1] == slash { pageEnd -= 1 }
                let folderEnd = from[..<pageEnd].lastIndex(of: slash) ?? 0
                var folders = 0, matched = 0, matching = true
                var position = 0, toStart = 0
                while position < folderEnd {
                    var end = position
                    while end < folderEnd, from[end] != slash { end += 1 }
                    if end > position {
                        folders += 1
                        // Matched against `to`'s next piece, which must not be its last (the file).
                        if matching, let toEnd = to[toStart...].firstIndex(of: slash),
                           toEnd - toStart == end - position,
                           memcmp(from.baseAddress! + position, to.baseAddress! + toStart, end - position) == 0 {
                            matched += 1
                            toStart = toEnd + 1
                        } else {
                            matching = false
                        }
                    }
                    position = end + 1
                }
                return (folders - matched, toStart)
            }
        }
        let rest = to.utf8.count - restStart
        if ups == 0, rest == 0 { return "./" }
        return String(unsafeUninitializedCapacity: 3 * ups + rest) { buffer in
            var count = 0
            for _ in 0..<ups {
                buffer[count] = UInt8(ascii: "."); buffer[count + 1] = UInt8(ascii: "."); buffer[count + 2] = slash
                count += 3
            }
            to.withUTF8 { to in
                for index in restStart..<to.count { buffer[count] = to[index]; count += 1 }
            }
            return count
        }
    }
}

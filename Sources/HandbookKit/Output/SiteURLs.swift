/// The one place that knows where every page lives in the site. Paths are relative to the site
/// root and never start with `/`, so the site works from `file://` and under any sub-path.
public enum SiteURLs {
    public static func home(_ language: Language) -> String { "\(language.folder)/index.html" }
    public static func part(_ id: String, _ language: Language) -> String { "\(language.folder)/\(id)/index.html" }
    public static func chapter(_ id: String, _ language: Language) -> String { "\(language.folder)/\(id).html" }
    public static func glossary(_ language: Language) -> String { "\(language.folder)/glossary.html" }
    public static func search(_ language: Language) -> String { "\(language.folder)/search.html" }
    public static func changelog(_ language: Language) -> String { "\(language.folder)/changelog.html" }
    public static func searchIndex(_ language: Language) -> String { "\(language.folder)/search-index.js" }
    public static let root = "index.html"
    public static let notFound = "404.html"
    public static let rulesJSON = "rules.json"
    public static let rulesSchema = "rules.schema.json"
    public static func asset(_ name: String) -> String { "assets/\(name)" }

    /// The page and fragment of a link target, from the site root.
    public static func path(of target: LinkTarget, in language: Language) -> String {
        switch target {
        case .part(let id): return part(id, language)
        case .chapter(let id, let anchor): return chapter(id, language) + (anchor.map { "#\($0)" } ?? "")
        case .rule(let ruleID):
            let pieces = ruleID.split(separator: ".")
            return chapter("\(pieces[0])/\(pieces[1])", language) + "#\(pieces[2])"
        case .term(let id): return glossary(language) + "#term-\(id)"
        case .external(let url): return url
        }
    }

    /// The folder a page sits in: `zh/controls/` for `zh/controls/buttons.html`, `` for `index.html`.
    public static func folder(of page: String) -> String {
        guard let slash = page.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(page[...slash])
    }

    /// `to` (from the site root) as seen from the page at `from` (also from the site root).
    public static func relative(_ to: String, from: String) -> String {
        if LinkResolver.scheme(of: to) != nil { return to }
        // On bytes, without building the pieces: every link of every page comes through here.
        let slash = UInt8(ascii: "/")
        let fromFolders = from.utf8.split(separator: slash).dropLast()
        let toParts = to.utf8.split(separator: slash, omittingEmptySubsequences: false)
        var common = 0
        while common < fromFolders.count, common < toParts.count - 1,
              fromFolders[fromFolders.startIndex + common].elementsEqual(toParts[common]) {
            common += 1
        }
        let ups = fromFolders.count - common
        let rest = to[toParts[common].startIndex...]
        if ups == 0 { return rest.isEmpty ? "./" : String(rest) }
        var path = ""
        path.reserveCapacity(3 * ups + rest.utf8.count)
        for _ in 0..<ups { path += "../" }
        path += rest
        return path
    }
}

import Foundation
import RulesCatalog

/// `llms.txt` and `llms-full.txt` (the llmstxt.org convention): what the handbook is and where
/// its chapters are, then every rule in plain text, per language. Made from the catalogue, so
/// agents read exactly what rules.json publishes.
struct LLMsTextBuilder {
    let catalog: Catalog
    let languages: HandbookLanguages
    let strings: [Language: UIStrings]
    /// Absolute site URL when known; links are relative to the site root otherwise.
    let baseURL: String?

    static func index(_ language: Language) -> String { "\(language.code)/llms.txt" }
    static func full(_ language: Language) -> String { "\(language.code)/llms-full.txt" }
    static let root = "llms.txt"

    func files() -> [OutputFile] {
        var files = [OutputFile(path: Self.root, text: rootIndex())]
        // Positions, not copies, of each chapter's rules: a rule is a few dozen strings.
        let rulesByChapter = Dictionary(grouping: catalog.rules.indices, by: { catalog.rules[$0].chapter })
        for language in languages.all {
            files.append(OutputFile(path: Self.index(language), text: index(language)))
            files.append(OutputFile(path: Self.full(language), bytes: full(language, rulesByChapter: rulesByChapter)))
        }
        return files
    }

    /// The file being written, for relative links when there is no base URL.
    private func link(_ path: String, from file: String = "") -> String {
        baseURL == nil ? SiteURLs.relative(path, from: file) : Permalink.make(path, baseURL: baseURL)
    }

    private func heading(_ language: Language) -> String {
        let ui = strings[language]!
        return "# \(MarkdownEscaping.inline(ui.siteTitle))\n\n> \(MarkdownEscaping.inline(ui.siteDescription))\n"
    }

    private func rootIndex() -> String {
        var text = heading(.en)
        text += "\nThe same handbook in \(languages.all.count == 2 ? "two" : String(languages.all.count)) languages, paired section by section. Every rule has a stable id "
            + "(`<part>.<chapter>.<rule>`); ids are never reused and retired rules stay as `deprecated` with `replacedBy`.\n"
        text += "\n## Languages\n\n"
        for language in languages.all {
            let name = MarkdownEscaping.inline(strings[language]!.languageName)
            text += "- [\(name)](\(link(Self.index(language), from: Self.root))): chapters and parts\n"
            text += "- [\(name), full text](\(link(Self.full(language)))): every rule in plain text\n"
        }
        text += "\n## Data\n\n- [rules.json](\(link(SiteURLs.rulesJSON))): every rule in \(languages.all.count == 2 ? "both languages" : "every language"), "
            + "with id, kind, status, edition, text and permalinks\n"
            + "- [rules.schema.json](\(link(SiteURLs.rulesSchema))): its JSON Schema\n"
        return text
    }

    private func index(_ language: Language) -> String {
        let page = Self.index(language)
        var text = heading(language)
        let ui = strings[language]!
        text += "\n" + ui.count(ui.chaptersCount, catalog.chapters.count) + " · "
            + ui.count(ui.rulesCount, catalog.rules.count) + " · [\(ui.rulesCatalog)](\(link(SiteURLs.rulesJSON, from: page)))"
            + " · [llms-full.txt](\(link(Self.full(language), from: page)))\n"
        for scope in catalog.scopes {
            text += "\n## \(MarkdownEscaping.inline((scope.title[language] ?? "")))\n\n\(MarkdownEscaping.inline((scope.summary[language] ?? "")))\n\n"
            for position in chapters(in: scope) {
                let chapter = catalog.chapters[position]
                let legacy = chapter.status == .legacy ? " (\(ui.legacy))" : ""
                text += "- [\(MarkdownEscaping.inline((chapter.title[language] ?? "")))](\(link((chapter.url[language] ?? ""), from: page)))\(legacy): \(MarkdownEscaping.inline((chapter.summary[language] ?? "")))\n"
            }
        }
        return text
    }

    /// Written into one byte buffer piece by piece: interpolating each line made a string for
    /// every piece and another for the line.
    private func full(_ language: Language, rulesByChapter: [String: [Int]]) -> [UInt8] {
        let page = Self.full(language)
        let ui = strings[language]!
        var text: [UInt8] = []
        func add(_ pieces: String...) {
            for piece in pieces { text.append(contentsOf: piece.utf8) }
        }
        add(heading(language))
        let kinds = Dictionary(uniqueKeysWithValues: Catalog.Rule.Kind.allCases.map { ($0, ui.kindLabel($0).uppercased()) })
        // The rules are read in place: a rule copied out of the array is a few dozen strings.
        catalog.rules.withUnsafeBufferPointer { rules in
            for scope in catalog.scopes {
                add("\n## ", MarkdownEscaping.inline((scope.title[language] ?? "")), "\n")
                for position in chapters(in: scope) {
                    let chapter = catalog.chapters[position]
                    add("\n### ", MarkdownEscaping.inline((chapter.title[language] ?? "")), "\n\n", link((chapter.url[language] ?? ""), from: page), "\n\n",
                        MarkdownEscaping.inline((chapter.summary[language] ?? "")), "\n")
                    if let note = chapter.note { add("\n", ui.legacy, ": ", MarkdownEscaping.inline((note[language] ?? "")), "\n") }
                    for position in rulesByChapter[chapter.id] ?? [] {
                        let status = rules[position].status
                        add("\n#### ", kinds[rules[position].kind]!, ": ", MarkdownEscaping.inline((rules[position].title[language] ?? "")))
                        if status != .current { add(" [", status == .legacy ? ui.legacy : ui.deprecated, "]") }
                        add("\n\n- id: ", rules[position].id, "\n- url: ", link((rules[position].url[language] ?? ""), from: page),
                            "\n- edition: ", rules[position].introducedIn, "\n")
                        if let note = rules[position].note { add("- note: ", MarkdownEscaping.inline((note[language] ?? "")), "\n") }
                        if !rules[position].replacedBy.isEmpty {
                            add("- replacedBy: ", rules[position].replacedBy.joined(separator: ", "), "\n")
                        }
                        let body = (rules[position].text[language] ?? "")
                        if !body.isEmpty { add("\n", MarkdownEscaping.block(body), "\n") }
                    }
                }
            }
        }
        return text
    }

    /// A scope's chapters in reading order, as positions in the catalogue: sorting the
    /// chapters themselves moved a dozen fields per swap, four times over.
    private func chapters(in scope: Catalog.Scope) -> [Int] {
        let chapters = catalog.chapters
        return chapters.indices.filter { chapters[$0].scope == scope.id }
            .sorted { (chapters[$0].weight, chapters[$0].id) < (chapters[$1].weight, chapters[$1].id) }
    }
}

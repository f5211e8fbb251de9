import Foundation
import HandbookMarkdown
import RulesCatalog

/// `llms.txt` and `llms-full.txt` (the llmstxt.org convention): what the handbook is and where
/// its chapters are, then every chapter in plain text, per language: its opening, sections and
/// tables in reading order, and its rules as rules.json publishes them, each in its section.
struct LLMsTextBuilder: Sendable {
    let catalog: Catalog
    let languages: HandbookLanguages
    let strings: [Language: UIStrings]
    /// Absolute site URL when known; links are relative to the site root otherwise.
    let baseURL: String?
    /// The chapters' prose; without it, llms-full.txt gives each chapter's rules alone.
    var handbook: Handbook?
    /// Blocks of a chapter as plain text, cross-links by their titles (the catalogue's text).
    var plainText: (@Sendable ([MarkdownBlock], Chapter) -> String)?

    /// What a chapter's part of llms-full.txt reads besides the chapter itself.
    struct ChapterContext: Equatable, Sendable {
        var chapter: Catalog.Chapter
        var rules: [Catalog.Rule]
        var language: String
        var baseURL: String?
    }

    /// What the files are made from, for reuse during `serve`: the catalogue, which parse of
    /// each chapter the prose comes from, and the outline (titles that cross-links in the prose
    /// show).
    struct Key: Equatable, Sendable {
        var catalog: Catalog
        var revisions: [String]
        var outline: HandbookOutline?
    }

    var key: Key {
        Key(catalog: catalog, revisions: handbook.map { handbook in
            handbook.languages.all.flatMap { language in
                handbook.chapters(in: language).map { "\($0.id) \(language.tag) \($0.revision)" }
            }
        } ?? [], outline: handbook.map(HandbookOutline.init))
    }

    static func index(_ language: Language) -> String { "\(language.code)/llms.txt" }
    static func full(_ language: Language) -> String { "\(language.code)/llms-full.txt" }
    static let root = "llms.txt"

    /// Each chapter's part of llms-full.txt in one language: its prose and rules, made on all
    /// cores (kept between builds by `serve` while the chapter's parse, its catalogue entries
    /// and the outline are the same).
    struct ChapterParts: ChapterWork {
        fileprivate let writer: ChapterWriter
        /// Positions, not copies, of each chapter's rules: a rule is a few dozen strings.
        fileprivate let rulesByChapter: [String: [Int]]
        /// Each catalogue chapter's position, by id.
        fileprivate let positions: [String: Int]

        var builder: LLMsTextBuilder { writer.builder }
        /// The language its text is in.
        var language: Language { writer.language }

        /// The chapters' parses in this language that the catalogue has.
        var chapters: [Chapter] {
            (builder.handbook?.chapters(in: writer.language) ?? []).filter { positions[$0.id] != nil }
        }

        func output(for version: Chapter) -> [UInt8] {
            let chapter = builder.catalog.chapters[positions[version.id]!]
            // The rules are read in place: a rule copied out of the array is a few dozen strings.
            return builder.catalog.rules.withUnsafeBufferPointer { rules in
                writer.text(of: chapter, version, rulesByChapter[chapter.id] ?? [], rules)
            }
        }

        func context(for version: Chapter) -> ChapterContext {
            let chapter = builder.catalog.chapters[positions[version.id]!]
            return ChapterContext(chapter: chapter, rules: (rulesByChapter[chapter.id] ?? []).map { builder.catalog.rules[$0] },
                                  language: writer.language.tag, baseURL: builder.baseURL)
        }
    }

    /// Each language's `ChapterParts`, in the languages' order.
    func chapterParts() -> [ChapterParts] {
        let rulesByChapter = Dictionary(grouping: catalog.rules.indices, by: { catalog.rules[$0].chapter })
        let positions = Dictionary(catalog.chapters.indices.map { (catalog.chapters[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        return languages.all.map { language in
            ChapterParts(writer: ChapterWriter(builder: self, language: language), rulesByChapter: rulesByChapter, positions: positions)
        }
    }

    /// `llms.txt` at the root.
    func rootFile() -> OutputFile { OutputFile(path: Self.root, text: rootIndex()) }

    /// One language's `llms.txt` and `llms-full.txt`, from its chapters' parts.
    func files(of work: ChapterParts, _ parts: [[UInt8]]) -> [OutputFile] {
        let language = work.writer.language
        return [OutputFile(path: Self.index(language), text: index(language)),
                OutputFile(path: Self.full(language), pieces: full(work, parts))]
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
            text += "- [\(name), full text](\(link(Self.full(language)))): every chapter in plain text, its prose and its rules\n"
        }
        text += "\n## Data\n\n- [rules.json](\(link(SiteURLs.rulesJSON))): every rule in \(languages.all.count == 2 ? "both languages" : "every language"), "
            + "with id, kind, status, edition, text and permalinks\n"
            + "- [rules.schema.json](\(link(SiteURLs.rulesSchema))): its JSON Schema\n"
            + "- [glossary.json](\(link(SiteURLs.glossaryJSON))): the glossary's terms in each language, with their variants and definitions "
            + "([schema](\(link(SiteURLs.glossarySchema))))\n"
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

    /// The file in pieces: the headings, and each chapter's part (`parts`: `work`'s outputs,
    /// in the order of its chapters; a chapter without a parse in this language has its rules
    /// alone).
    private func full(_ work: ChapterParts, _ parts: [[UInt8]]) -> [[UInt8]] {
        let language = work.writer.language
        var byID: [String: [UInt8]] = [:]
        for (version, part) in zip(work.chapters, parts) where byID[version.id] == nil { byID[version.id] = part }
        var pieces: [[UInt8]] = [Array(heading(language).utf8)]
        for scope in catalog.scopes {
            pieces.append(Array("\n## \(MarkdownEscaping.inline(scope.title[language] ?? ""))\n".utf8))
            for position in chapters(in: scope) {
                let chapter = catalog.chapters[position]
                pieces.append(byID[chapter.id] ?? catalog.rules.withUnsafeBufferPointer { rules in
                    work.writer.text(of: chapter, nil, work.rulesByChapter[chapter.id] ?? [], rules)
                })
            }
        }
        return pieces
    }

    /// One chapter's part of llms-full.txt in one language.
    fileprivate struct ChapterWriter: Sendable {
        let builder: LLMsTextBuilder
        let language: Language
        let page: String
        let ui: UIStrings
        let kinds: [Catalog.Rule.Kind: String]

        init(builder: LLMsTextBuilder, language: Language) {
            self.builder = builder
            self.language = language
            page = LLMsTextBuilder.full(language)
            let ui = builder.strings[language]!
            self.ui = ui
            kinds = Dictionary(uniqueKeysWithValues: Catalog.Rule.Kind.allCases.map { ($0, ui.kindLabel($0).uppercased()) })
        }

        /// Title, link and summary, then the prose and the rules in reading order (the rules
        /// alone without the chapter's parse).
        func text(of chapter: Catalog.Chapter, _ version: Chapter?, _ positions: [Int],
                  _ rules: UnsafeBufferPointer<Catalog.Rule>) -> [UInt8] {
            // Written straight into the part's bytes: escaped text too, with no string between.
            var text: [UInt8] = []
            func add(_ piece: String) { text.append(contentsOf: piece.utf8) }
            func escaped(_ piece: String?) { MarkdownEscaping.appendInline(piece ?? "", to: &text) }
            add("\n### ")
            escaped(chapter.title[language])
            add("\n\n")
            add(builder.link(chapter.url[language] ?? "", from: page))
            add("\n\n")
            escaped(chapter.summary[language])
            add("\n")
            if let note = chapter.note {
                add("\n")
                add(ui.legacy)
                add(": ")
                escaped(note[language])
                add("\n")
            }
            func addRule(_ position: Int) {
                // Each field read in place: a copy of the rule would retain each of its strings.
                add("\n#### ")
                add(kinds[rules[position].kind]!)
                add(": ")
                escaped(rules[position].title[language])
                if rules[position].status != .current {
                    add(" [")
                    add(rules[position].status == .legacy ? ui.legacy : ui.deprecated)
                    add("]")
                }
                add("\n\n- id: ")
                add(rules[position].id)
                add("\n- url: ")
                add(builder.link(rules[position].url[language] ?? "", from: page))
                add("\n- edition: ")
                add(rules[position].introducedIn)
                add("\n")
                if let note = rules[position].note {
                    add("- note: ")
                    escaped(note[language])
                    add("\n")
                }
                if !rules[position].replacedBy.isEmpty {
                    add("- replacedBy: ")
                    add(rules[position].replacedBy.joined(separator: ", "))
                    add("\n")
                }
                if let body = rules[position].text[language], !body.isEmpty {
                    add("\n")
                    MarkdownEscaping.appendBlock(body, to: &text)
                    add("\n")
                }
            }
            guard let version, let plainText = builder.plainText else {
                for position in positions { addRule(position) }
                return text
            }
            // The chapter as it reads: prose, sections and tables, each rule in its place.
            var written = Set<Int>()
            for block in version.content {
                switch block {
                case .markdown(let markdown):
                    // A line break before and after, unless the block has no text.
                    let start = text.count
                    add("\n")
                    builder.appendProse(markdown, in: version, plainText, to: &text)
                    if text.count == start + 1 { text.removeLast() } else { add("\n") }
                case .section(let section):
                    add(section.level > 2 ? "\n##### " : "\n#### ")
                    escaped(section.titleText)
                    add("\n")
                case .rule(let rule):
                    let id = version.ruleID(rule.localID)
                    if let position = positions.first(where: { rules[$0].id == id }) {
                        written.insert(position)
                        addRule(position)
                    }
                }
            }
            for position in positions where !written.contains(position) { addRule(position) }
            return text
        }
    }

    /// A block of a chapter's prose as escaped Markdown: a table stays a table (each cell
    /// escaped), anything else is its plain text escaped as paragraphs.
    private func appendProse(_ block: MarkdownBlock, in chapter: Chapter,
                             _ plainText: ([MarkdownBlock], Chapter) -> String, to text: inout [UInt8]) {
        guard case .table(let table, let at) = block else {
            return MarkdownEscaping.appendBlock(plainText([block], chapter), to: &text)
        }
        func row(_ cells: [[MarkdownInline]]) -> String {
            "| " + cells.map { MarkdownEscaping.inline(plainText([.paragraph($0, at: at)], chapter)) }.joined(separator: " | ") + " |"
        }
        let rows = [row(table.header), "|" + String(repeating: " --- |", count: table.header.count)] + table.rows.map(row)
        text.append(contentsOf: rows.joined(separator: "\n").utf8)
    }

    /// A scope's chapters in reading order, as positions in the catalogue: sorting the
    /// chapters themselves moved a dozen fields per swap, four times over.
    private func chapters(in scope: Catalog.Scope) -> [Int] {
        let chapters = catalog.chapters
        return chapters.indices.filter { chapters[$0].scope == scope.id }
            .sorted { (chapters[$0].weight, chapters[$0].id) < (chapters[$1].weight, chapters[$1].id) }
    }
}

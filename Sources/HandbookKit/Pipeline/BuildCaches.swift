import Foundation
import RulesCatalog
import Synchronization

/// What a rebuild can take from the previous one, so that `serve` redoes only what a change
/// affects. Both caches are keyed by their full inputs, so a hit gives exactly the bytes a full
/// build would: a chapter by its file's text, a page by its view (everything its template reads).
public struct BuildCaches: Sendable {
    public var pages = PageCache()
    /// Work derived from one chapter, reused while the chapter's revision and the handbook's
    /// outline are unchanged.
    let derived = DerivedCaches()

    public init() {}
}

/// The loader's work kept between builds: parsed chapters by file path and text, with their
/// revisions, and a generated language's conversions and converted files.
final class ChapterParses: Sendable {
    private struct Entry {
        var text: String
        var chapter: Chapter?
        var log: DiagnosticLog
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var revisions = 0
        /// The files every chapter is checked against (glossary, terminology, allowed
        /// characters): when they change, no parsed chapter or conversion is kept.
        var context: [UInt8] = []
        var conversions: [String: (source: String, file: SourceFile)] = [:]
        /// The conversions, with the source's titles they were made for.
        var setup: (titles: [String: String], value: HandbookLoader.ConversionSetup)?
    }

    private let state = Mutex(State())

    /// Forgets every chapter and conversion when `context` differs from the last build's.
    func keep(onlyIfContextIs context: [UInt8]) {
        state.withLock { state in
            if state.context != context { state.entries = [:]; state.conversions = [:]; state.setup = nil }
            state.context = context
        }
    }

    /// The conversions and the converted glossary while the context files and the source's
    /// titles are the same (converting every definition with OpenCC on each save was a tenth of
    /// a rebuild). New titles also forget the converted chapters: a link without its own text
    /// reads as its target's title, which decides the spacing around it.
    func conversions(titles: [String: String], make: () -> HandbookLoader.ConversionSetup) -> HandbookLoader.ConversionSetup {
        let kept = state.withLock { state -> HandbookLoader.ConversionSetup? in
            guard let setup = state.setup, setup.titles == titles else {
                state.conversions = [:]
                return nil
            }
            return setup.value
        }
        if let kept { return kept }
        let made = make()
        state.withLock { $0.setup = (titles, made) }
        return made
    }

    /// A generated language's file made from a source text, while that text is the same
    /// (converting every chapter with OpenCC on each save was most of a rebuild).
    func converted(_ key: String, from source: String, convert: () -> SourceFile?) -> SourceFile? {
        if let kept = state.withLock({ $0.conversions[key] }), kept.source == source { return kept.file }
        let file = convert()
        if let file { state.withLock { $0.conversions[key] = (source, file) } }
        return file
    }

    /// `key` is the file's path, or another name for a text that is not a file's (a generated
    /// language's chapter).
    func chapter(for file: SourceFile, key: String? = nil, parse: () -> (Chapter?, DiagnosticLog)) -> (Chapter?, DiagnosticLog) {
        let key = key ?? file.path
        if let entry = state.withLock({ $0.entries[key] }), entry.text == file.text {
            return (entry.chapter, entry.log)
        }
        var (chapter, log) = parse()
        state.withLock { state in
            state.revisions += 1
            chapter?.revision = state.revisions
            state.entries[key] = Entry(text: file.text, chapter: chapter, log: log)
        }
        return (chapter, log)
    }
}

/// Rendered pages by output path, with the view each was rendered from. Templates are not part
/// of the key: drop the cache when they change.
public final class PageCache: Sendable {
    private struct Entry {
        var view: any Sendable
        var data: Data
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var rendered = 0
        var reused = 0
    }

    private let state = Mutex(State())
    public var rendered: Int { state.withLock { $0.rendered } }
    public var reused: Int { state.withLock { $0.reused } }

    public init() {}

    func page<View: Equatable & Sendable>(_ path: String, view: View, render: () -> Data) -> Data {
        if let entry = state.withLock({ $0.entries[path] }), let previous = entry.view as? View, previous == view {
            state.withLock { $0.reused += 1 }
            return entry.data
        }
        let data = render()
        state.withLock { state in
            state.rendered += 1
            state.entries[path] = Entry(view: view, data: data)
        }
        return data
    }

    /// Counts from zero for the next build's report.
    public func resetCounts() {
        state.withLock { $0.rendered = 0; $0.reused = 0 }
    }
}

/// What one chapter yields, by chapter: its HTML, search records, catalogue entries,
/// translation units and link findings. A value is reused when the chapter has the same revision
/// and the context given with it is equal. HTML, records, entries and links also depend on
/// other chapters through link targets and titles; those memos are emptied whenever the
/// handbook's outline (every id, anchor and title) changes.
final class DerivedCaches: Sendable {
    /// The loader's parsed chapters and conversions, and the figures' checks by their bytes.
    let chapterParses = ChapterParses()
    let figureChecks = FigureMemo()
    let html = ChapterMemo<SiteRenderer.BlocksHTML>()
    /// Whole chapter pages: a page reads its chapter, the outline (titles of neighbours, related
    /// chapters, backlinks, replacements; the sidebar), the templates, and, given as context,
    /// its translation notices and backlinks.
    let pages = ChapterMemo<OutputFile>()
    let searchRecords = ChapterMemo<SearchIndexBuilder.ChapterEntries>()
    let catalogEntries = ChapterMemo<RulesCatalogBuilder.Entries>()
    let translationUnits = ChapterMemo<[TranslationUnit]>()
    let links = ChapterMemo<LinkChecker.ChapterFindings>()
    /// Each chapter's figures and image checks (they read no other chapter).
    let figures = ChapterMemo<FigureChecker.ChapterFigures>()
    /// Files made from the whole catalogue, reused while it is equal.
    let rulesJSON = ValueMemo<Catalog, [OutputFile]>()
    let llmsText = LanguageMemo<LLMsTextBuilder.Key, [OutputFile]>()
    /// Each chapter's part of llms-full.txt (its prose shows other chapters' titles: emptied
    /// with the outline).
    let llmsChapters = ChapterMemo<[UInt8]>()
    let glossary = ValueMemo<String, ParsedFile<Glossary>>()
    let baseline = ValueMemo<Data, Catalog>()
    /// The small files every build reads besides the chapters, by their bytes.
    let changelog = ValueMemo<Data?, ParsedFile<Changelog>>()
    let tagVocabulary = ValueMemo<Data?, ParsedFile<TagVocabulary?>>()
    let translationLock = ValueMemo<Data?, ParsedFile<TranslationLock>>()
    let scalarFolds = ScalarFolds()
    /// Each language's search records of the glossary, and its tables of the characters in use.
    let searchGlossary = LanguageMemo<[String], SearchIndexBuilder.GlossaryPart>()
    let searchCharacters = LanguageMemo<SearchIndexBuilder.CharacterKey, SearchIndexBuilder.CharacterTables>()
    private struct State {
        var outline: HandbookOutline?
        var templates: TemplateSet?
        /// The sidebar pieces, kept while the outline and the templates stay the same.
        var sidebar: NavigationCache?
    }

    private let state = Mutex(State())

    /// The templates of the previous build, until a file under the templates folder changes.
    var templates: TemplateSet? {
        state.withLock { $0.templates }
    }

    func keep(_ templates: TemplateSet?) {
        state.withLock { $0.templates = templates }
    }

    /// Each chapter memo by name, for the counts of what a rebuild made again.
    private var chapterMemos: [(name: String, made: () -> Int, reset: () -> Void)] {
        func entry<Value>(_ name: String, _ memo: ChapterMemo<Value>) -> (name: String, made: () -> Int, reset: () -> Void) {
            (name, { memo.made }, { memo.resetCounts() })
        }
        return [entry("html", html), entry("pages", pages), entry("searchRecords", searchRecords),
                entry("catalogEntries", catalogEntries), entry("translationUnits", translationUnits), entry("links", links),
                entry("figures", figures), entry("llmsChapters", llmsChapters)]
    }

    /// How many chapters' outputs each memo made (not reused) since `resetCounts()`.
    var made: [String: Int] {
        Dictionary(uniqueKeysWithValues: chapterMemos.map { ($0.name, $0.made()) })
    }

    func resetCounts() {
        for memo in chapterMemos { memo.reset() }
    }

    /// Forgets everything made with the templates (they changed).
    func dropTemplates() {
        state.withLock { state in
            state.templates = nil
            state.sidebar = nil
        }
        llmsText.removeAll()
        llmsChapters.removeAll()
        pages.removeAll()
    }

    /// The sidebar of the previous build, or a new one.
    func navigation(_ make: () -> NavigationCache) -> NavigationCache {
        if let kept = state.withLock({ $0.sidebar }) { return kept }
        let made = make()
        state.withLock { $0.sidebar = made }
        return made
    }

    /// Starts a build of a handbook with this outline.
    func begin(outline: HandbookOutline) {
        let changed = state.withLock { state in
            defer { state.outline = outline }
            guard state.outline != outline else { return false }
            state.sidebar = nil
            return true
        }
        guard changed else { return }
        html.removeAll()
        pages.removeAll()
        searchRecords.removeAll()
        catalogEntries.removeAll()
        links.removeAll()
        llmsChapters.removeAll()
    }
}

/// The value made from the last key, while the key stays equal.
final class ValueMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let last = Mutex<(key: Key, value: Value)?>(nil)

    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let kept = last.withLock({ $0 }), kept.key == key { return kept.value }
        let value = try make()
        last.withLock { $0 = (key, value) }
        return value
    }

    func value(for key: Key, make: () async throws -> Value) async rethrows -> Value {
        if let kept = last.withLock({ $0 }), kept.key == key { return kept.value }
        let value = try await make()
        last.withLock { $0 = (key, value) }
        return value
    }

    func removeAll() {
        last.withLock { $0 = nil }
    }
}

/// The value made from the last key, per language.
final class LanguageMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let last = Mutex<[String: (key: Key, value: Value)]>([:])

    func value(for language: Language, key: Key, make: () async throws -> Value) async rethrows -> Value {
        if let kept = last.withLock({ $0[language.tag] }), kept.key == key { return kept.value }
        let value = try await make()
        last.withLock { $0[language.tag] = (key, value) }
        return value
    }

    func removeAll() {
        last.withLock { $0 = [:] }
    }
}

/// One value per chapter, with the revision and context it was made from.
final class ChapterMemo<Value: Sendable>: Sendable {
    private struct Entry {
        var revision: Int
        var context: any Sendable
        var value: Value
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var made = 0
        var reused = 0
    }

    private let state = Mutex(State())
    /// Values made (not reused) since the last `resetCounts()`.
    var made: Int { state.withLock { $0.made } }
    /// Values reused since the last `resetCounts()`.
    var reused: Int { state.withLock { $0.reused } }

    func value<Context: Equatable & Sendable>(for chapter: Chapter, context: Context, make: () -> Value) -> Value {
        let key = chapter.language.tag + ":" + chapter.id
        // Looked up and counted under one lock: every chapter page of a rebuild asks.
        let kept = state.withLock { state -> Value? in
            guard chapter.revision != 0, let entry = state.entries[key], entry.revision == chapter.revision,
                  let previous = entry.context as? Context, previous == context else { return nil }
            state.reused += 1
            return entry.value
        }
        if let kept { return kept }
        let value = make()
        state.withLock { state in
            state.made += 1
            if chapter.revision != 0 { state.entries[key] = Entry(revision: chapter.revision, context: context, value: value) }
        }
        return value
    }

    func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }

    func resetCounts() {
        state.withLock { state in
            state.made = 0
            state.reused = 0
        }
    }
}

/// Everything about a handbook that one chapter's HTML, search records, catalogue entries or
/// link checks can read from other chapters: ids, anchors, titles, order, statuses.
struct HandbookOutline: Equatable, Sendable {
    private var parts: [[String]] = []
    private var chapters: [[String]] = []
    private var glossary: [[String]] = []

    init(_ handbook: Handbook) {
        for language in handbook.languages.all {
            for part in handbook.parts(in: language) {
                parts.append([language.tag, part.id, part.title, part.summary, String(part.weight)])
            }
            for chapter in handbook.chapters(in: language) {
                var entry = [language.tag, chapter.id, chapter.title, chapter.summary, String(chapter.weight),
                             chapter.status.rawValue, chapter.edition, chapter.legacyNote ?? "\u{0}"] + chapter.related
                for block in chapter.content {
                    switch block {
                    case .markdown: continue
                    case .section(let section): entry += ["#", section.anchor, String(section.level), section.titleText]
                    case .rule(let rule):
                        entry += ["!", rule.localID, rule.title, rule.kind.rawValue, rule.status?.rawValue ?? "",
                                  rule.edition ?? "", rule.note ?? "\u{0}"] + rule.replacedBy
                    }
                }
                chapters.append(entry)
            }
        }
        // Notes too: a term link carries its definition (the card a chapter's term links show).
        let languages = handbook.languages.all
        glossary = handbook.glossary.entries.map { entry in
            [entry.id, entry.en, entry.zh, entry.zhHant] + entry.variants + languages.map { entry.note?[$0] ?? "\u{0}" }
        }
    }
}

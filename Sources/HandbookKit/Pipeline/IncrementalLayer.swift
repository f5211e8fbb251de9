import Foundation

/// The incremental layer around the stages: with `serve`'s caches, what a stage made is kept
/// in the memo the pipeline names for it, and reused while its inputs are equal (a chapter's
/// output while the chapter and the work's `context(for:)` are; a value while its key is).
/// Without caches (`build`), the work simply runs.
struct IncrementalLayer: Sendable {
    private let memos: DerivedCaches?
    private let pages: PageCache?

    init(caches: BuildCaches?) {
        memos = caches?.derived
        pages = caches?.pages
    }

    /// Every chapter's output of `work`, on all cores, in the order of its chapters.
    func outputs<Work: ChapterWork>(of work: Work, keptIn memo: KeyPath<DerivedCaches, ChapterMemo<Work.Output>>) async -> [Work.Output] {
        guard let memo = memos?[keyPath: memo] else { return await work.outputs() }
        return await ParallelMap.map(work.chapters) { chapter in
            memo.value(for: chapter, context: work.context(for: chapter)) { work.output(for: chapter) }
        }
    }

    /// One chapter's output (for work that runs in batches of its own).
    func output<Work: ChapterWork>(of work: Work, for chapter: Chapter,
                                   keptIn memo: KeyPath<DerivedCaches, ChapterMemo<Work.Output>>) -> Work.Output {
        guard let memo = memos?[keyPath: memo] else { return work.output(for: chapter) }
        return memo.value(for: chapter, context: work.context(for: chapter)) { work.output(for: chapter) }
    }

    /// `key` is only worked out when there is a memo (some keys take work of their own).
    func value<Key, Value>(keptIn memo: KeyPath<DerivedCaches, ValueMemo<Key, Value>>, for key: @autoclosure () -> Key,
                           make: () throws -> Value) rethrows -> Value {
        guard let memo = memos?[keyPath: memo] else { return try make() }
        return try memo.value(for: key(), make: make)
    }

    func value<Key, Value>(keptIn memo: KeyPath<DerivedCaches, ValueMemo<Key, Value>>, for key: @autoclosure () -> Key,
                           make: () async throws -> Value) async rethrows -> Value {
        guard let memo = memos?[keyPath: memo] else { return try await make() }
        return try await memo.value(for: key(), make: make)
    }

    func value<Key, Value>(keptIn memo: KeyPath<DerivedCaches, LanguageMemo<Key, Value>>, language: Language,
                           for key: @autoclosure () -> Key, make: () async throws -> Value) async rethrows -> Value {
        guard let memo = memos?[keyPath: memo] else { return try await make() }
        return try await memo.value(for: language, key: key(), make: make)
    }

    /// A small file's parse, with its diagnostics, kept while the file's bytes are the same.
    func parse<Value>(_ file: URL, keptIn memo: KeyPath<DerivedCaches, ValueMemo<Data?, ParsedFile<Value>>>,
                      log: inout DiagnosticLog, parse: (inout DiagnosticLog) -> Value) -> Value {
        guard let memo = memos?[keyPath: memo] else { return parse(&log) }
        let parsed = memo.value(for: try? Data(contentsOf: file)) {
            var fileLog = DiagnosticLog()
            let value = parse(&fileLog)
            return ParsedFile(value: value, log: fileLog)
        }
        log.merge(parsed.log)
        return parsed.value
    }

    // The loader's work: a chapter's parse depends on its file's text and on the files every
    // chapter is checked against (the context), and numbers the chapter's revision, which the
    // chapter memos above are keyed on.

    /// Starts loading: with caches, works out the context and forgets every parsed chapter when
    /// it differs from the last build's.
    func beginLoading(context: () -> [UInt8]) {
        memos?.chapterParses.keep(onlyIfContextIs: context())
    }

    /// A chapter's parse with its diagnostics, or the previous build's while the file's text
    /// (and the context) is the same. `key` names a text that is not a file's own (a generated
    /// language's chapter).
    func chapter(parsing file: SourceFile, key: String? = nil, parse: () -> (Chapter?, DiagnosticLog)) -> (Chapter?, DiagnosticLog) {
        memos?.chapterParses.chapter(for: file, key: key, parse: parse) ?? parse()
    }

    /// A generated language's file converted from a source text, kept while that text is the same.
    func converted(_ key: String, from source: String, convert: () -> SourceFile?) -> SourceFile? {
        memos?.chapterParses.converted(key, from: source, convert: convert) ?? convert()
    }

    /// The generated languages' conversions, kept while the context and the source's titles are
    /// the same.
    func conversions(titles: @autoclosure () -> [String: String],
                     make: () -> HandbookLoader.ConversionSetup) -> HandbookLoader.ConversionSetup {
        memos?.chapterParses.conversions(titles: titles(), make: make) ?? make()
    }

    /// The figures' checks, kept by each file's bytes.
    var figureChecks: FigureMemo? { memos?.figureChecks }

    // What the whole build shares.

    /// The previous build's templates, until a file under the templates folder changes.
    var templates: TemplateSet? { memos?.templates }

    func keep(_ templates: TemplateSet?) { memos?.keep(templates) }

    /// Starts the stages after loading: the chapter memos that read other chapters are emptied
    /// when the handbook's outline changed. The outline is only made when there are caches.
    func begin(outline: @autoclosure () -> HandbookOutline) {
        memos?.begin(outline: outline())
    }

    /// The sidebar's pieces, kept while the outline and the templates are the same.
    func sidebar(_ make: () -> NavigationCache) -> NavigationCache {
        memos?.navigation(make) ?? make()
    }

    /// Each character's normalised form for the search, one table for every build.
    var scalarFolds: ScalarFolds { memos?.scalarFolds ?? ScalarFolds() }

    /// A page's file, or the previous build's while its view is equal.
    func file(_ page: some PageToRender, _ renderer: SiteRenderer) -> OutputFile {
        guard let pages else { return renderer.file(page) }
        return OutputFile(path: page.path, data: pages.page(page.path, view: page.view) {
            renderer.templates.renderData(page.view, with: page.template)
        })
    }
}

/// What a file gave, and the diagnostics it gave them with.
struct ParsedFile<Value: Sendable>: Sendable {
    var value: Value
    var log: DiagnosticLog
}

/// A chapter's page, whose HTML is kept apart: a page whose surroundings changed (a neighbour's
/// title, a backlink) keeps its chapter's HTML, and a page whose view is unchanged is not
/// rendered again.
struct ChapterPages: ChapterWork {
    let renderer: SiteRenderer
    let layer: IncrementalLayer

    var chapters: [Chapter] { renderer.chapters }

    func output(for chapter: Chapter) -> OutputFile {
        let html = layer.output(of: renderer.chapterHTML, for: chapter, keptIn: \.html)
        return layer.file(renderer.chapterPage(chapter, html: html), renderer)
    }

    func context(for chapter: Chapter) -> SiteRenderer.ChapterPageContext { renderer.chapterPageContext(chapter) }
}

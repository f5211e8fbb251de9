import TextBytes
import HandbookMarkdown
/// Checks every image of the content against `content/figures/`: each names a figure that
/// exists, has alt text, and a chapter uses the same figures in every language; figures no page
/// uses are reported.
struct FigureChecker: Sendable {
    let handbook: Handbook

    /// The figures a chapter shows, and what its images got wrong.
    struct ChapterFigures: Sendable {
        var names: Set<String>
        var log: DiagnosticLog
    }

    /// Each chapter's images, checked on their own (on all cores; kept between builds by
    /// `serve` while the chapter and the names of the figures are the same).
    struct ChapterImages: ChapterWork {
        let handbook: Handbook
        /// The figures' names.
        let known: Fingerprint

        init(handbook: Handbook) {
            self.handbook = handbook
            known = Fingerprint(of: handbook.figures.figures.keys.sorted().joined(separator: "\n"))
        }

        var chapters: [Chapter] { handbook.languages.all.flatMap { handbook.chapters(in: $0) } }

        func output(for chapter: Chapter) -> ChapterFigures {
            var log = DiagnosticLog()
            let names = FigureChecker.figures(in: FigureChecker.blocks(of: chapter), file: chapter.source.file,
                                              library: handbook.figures, log: &log)
            return ChapterFigures(names: names, log: log)
        }

        func context(for chapter: Chapter) -> Fingerprint { known }
    }

    var chapterImages: ChapterImages { ChapterImages(handbook: handbook) }

    /// The parts' images, then the chapters' (`chapterImages`' outputs), compared across the
    /// languages in order.
    func check(_ found: [ChapterFigures], log: inout DiagnosticLog) {
        let library = handbook.figures
        var used = Set<String>()
        let source = handbook.languages.source
        var usesBySource: [String: (names: Set<String>, at: SourceLocation)] = [:]
        var next = 0
        for language in handbook.languages.all {
            for part in handbook.parts(in: language) {
                used.formUnion(Self.figures(in: part.body, file: part.source.file, library: library, log: &log))
            }
            for chapter in handbook.chapters(in: language) {
                let names = found[next].names
                log.merge(found[next].log)
                next += 1
                used.formUnion(names)
                if language == source {
                    usesBySource[chapter.id] = (names, chapter.source)
                } else if let sourceUses = usesBySource[chapter.id], sourceUses.names != names {
                    let missing = sourceUses.names.subtracting(names).sorted(), extra = names.subtracting(sourceUses.names).sorted()
                    let detail = (missing.map { "'\($0)' is missing" } + extra.map { "'\($0)' is not in the \(source.diagnosticName) version" })
                        .joined(separator: ", ")
                    log.error(id: "figure.differs-between-languages", "chapter '\(chapter.id)' must show the same figures in every language: \(detail)",
                              at: chapter.source, notes: [.note("\(source.diagnosticName) version", at: sourceUses.at)])
                }
            }
        }
        for name in library.figures.keys.sorted() where !used.contains(name) {
            log.warning(id: "figure.unused", "figure '\(name)' is not used by any page", at: library.locations[name])
        }
    }

    /// A chapter's blocks, its rules' bodies and earlier forms included.
    static func blocks(of chapter: Chapter) -> [MarkdownBlock] {
        chapter.content.flatMap { block -> [MarkdownBlock] in
            switch block {
            case .markdown(let markdown): [markdown]
            case .section: []
            case .rule(let rule): rule.body + rule.history.flatMap(\.body)
            }
        }
    }

    /// The figure names the blocks show, after checking each image.
    fileprivate static func figures(in blocks: [MarkdownBlock], file: String, library: FigureLibrary,
                                log: inout DiagnosticLog) -> Set<String> {
        var names = Set<String>()
        for block in blocks {
            block.forEachInline { inline in
                guard case .image(let source, _, let alt, let at) = inline else { return }
                let location = SourceLocation(file: file, line: (at ?? block.position).line, column: (at ?? block.position).column)
                guard let name = FigureLibrary.name(ofSource: source) else {
                    log.error(id: "figure.not-a-figure", "an image must be a figure of content/figures (e.g. ../../figures/tab-bar.svg), not '\(source)'",
                              at: location)
                    return
                }
                guard library.figures[name] != nil else {
                    log.error(id: "figure.unknown", "unknown figure '\(name)'" + Suggestion.didYouMean(name, in: Array(library.figures.keys)),
                              at: location)
                    return
                }
                if alt.plainText.trimmingSpaces().isEmpty {
                    log.error(id: "figure.missing-alt-text", "figure '\(name)' needs alt text: say what it shows, in this language", at: location)
                }
                names.insert(name)
            }
        }
        return names
    }
}

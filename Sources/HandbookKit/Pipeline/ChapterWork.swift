/// What a stage does to each chapter on its own, given as a value: the chapters, in the order
/// the stage reads the outputs, and the work on one of them. A stage never sees a cache: it
/// takes the outputs, and whoever runs it (`outputs()` on all cores, or the pipeline through
/// `IncrementalLayer`) decides whether they are made or kept.
protocol ChapterWork: Sendable {
    associatedtype Output: Sendable
    /// What an output reads beyond its chapter's own text and the handbook's outline (every id,
    /// anchor and title, whose change empties every kept output).
    associatedtype Context: Equatable & Sendable = NoContext

    var chapters: [Chapter] { get }
    func output(for chapter: Chapter) -> Output
    func context(for chapter: Chapter) -> Context
}

/// The context of work that reads nothing beyond its chapter and the outline.
struct NoContext: Equatable, Sendable {}

extension ChapterWork where Context == NoContext {
    func context(for chapter: Chapter) -> NoContext { NoContext() }
}

extension ChapterWork {
    /// Every chapter's output, made on all cores, in the order of `chapters`.
    func outputs() async -> [Output] {
        await ParallelMap.map(chapters) { output(for: $0) }
    }
}

import Foundation

/// What a rebuild can take from the previous one, so that `serve` redoes only what a change
/// affects. Both caches are keyed by their full inputs, so a hit gives exactly the bytes a full
/// build would: a chapter by its file's text, a page by its view (everything its template reads).
public struct BuildCaches: Sendable {
    public var chapters = ChapterCache()
    public var pages = PageCache()

    public init() {}
}

/// Parsed chapters by file path and text.
public final class ChapterCache: @unchecked Sendable {
    private struct Entry {
        var text: String
        var chapter: Chapter?
        var log: DiagnosticLog
    }

    private var entries: [String: Entry] = [:]
    private let lock = NSLock()

    public init() {}

    func chapter(for file: SourceFile, parse: () -> (Chapter?, DiagnosticLog)) -> (Chapter?, DiagnosticLog) {
        if let entry = lock.withLock({ entries[file.path] }), entry.text == file.text {
            return (entry.chapter, entry.log)
        }
        let (chapter, log) = parse()
        lock.withLock { entries[file.path] = Entry(text: file.text, chapter: chapter, log: log) }
        return (chapter, log)
    }
}

/// Rendered pages by output path, with the view each was rendered from. Templates are not part
/// of the key: drop the cache when they change.
public final class PageCache: @unchecked Sendable {
    private struct Entry {
        var view: any Sendable
        var data: Data
    }

    private var entries: [String: Entry] = [:]
    private let lock = NSLock()
    public private(set) var rendered = 0
    public private(set) var reused = 0

    public init() {}

    func page<View: Equatable & Sendable>(_ path: String, view: View, render: () -> Data) -> Data {
        if let entry = lock.withLock({ entries[path] }), let previous = entry.view as? View, previous == view {
            lock.withLock { reused += 1 }
            return entry.data
        }
        let data = render()
        lock.withLock {
            rendered += 1
            entries[path] = Entry(view: view, data: data)
        }
        return data
    }

    /// Counts from zero for the next build's report.
    public func resetCounts() {
        lock.withLock { rendered = 0; reused = 0 }
    }
}

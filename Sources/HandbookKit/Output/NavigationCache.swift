import Foundation
import Synchronization

/// The sidebar of every page.
///
/// A handbook of ordinary size lists every chapter in the sidebar. Pages in one folder share the
/// same relative links, so the list is rendered from `nav.mustache` once per folder, with a
/// placeholder where a page marks its part open and its own entry current; a page then only
/// joins the pieces. Beyond `defaultFullListLimit` chapters in a language a full list is no help to a
/// reader and would make every page, and the build, grow with the size of the handbook: the
/// sidebar then lists the parts, and under the current part only the chapters around the current
/// one and a link to the part's page, which lists them all.
///
/// That window is cut on fixed boundaries so that neighbours share it: a part's chapters are
/// grouped in runs of `windowRadius`, and a chapter's window is its own run with the runs before
/// and after it. Every chapter thus sees at least `windowRadius` neighbours on either side (where
/// the part has them), and the sidebar is rendered, with slots, once per run instead of once per
/// page.
struct NavigationCache: Sendable {
    /// The most chapters per language the sidebar lists in full (past it, a full list made every
    /// page of the real handbook heavier than its 60 KB budget).
    static let defaultFullListLimit = 120
    /// The fewest chapters a windowed sidebar lists before and after the current one, and the
    /// length of the runs windows are made of.
    static let windowRadius = 8

    /// Stands in for a page's marks in the cached HTML: content cannot hold NUL (the loader
    /// rejects it), so the rendered list splits on it unambiguously.
    private static let slot = "\u{0}"
    /// What marks the current page's link.
    private static let currentMark = " aria-current=\"page\""

    /// One folder's sidebar, split at its slots. Slots come in document order: per part, its
    /// `<li>` class, its link, then one per chapter link.
    private struct Pieces: Sendable {
        var text: [Substring]
        var partSlot: [String: Int]
        var chapterSlot: [String: Int]
    }

    private struct Key: Hashable {
        var language: Language
        var folder: String
    }

    private let handbook: Handbook
    private let templates: TemplateSet
    private let pieces: [Key: Pieces]
    /// Each part's chapters in order, and each chapter's place in its part.
    private let partChapters: [Language: [String: [Chapter]]]
    private let positions: [Language: [String: Int]]
    /// Windowed sidebars, rendered as pages first ask for them.
    private let windows = WindowMemo()

    init(handbook: Handbook, templates: TemplateSet, fullListLimit: Int = Self.defaultFullListLimit) {
        self.handbook = handbook
        self.templates = templates
        var partChapters: [Language: [String: [Chapter]]] = [:]
        var positions: [Language: [String: Int]] = [:]
        for language in handbook.languages.all {
            let grouped = Dictionary(grouping: handbook.chapters(in: language), by: \.part)
            partChapters[language] = grouped
            positions[language] = Dictionary(uniqueKeysWithValues: grouped.values.flatMap { $0.enumerated().map { ($1.id, $0) } })
        }
        self.partChapters = partChapters
        self.positions = positions
        var pieces: [Key: Pieces] = [:]
        for language in handbook.languages.all where handbook.chapters(in: language).count <= fullListLimit {
            // Every page of a language lives in `<lang>/` or `<lang>/<part>/`.
            let folders = ["\(language.code)/"] + handbook.parts(in: language).map { "\(language.code)/\($0.id)/" }
            for folder in folders {
                pieces[Key(language: language, folder: folder)] = Self.pieces(
                    parts: handbook.parts(in: language), chapters: partChapters[language] ?? [:], language, folder, templates)
            }
        }
        self.pieces = pieces
    }

    /// The sidebar for `page`, with the current chapter (or part) marked and its part open.
    func html(language: Language, page: String, currentPart: String?, currentChapter: String?) -> String {
        guard let pieces = pieces[Key(language: language, folder: SiteURLs.folder(of: page))] else {
            return windowed(language: language, page: page, currentPart: currentPart, currentChapter: currentChapter)
        }
        var marks: [Mark] = []
        if let currentPart, let slot = pieces.partSlot[currentPart] {
            marks.append(Mark(slot: slot, text: " open"))
            if currentChapter == nil { marks.append(Mark(slot: slot + 1, text: Self.currentMark)) }
        }
        if let currentChapter, let slot = pieces.chapterSlot[currentChapter] {
            marks.append(Mark(slot: slot, text: Self.currentMark))
        }
        return Self.join(pieces.text, marks: marks)
    }

    /// What fills one slot of a page's sidebar. A page has at most three: a short list, not a
    /// table hashed for every piece.
    private struct Mark {
        var slot: Int
        var text: String
    }

    /// The pieces of a rendered sidebar with each slot filled by its mark (empty where none).
    private static func join(_ pieces: [Substring], marks: [Mark]) -> String {
        var result = ""
        result.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count } + 64)
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                for mark in marks where mark.slot == index - 1 { result += mark.text }
            }
            result += piece
        }
        return result
    }

    private static func pieces(parts: [Part], chapters partChapters: [String: [Chapter]], _ language: Language,
                               _ folder: String, _ templates: TemplateSet) -> Pieces {
        let page = folder + "page.html"
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        var partSlot: [String: Int] = [:]
        var chapterSlot: [String: Int] = [:]
        var next = 0
        let view = NavView(parts: parts.map { part in
            partSlot[part.id] = next
            next += 2
            let chapters = (partChapters[part.id] ?? []).map { chapter in
                chapterSlot[chapter.id] = next
                next += 1
                return NavLinkView(title: chapter.title, href: rel(SiteURLs.chapter(chapter.identifier, language)), mark: slot)
            }
            return NavPartView(title: part.title, href: rel(SiteURLs.part(part.id, language)), openMark: slot,
                               mark: slot, chapters: chapters, hasChapters: !chapters.isEmpty)
        })
        let text = Self.split(templates.render(view, with: "nav"))
        precondition(text.count == next + 1, "nav.mustache must print each part's openMark and mark and each chapter's mark once")
        return Pieces(text: text, partSlot: partSlot, chapterSlot: chapterSlot)
    }

    /// The sidebar of a large handbook: every part, and around the current chapter a window of
    /// its part's chapters with a link to the part's full list.
    private func windowed(language: Language, page: String, currentPart: String?, currentChapter: String?) -> String {
        guard let currentPart, let currentChapter, let position = positions[language]?[currentChapter] else {
            return Self.join(windowed(language: language, page: page, currentPart: currentPart, run: nil), marks: [])
        }
        let run = position / Self.windowRadius
        let key = WindowMemo.Key(language: language, folder: SiteURLs.folder(of: page), part: currentPart, run: run)
        let pieces = windows.pieces(for: key) {
            windowed(language: language, page: page, currentPart: currentPart, run: run)
        }
        // One slot per listed chapter, in order: the window starts at the run before this one.
        let first = max(0, run - 1) * Self.windowRadius
        return Self.join(pieces, marks: [Mark(slot: position - first, text: Self.currentMark)])
    }

    /// The windowed sidebar of a page in `currentPart`'s folder, split where each chapter of the
    /// window is marked (the current one is marked by the caller). Without a run, the part's own
    /// page: the part marked current and only the link to its list.
    private func windowed(language: Language, page: String, currentPart: String?, run: Int?) -> [Substring] {
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        let ui = templates.strings[language]!
        let view = NavView(parts: handbook.parts(in: language).map { part in
            guard part.id == currentPart else {
                return NavPartView(title: part.title, href: rel(SiteURLs.part(part.id, language)))
            }
            let all = partChapters[language]?[part.id] ?? []
            let window = run.map { run in
                all[min(all.count, max(0, run - 1) * Self.windowRadius)..<min(all.count, (run + 2) * Self.windowRadius)]
            } ?? []
            let partHref = rel(SiteURLs.part(part.id, language))
            var chapters = window.map { chapter in
                NavLinkView(title: chapter.title, href: rel(SiteURLs.chapter(chapter.identifier, language)), mark: Self.slot)
            }
            if window.count < all.count {
                chapters.append(NavLinkView(title: ui.count(ui.chaptersCount, all.count), href: partHref, mark: ""))
            }
            return NavPartView(title: part.title, href: partHref, openMark: " open",
                               mark: run == nil ? Self.currentMark : "", chapters: chapters,
                               hasChapters: !chapters.isEmpty)
        })
        return Self.split(templates.render(view, with: "nav"))
    }

    /// The rendered sidebar cut at its slots. On bytes: a slot is one byte, and splitting on
    /// `Character` would break the whole text into grapheme clusters first.
    private static func split(_ html: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = html.utf8.startIndex
        for index in html.utf8.indices where html.utf8[index] == 0 {
            pieces.append(Substring(html.utf8[start..<index]))
            start = html.utf8.index(after: index)
        }
        pieces.append(Substring(html.utf8[start...]))
        return pieces
    }
}

/// The windowed sidebars made so far, shared by the tasks rendering pages.
private final class WindowMemo: Sendable {
    struct Key: Hashable {
        var language: Language
        var folder: String
        var part: String
        var run: Int
    }

    private let made = Mutex<[Key: [Substring]]>([:])

    func pieces(for key: Key, make: () -> [Substring]) -> [Substring] {
        if let known = made.withLock({ $0[key] }) { return known }
        let pieces = make()
        made.withLock { $0[key] = pieces }
        return pieces
    }
}

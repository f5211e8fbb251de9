import Foundation
import TemplateEngine
import Synchronization

/// The terms whose definition a page already carries.
private final class TermsSeen: Sendable {
    private let ids = Mutex(Set<String>())

    /// Whether `id` is seen for the first time on the page.
    func firstTime(_ id: String) -> Bool { ids.withLock { $0.insert(id).inserted } }
}

/// A page as it is rendered: its path, its view (everything its template reads) and its
/// template. `serve` keeps a page whose view has not changed.
protocol PageToRender: Sendable {
    associatedtype View: TemplateView & Equatable
    var path: String { get }
    var view: View { get }
    var template: String { get }
}

/// A page of a known view: chapter pages, most of a site, are rendered through code
/// specialised for theirs; the fixed pages are `any PageToRender`.
struct PageRendering<View: TemplateView & Equatable>: PageToRender {
    let path: String
    let view: View
    let template: String
}

/// Produces every page of the site from the resolved handbook and the templates.
struct SiteRenderer: Sendable {
    let index: HandbookIndex
    let resolver: LinkResolver
    let links: LinkChecker.Findings
    let templates: TemplateSet
    /// The absolute URL the site is published under, if known (used for `hreflang` alternates
    /// and the 404 page); without it every link is relative.
    let baseURL: String?
    var freshness = TranslationFreshness()
    var changelog = Changelog()
    /// Changes since the baseline, shown as the coming release.
    var unreleased: CatalogDiff?

    /// The sidebar, rendered once per folder instead of once per page: with it in every page
    /// template, build time grew with the square of the number of chapters.
    let navigation: NavigationCache

    var handbook: Handbook { index.handbook }

    init(index: HandbookIndex, resolver: LinkResolver, links: LinkChecker.Findings, templates: TemplateSet,
         baseURL: String?, freshness: TranslationFreshness = TranslationFreshness(), changelog: Changelog = Changelog(),
         unreleased: CatalogDiff? = nil, navigation: NavigationCache? = nil) {
        self.index = index
        self.resolver = resolver
        self.links = links
        self.templates = templates
        self.baseURL = baseURL
        self.freshness = freshness
        self.changelog = changelog
        self.unreleased = unreleased
        self.navigation = navigation ?? NavigationCache(handbook: index.handbook, templates: templates)
        readingOrder = index.handbook.languages.all.reduce(into: [:]) { order, language in
            order[language] = Dictionary(uniqueKeysWithValues: index.handbook.chapters(in: language).enumerated().map { ($1.id, $0) })
        }
        let uiTables = templates.strings.mapValues(UIStringTable.init)
        self.uiTables = uiTables
        var folders: [String: SharedView<FolderView>] = [:]
        for language in index.handbook.languages.all {
            // Every page of a language lives in `<lang>/` or `<lang>/<part>/`.
            for page in [SiteURLs.home(language)] + index.handbook.parts(in: language).map({ SiteURLs.part($0.id, language) }) {
                folders[SiteURLs.folder(of: page)] = SharedView(
                    Self.folderView(page: page, language: language, ui: uiTables[language]!),
                    sharedByPages: true)
            }
        }
        self.folders = folders
    }

    private let uiTables: [Language: UIStringTable]
    /// Each chapter's place in its language's reading order, for the pager.
    private let readingOrder: [Language: [String: Int]]

    /// Every chapter of every language, in the order their pages are listed.
    var chapters: [Chapter] { handbook.languages.all.flatMap { handbook.chapters(in: $0) } }

    /// The pages other than chapters, each made when called (they are made, and rendered, on
    /// all cores).
    func fixedPages() -> [@Sendable () -> any PageToRender] {
        var pages: [@Sendable () -> any PageToRender] = []
        for language in handbook.languages.all {
            pages += [{ homePage(language) }, { glossaryPage(language) }, { searchPage(language) }, { changelogPage(language) }]
            pages += handbook.parts(in: language).map { part in { partPage(part) } }
        }
        pages += [{ rootPage(notFound: false) }, { rootPage(notFound: true) }]
        return pages
    }

    /// The files that are not pages: the sitemap (with a base URL), the assets and the figures.
    func fixedFiles() -> [OutputFile] {
        var files: [OutputFile] = []
        if let sitemap = sitemap() { files.append(sitemap) }
        for (name, data) in templates.assets.sorted(by: { $0.key < $1.key }) {
            files.append(OutputFile(path: SiteURLs.asset(name), data: data))
        }
        // Figures under names that change with their bytes (the checks report unused ones).
        for figure in handbook.figures.figures.values.sorted(by: { $0.name < $1.name }) {
            files.append(OutputFile(path: figure.sitePath, data: figure.data))
            if let dark = figure.dark { files.append(OutputFile(path: dark.sitePath, data: dark.data)) }
        }
        return files
    }

    /// A page's file, rendered now.
    func file(_ page: some PageToRender) -> OutputFile {
        OutputFile(path: page.path, bytes: templates.renderBytes(page.view, with: page.template))
    }

    // MARK: Layout

    private func strings(_ language: Language) -> UIStrings { templates.strings[language]! }

    private func absolute(_ path: String) -> String? {
        guard let baseURL else { return nil }
        return (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") + path
    }

    /// What every page of `page`'s folder shows alike.
    private static func folderView(page: String, language: Language, ui: UIStringTable) -> FolderView {
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        return FolderView(
            stylesheet: rel(SiteURLs.asset("style.css")), script: rel(SiteURLs.asset("site.js")),
            searchIndex: rel(SiteURLs.searchIndex(language)), homeHref: rel(SiteURLs.home(language)),
            glossaryHref: rel(SiteURLs.glossary(language)), changelogHref: rel(SiteURLs.changelog(language)),
            searchHref: rel(SiteURLs.search(language)), rootHref: rel(SiteURLs.root),
            rootPrefix: String(repeating: "../", count: page.split(separator: "/").count - 1),
            searchScript: rel(SiteURLs.asset("search.js")),
            sidebarChapters: rel(SiteURLs.sidebarChapters(language)), ui: ui)
    }

    /// One folder view per folder, made once.
    private let folders: [String: SharedView<FolderView>]

    /// Links from `page` to the page `pageIn` gives in each of `languages`, named in its language.
    private func languageLinks(_ languages: [Language], to pageIn: (Language) -> String, from page: String)
        -> [LanguageLinkView] {
        languages.map {
            LanguageLinkView(hreflang: $0.tag, name: strings($0).languageName, href: SiteURLs.relative(pageIn($0), from: page))
        }
    }

    /// `pageIn` gives the path of the same page in any language.
    private func layout(_ language: Language, page: String, pageIn: (Language) -> String, kind: String, title: String,
                        description: String, breadcrumbs: [LinkView], currentPart: String? = nil,
                        currentChapter: String? = nil) -> LayoutView {
        let ui = strings(language)
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        let nav = navigation.html(language: language, page: page, currentPart: currentPart,
                                  currentChapter: currentChapter)
        let folder = folders[SiteURLs.folder(of: page)]
            ?? SharedView(Self.folderView(page: page, language: language, ui: uiTables[language]!))
        return LayoutView(
            lang: language.tag, pageKind: kind,
            documentTitle: title == ui.siteTitle ? title : "\(title) · \(ui.siteTitle)",
            description: description,
            languageSwitch: languageLinks(handbook.languages.others(than: language), to: pageIn, from: page),
            alternates: handbook.languages.all.map { other in
                let path = pageIn(other)
                return AlternateView(hreflang: other.tag, href: absolute(path) ?? rel(path))
            },
            navHTML: nav, breadcrumbs: breadcrumbs, hasBreadcrumbs: !breadcrumbs.isEmpty,
            canonical: absolute(page), ogType: kind == "chapter" ? "article" : "website", folder: folder)
    }

    /// `sitemap.xml`, when the base URL is known: every page a reader may land on (not the
    /// search page or the 404 page).
    private func sitemap() -> OutputFile? {
        guard baseURL != nil else { return nil }
        var pages = [SiteURLs.root]
        for language in handbook.languages.all {
            pages.append(SiteURLs.home(language))
            pages += handbook.parts(in: language).map { SiteURLs.part($0.id, language) }
            pages += handbook.chapters(in: language).map { SiteURLs.chapter($0.identifier, language) }
            pages += [SiteURLs.glossary(language), SiteURLs.changelog(language)]
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            xml += "<url><loc>"
            HTML.append(escaping: absolute(page)!, to: &xml)
            xml += "</loc></url>\n"
        }
        return OutputFile(path: "sitemap.xml", text: xml + "</urlset>\n")
    }

    private func linkRenderer(_ language: Language, page: String, chapter: Chapter?) -> HTMLRenderer {
        // The closure keeps what it reads, not a copy of the whole renderer.
        let resolver = resolver, index = index
        let glossary = index.handbook.glossary
        // A term's definition rides on its first link on the page only.
        let defined = TermsSeen()
        let ui = strings(language)
        var renderer = HTMLRenderer { target, isWiki in
            let result: Result<LinkTarget, LinkResolver.Failure>
            if isWiki {
                result = resolver.resolve(wikiTarget: target, from: chapter, language: language)
            } else if let chapter {
                result = resolver.resolve(destination: target, from: chapter, language: language)
            } else if let scheme = LinkResolver.scheme(of: target), LinkResolver.allowedSchemes.contains(scheme) {
                result = .success(.external(target))
            } else {
                return nil
            }
            guard case .success(let resolved) = result else { return nil }
            if case .external(let url) = resolved {
                return .init(href: url, defaultText: url, isExternal: true)
            }
            var note: String?
            if isWiki, case .term(let id) = resolved, defined.firstTime(id) {
                note = glossary.entry(id)?.note?[language]
            }
            return .init(href: SiteURLs.relative(SiteURLs.path(of: resolved, in: language), from: page),
                         defaultText: index.title(of: resolved, in: language), isExternal: false, note: note)
        }
        let figures = handbook.figures
        renderer.figure = { source in
            figures.figure(forSource: source).map { figure in
                HTMLRenderer.FigureImage(src: SiteURLs.relative(figure.sitePath, from: page), width: figure.width,
                                         height: figure.height,
                                         darkSrc: figure.dark.map { SiteURLs.relative($0.sitePath, from: page) })
            }
        }
        renderer.calloutLabel = { kind in
            switch kind {
            case .note: ui.calloutNote
            case .tip: ui.calloutTip
            case .important: ui.calloutImportant
            case .warning: ui.calloutWarning
            case .caution: ui.calloutCaution
            }
        }
        return renderer
    }

    private func render<View: TemplateView & Equatable>(_ path: String, _ view: View, _ template: String) -> PageRendering<View> {
        PageRendering(path: path, view: view, template: template)
    }

    // MARK: Pages

    private func homePage(_ language: Language) -> any PageToRender {
        let ui = strings(language)
        let page = SiteURLs.home(language)
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        let parts = handbook.parts(in: language).map { part in
            let chapters = handbook.chapters(inPart: part.id, language: language)
            return HomePartView(
                title: part.title, href: rel(SiteURLs.part(part.id, language)), summary: part.summary,
                chaptersCount: ui.count(ui.chaptersCount, chapters.count),
                chapters: chapters.map { LinkView(title: $0.title, href: rel(SiteURLs.chapter($0.identifier, language))) })
        }
        let ruleCount = handbook.chapters(in: language).reduce(0) { $0 + $1.rules.count }
        let view = HomePageView(
            layout: layout(language, page: page, pageIn: SiteURLs.home, kind: "home",
                           title: ui.siteTitle, description: ui.siteDescription, breadcrumbs: []),
            title: ui.siteTitle, description: ui.siteDescription, parts: parts,
            rulesCount: ui.count(ui.rulesCount, ruleCount), rulesJSONHref: rel(SiteURLs.rulesJSON))
        return render(page, view, "home")
    }

    private func partPage(_ part: Part) -> any PageToRender {
        let language = part.language
        let ui = strings(language)
        let page = SiteURLs.part(part.id, language)
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        let chapters = handbook.chapters(inPart: part.id, language: language).map { chapter in
            LinkView(title: chapter.title, href: rel(SiteURLs.chapter(chapter.identifier, language)),
                     summary: chapter.summary, detail: ui.count(ui.rulesCount, chapter.rules.count))
        }
        let view = PartPageView(
            layout: layout(language, page: page, pageIn: { SiteURLs.part(part.id, $0) }, kind: "part",
                           title: part.title, description: part.summary,
                           breadcrumbs: [LinkView(title: ui.home, href: rel(SiteURLs.home(language)))],
                           currentPart: part.id),
            title: part.title, summary: part.summary,
            bodyHTML: linkRenderer(language, page: page, chapter: nil).render(part.body), chapters: chapters)
        return render(page, view, "part")
    }

    /// What a chapter page reads beyond its chapter, the outline and the templates.
    struct ChapterPageContext: Equatable, Sendable {
        var outdated: [Bool]
        var backlinks: [String]
    }

    func chapterPageContext(_ chapter: Chapter) -> ChapterPageContext {
        let language = chapter.language
        let keys = [chapter.id] + chapter.sections.map { chapter.id + "#" + $0.anchor } + chapter.rules.map { chapter.ruleID($0.localID) }
        return ChapterPageContext(outdated: keys.map { freshness.isOutdated($0, in: language) },
                                  backlinks: (links.backlinks[language]?[chapter.id] ?? []).sorted())
    }

    /// A chapter's HTML: each block's (a Markdown block's, a section's title, a rule's body), in
    /// order, then each rule's earlier forms. One renderer makes it all, so a term's definition
    /// is shown at its first use on the page alone.
    struct BlocksHTML: Sendable {
        var blocks: [String]
        /// Per rule, in order: its earlier forms' bodies.
        var earlier: [[String]]
    }

    /// Each chapter's HTML. It reads the chapter and the outline alone: a page whose
    /// surroundings change keeps it.
    struct ChapterHTML: ChapterWork {
        let renderer: SiteRenderer

        var chapters: [Chapter] { renderer.chapters }

        func output(for chapter: Chapter) -> BlocksHTML { renderer.blocksHTML(of: chapter) }
    }

    var chapterHTML: ChapterHTML { ChapterHTML(renderer: self) }

    private func blocksHTML(of chapter: Chapter) -> BlocksHTML {
        let renderer = linkRenderer(chapter.language, page: SiteURLs.chapter(chapter.identifier, chapter.language), chapter: chapter)
        // Figures of the opening, on the first screen, load at once; the others when scrolled to.
        var opening = renderer
        opening.lazyFigures = false
        let firstSection = chapter.content.firstIndex { if case .section = $0 { true } else { false } } ?? chapter.content.endIndex
        let blocks = chapter.content.enumerated().map { position, block -> String in
            switch block {
            case .markdown(let markdown):
                var html = ""
                (position < firstSection ? opening : renderer).render(markdown, into: &html)
                return html
            case .section(let section): return renderer.render(section.title)
            case .rule(let rule): return renderer.render(rule.body)
            }
        }
        return BlocksHTML(blocks: blocks, earlier: chapter.rules.map { rule in rule.history.map { renderer.render($0.body) } })
    }

    /// A chapter's page around its HTML (`chapterHTML`'s output).
    func chapterPage(_ chapter: Chapter, html: BlocksHTML) -> PageRendering<ChapterPageView> {
        let language = chapter.language
        let ui = strings(language)
        let page = SiteURLs.chapter(chapter.identifier, language)
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        let pageIn = { (language: Language) in SiteURLs.chapter(chapter.identifier, language) }
        let otherLanguages = languageLinks(handbook.languages.others(than: language), to: pageIn, from: page)
        // An outdated unit's notice links to the languages it lags behind.
        let newer = { (key: String, anchor: String?) in
            self.languageLinks(self.freshness.newer(key, than: language), to: pageIn, from: page)
                .map { link in anchor.map(link.anchored) ?? link }
        }
        var blocks: [ChapterBlockView] = []
        let earlierHTML = html.earlier
        var ruleNumber = 0
        blocks.reserveCapacity(chapter.content.count)
        // Keys of units that may be outdated are made only when some are.
        let anyOutdated = !freshness.outdated.isEmpty
        var pendingHTML = ""
        var sectionLevel = 1
        func flush() {
            if !pendingHTML.isEmpty { blocks.append(ChapterBlockView(html: pendingHTML)) }
            pendingHTML = ""
        }
        for (block, html) in zip(chapter.content, html.blocks) {
            switch block {
            case .markdown:
                pendingHTML += html
            case .section(let section):
                flush()
                sectionLevel = min(section.level, 5)
                let isOutdated = anyOutdated && freshness.isOutdated(chapter.id + "#" + section.anchor, in: language)
                blocks.append(ChapterBlockView(section: SharedView(SectionView(
                    anchor: section.anchor, level: section.level, isSubsection: section.level > 2,
                    titleHTML: html,
                    isOutdated: isOutdated, newerLanguages: isOutdated ? newer(chapter.id + "#" + section.anchor, section.anchor) : []))))
            case .rule(let rule):
                flush()
                let status = rule.status ?? chapter.status
                let replacements = replacementLinks(rule, language, from: page)
                let ruleID = chapter.ruleID(rule.localID)
                let isOutdated = anyOutdated && freshness.isOutdated(ruleID, in: language)
                blocks.append(ChapterBlockView(rule: SharedView(RuleView(
                    id: ruleID, anchor: rule.localID, kind: rule.kind.rawValue,
                    kindLabel: ui.kindLabel(rule.kind), title: rule.title, titleLevel: sectionLevel + 1, bodyHTML: html,
                    isLegacy: status == .legacy, isDeprecated: status == .deprecated,
                    statusLabel: status == .deprecated ? ui.deprecated : ui.legacy, note: rule.note,
                    replacements: replacements, hasReplacements: !replacements.isEmpty,
                    edition: rule.edition ?? chapter.edition,
                    isOutdated: isOutdated, otherLanguages: otherLanguages.map { $0.anchored(rule.localID) },
                    newerLanguages: isOutdated ? newer(ruleID, rule.localID) : [],
                    // The chapter's basis is shown once, under its title; a card names its own only.
                    basis: rule.basis.flatMap { $0 == chapter.basis ? nil : Self.joined($0) },
                    earlier: zip(rule.history, earlierHTML[ruleNumber]).map { EarlierFormView(edition: $0.edition, bodyHTML: $1) }))))
                ruleNumber += 1
            }
        }
        flush()
        let all = handbook.chapters(in: language)
        let position = readingOrder[language]![chapter.id]!
        let neighbour = { (offset: Int) -> LinkView? in
            let index = position + offset
            guard all.indices.contains(index) else { return nil }
            return LinkView(title: all[index].title, href: rel(SiteURLs.chapter(all[index].identifier, language)))
        }
        let related = chapter.related.compactMap { id in index.chapter(id, in: language) }.map {
            LinkView(title: $0.title, href: rel(SiteURLs.chapter($0.identifier, language)), summary: $0.summary)
        }
        let backlinks = (links.backlinks[language]?[chapter.id] ?? []).compactMap { index.chapter($0, in: language) }
            .map { LinkView(title: $0.title, href: rel(SiteURLs.chapter($0.identifier, language))) }
        let toc = chapter.sections.filter { $0.level <= 3 }.map {
            TOCEntryView(anchor: $0.anchor, title: $0.titleText, isSubsection: $0.level > 2)
        }
        let part = handbook.part(chapter.part, in: language)
        let view = ChapterPageView(
            layout: layout(language, page: page, pageIn: pageIn, kind: "chapter", title: chapter.title,
                           description: chapter.summary,
                           breadcrumbs: [LinkView(title: ui.home, href: rel(SiteURLs.home(language)))]
                               + (part.map { [LinkView(title: $0.title, href: rel(SiteURLs.part($0.id, language)))] } ?? []),
                           currentPart: chapter.part, currentChapter: chapter.id),
            id: chapter.id, title: chapter.title, summary: chapter.summary, edition: chapter.edition,
            chapterBasis: Self.joined(chapter.basis),
            isLegacy: chapter.status == .legacy, legacyNote: chapter.legacyNote ?? "",
            isOpeningOutdated: freshness.isOutdated(chapter.id, in: language), newerLanguages: newer(chapter.id, nil),
            rulesCount: ui.count(ui.rulesCount, chapter.rules.count), blocks: blocks, toc: toc,
            hasTOC: !toc.isEmpty, related: related, hasRelated: !related.isEmpty, backlinks: backlinks,
            hasBacklinks: !backlinks.isEmpty, previous: neighbour(-1), next: neighbour(1))
        return render(page, view, "chapter")
    }

    private func glossaryPage(_ language: Language) -> any PageToRender {
        let ui = strings(language)
        let page = SiteURLs.glossary(language)
        let glossary = handbook.glossary.entries
        let sortKeys = glossary.map { language == .en ? $0.en.lowercased() : "" }
        let entries = glossary.indices.sorted { (sortKeys[$0], glossary[$0].id) < (sortKeys[$1], glossary[$1].id) }.map { glossary[$0] }.map { entry in
            let uses = (links.termUses[language]?[entry.id] ?? []).compactMap { index.chapter($0, in: language) }.map {
                LinkView(title: $0.title, href: SiteURLs.relative(SiteURLs.chapter($0.identifier, language), from: page))
            }
            let note = entry.note?[language]
            let related = handbook.glossary.relatedTerms(of: entry.id)
            let relatedLinks = related.map { LinkView(title: $0.term(in: language), href: "#term-\($0.id)") }
            return GlossaryEntryView(
                anchor: "term-\(entry.id)", term: entry.term(in: language),
                forms: [TermFormView(label: ui.englishForm, lang: "en", text: entry.en),
                        TermFormView(label: ui.simplifiedForm, lang: Language.zhHans.tag, text: entry.zh),
                        TermFormView(label: ui.traditionalForm, lang: GlossaryEntry.traditionalChineseTag, text: entry.zhHant)],
                variants: entry.variants.isEmpty ? nil : entry.variants.joined(separator: language == .zhHans ? "、" : ", "),
                note: note?.isEmpty == false ? note : nil, uses: uses, hasUses: !uses.isEmpty,
                relatedTerms: relatedLinks, hasRelatedTerms: !relatedLinks.isEmpty)
        }
        let view = GlossaryPageView(
            layout: layout(language, page: page, pageIn: SiteURLs.glossary, kind: "glossary",
                           title: ui.glossary, description: ui.glossaryIntro,
                           breadcrumbs: [LinkView(title: ui.home, href: SiteURLs.relative(SiteURLs.home(language), from: page))]),
            title: ui.glossary, intro: ui.glossaryIntro, entries: entries)
        return render(page, view, "glossary")
    }

    /// Links to the rules named in a rule's `replaced-by`, titled in `language`.
    /// A change group longer than this lists chapters with counts instead of rules.
    static let listedChanges = 60

    /// `iOS 7 · Bars · Navigation bar; iOS 12 · …`, or nil when nothing is recorded.
    private static func joined(_ basis: [String]) -> String? {
        basis.isEmpty ? nil : basis.joined(separator: "; ")
    }

    private func replacementLinks(_ rule: Rule, _ language: Language, from page: String) -> [LinkView] {
        rule.replacedBy.compactMap { id in
            index.rule(id, in: language).map {
                LinkView(title: $0.rule.title,
                         href: SiteURLs.relative(SiteURLs.path(of: .rule($0.chapter.identifier(of: $0.rule)), in: language), from: page))
            }
        }
    }

    private func changelogPage(_ language: Language) -> any PageToRender {
        let ui = strings(language)
        let page = SiteURLs.changelog(language)
        let rel = { (path: String) in SiteURLs.relative(path, from: page) }
        func rule(_ id: String) -> ChangedRuleView {
            let found = index.rule(id, in: language)
            let replacements = found.map { replacementLinks($0.rule, language, from: page) } ?? []
            // Every id here is a rule's (the changelog's were checked, the baseline's come from a
            // catalogue); one missing from this language still has its page's address.
            let href = RuleID(id).map { rel(SiteURLs.path(of: .rule($0), in: language)) } ?? ""
            return ChangedRuleView(id: id, title: found?.rule.title ?? id, href: href,
                                   replacements: replacements, hasReplacements: !replacements.isEmpty)
        }
        func groups(added: [String], changed: [String], deprecated: [String]) -> [ChangeGroupView] {
            [(ui.added, "added", added), (ui.changed, "changed", changed), (ui.deprecated, "deprecated", deprecated)]
                .filter { !$0.2.isEmpty }
                .map { label, kind, ids in
                    let heading = "\(label) (\(ids.count))"
                    // Hundreds of rule links make the page slow to read and to load: by chapter then.
                    guard ids.count > Self.listedChanges else {
                        return ChangeGroupView(label: heading, kind: kind, rules: ids.map(rule))
                    }
                    return ChangeGroupView(label: heading, kind: kind, rules: [], chapters: byChapter(ids))
                }
        }
        func byChapter(_ ids: [String]) -> [LinkView] {
            var counts: [String: Int] = [:]
            for id in ids { if let found = index.rule(id, in: language) { counts[found.chapter.id, default: 0] += 1 } }
            return handbook.chapters(in: language).filter { counts[$0.id] != nil }.map {
                LinkView(title: "\($0.title) (\(counts[$0.id]!))", href: rel(SiteURLs.chapter($0.identifier, language)))
            }
        }
        var releases: [ReleaseView] = []
        if let unreleased, !unreleased.isEmpty {
            releases.append(ReleaseView(anchor: "unreleased", heading: ui.unreleased, date: "", summary: nil,
                                        groups: groups(added: unreleased.added, changed: unreleased.changed,
                                                       deprecated: unreleased.deprecated)))
        }
        for release in changelog.releases.reversed() {
            // The count the release recorded; none is shown for a release that recorded none.
            let count = release.initial == true ? release.rules.map { ui.count(ui.initialRelease, $0) } : nil
            let summary = [release.summary?[language.tag], count].compactMap { $0 }.joined(separator: " ")
            releases.append(ReleaseView(
                anchor: "v" + release.version.replacingOccurrences(of: ".", with: "-"), heading: release.version,
                date: release.date, summary: summary.isEmpty ? nil : summary,
                groups: groups(added: release.added ?? [], changed: release.changed ?? [],
                               deprecated: release.deprecated ?? [])))
        }
        let view = ChangelogPageView(
            layout: layout(language, page: page, pageIn: SiteURLs.changelog, kind: "changelog",
                           title: ui.changelog, description: ui.changelogIntro,
                           breadcrumbs: [LinkView(title: ui.home, href: rel(SiteURLs.home(language)))]),
            title: ui.changelog, intro: ui.changelogIntro, releases: releases, editions: editions(language, rule: rule))
        return render(page, view, "changelog")
    }

    /// Per edition, oldest first: the chapters and the number of rules it brought, and the rules
    /// retired by guidance it brought; then the retired rules that nothing replaced.
    private func editions(_ language: Language, rule: (String) -> ChangedRuleView) -> [EditionView] {
        let ui = strings(language)
        let page = SiteURLs.changelog(language)
        var chapters: [String: [LinkView]] = [:]
        var introduced: [String: Int] = [:]
        var retired: [String: [String]] = [:]
        var unreplaced: [String] = []
        for chapter in handbook.chapters(in: language) {
            chapters[chapter.edition, default: []].append(
                LinkView(title: chapter.title, href: SiteURLs.relative(SiteURLs.chapter(chapter.identifier, language), from: page)))
            for item in chapter.rules {
                let edition = item.edition ?? chapter.edition
                introduced[edition, default: 0] += 1
                guard (item.status ?? chapter.status) != .current else { continue }
                let replacing = item.replacedBy.compactMap { id in
                    index.rule(id, in: language).map { $0.rule.edition ?? $0.chapter.edition }
                }
                if let replacement = EditionOrder.sorted(replacing).first {
                    retired[replacement, default: []].append(chapter.ruleID(item.localID))
                } else {
                    unreplaced.append(chapter.ruleID(item.localID))
                }
            }
        }
        let gone = unreplaced.sorted().map(rule)
        let withoutReplacement = gone.isEmpty ? [] : [EditionView(
            anchor: "retired-without-replacement", heading: ui.retiredUnreplaced, summary: ui.retiredUnreplacedIntro,
            chapters: [], hasChapters: false, retiredHeading: nil, retired: gone, hasRetired: true)]
        return EditionOrder.sorted(Set(introduced.keys).union(retired.keys)).map { edition in
            let links = chapters[edition] ?? []
            let gone = (retired[edition] ?? []).sorted().map(rule)
            return EditionView(anchor: EditionOrder.anchor(edition), heading: edition,
                               summary: ui.count(ui.editionRules, introduced[edition] ?? 0),
                               chapters: links, hasChapters: !links.isEmpty, retiredHeading: ui.editionRetired,
                               retired: gone, hasRetired: !gone.isEmpty)
        } + withoutReplacement
    }

    private func searchPage(_ language: Language) -> any PageToRender {
        let ui = strings(language)
        let page = SiteURLs.search(language)
        let view = SearchPageView(
            layout: layout(language, page: page, pageIn: SiteURLs.search, kind: "search",
                           title: ui.search, description: ui.searchHint,
                           breadcrumbs: [LinkView(title: ui.home, href: SiteURLs.relative(SiteURLs.home(language), from: page))]),
            title: ui.search)
        return render(page, view, "search")
    }

    private func rootPage(notFound: Bool) -> any PageToRender {
        let page = notFound ? SiteURLs.notFound : SiteURLs.root
        // The 404 page is served at any depth; only an absolute base URL makes its links work everywhere.
        let href = { (path: String) in notFound ? (absolute(path) ?? path) : path }
        let view = RootPageView(
            languages: handbook.languages.all.map { language in
                RootLanguageView(lang: language.tag, name: strings(language).languageName,
                                 href: href(SiteURLs.home(language)), siteTitle: strings(language).siteTitle)
            },
            stylesheet: href(SiteURLs.asset("style.css")), script: href(SiteURLs.asset("root.js")),
            isNotFound: notFound)
        return render(page, view, "root")
    }
}

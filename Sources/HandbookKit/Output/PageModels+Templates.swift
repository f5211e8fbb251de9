import Mustache

/// swift-mustache finds names by reflection, filtering every property of every view on the
/// context stack for each tag — half of a release build's time. The page views answer from a
/// table of key paths instead. A name a template uses that is missing from a table is caught in
/// debug builds (the golden tests) by the assertion below.
protocol TemplateView: MustacheParent {
    static var templateKeys: [String: PartialKeyPath<Self> & Sendable] { get }
}

protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 as Any } }
}

extension TemplateView {
    func child(named name: String) -> Any? {
        if let path = Self.templateKeys[name] {
            let value = self[keyPath: path]
            // An absent optional is "no value" to a template, as with reflection.
            if let optional = value as? any OptionalValue { return optional.wrappedValue }
            return value
        }
        assert(!Mirror(reflecting: self).children.contains { $0.label == name },
               "\(Self.self).templateKeys lacks '\(name)'")
        return nil
    }
}

extension LinkView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<LinkView> & Sendable] = [
        "title": \LinkView.title,
        "href": \LinkView.href,
        "isCurrent": \LinkView.isCurrent,
        "summary": \LinkView.summary,
        "detail": \LinkView.detail,
    ]
}

extension NavLinkView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<NavLinkView> & Sendable] = [
        "title": \NavLinkView.title,
        "href": \NavLinkView.href,
        "mark": \NavLinkView.mark,
    ]
}

extension NavPartView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<NavPartView> & Sendable] = [
        "title": \NavPartView.title,
        "href": \NavPartView.href,
        "openMark": \NavPartView.openMark,
        "mark": \NavPartView.mark,
        "chapters": \NavPartView.chapters,
        "hasChapters": \NavPartView.hasChapters,
    ]
}

extension NavView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<NavView> & Sendable] = [
        "parts": \NavView.parts,
    ]
}

extension AlternateView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<AlternateView> & Sendable] = [
        "hreflang": \AlternateView.hreflang,
        "href": \AlternateView.href,
    ]
}

extension LayoutView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<LayoutView> & Sendable] = [
        "lang": \LayoutView.lang,
        "pageKind": \LayoutView.pageKind,
        "documentTitle": \LayoutView.documentTitle,
        "description": \LayoutView.description,
        "stylesheet": \LayoutView.stylesheet,
        "script": \LayoutView.script,
        "searchIndex": \LayoutView.searchIndex,
        "homeHref": \LayoutView.homeHref,
        "glossaryHref": \LayoutView.glossaryHref,
        "changelogHref": \LayoutView.changelogHref,
        "searchHref": \LayoutView.searchHref,
        "rootHref": \LayoutView.rootHref,
        "rootPrefix": \LayoutView.rootPrefix,
        "searchScript": \LayoutView.searchScript,
        "languageSwitch": \LayoutView.languageSwitch,
        "otherLanguageName": \LayoutView.otherLanguageName,
        "alternates": \LayoutView.alternates,
        "navHTML": \LayoutView.navHTML,
        "breadcrumbs": \LayoutView.breadcrumbs,
        "hasBreadcrumbs": \LayoutView.hasBreadcrumbs,
        "ui": \LayoutView.ui,
    ]
}

extension RuleView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<RuleView> & Sendable] = [
        "id": \RuleView.id,
        "anchor": \RuleView.anchor,
        "kind": \RuleView.kind,
        "kindLabel": \RuleView.kindLabel,
        "title": \RuleView.title,
        "titleLevel": \RuleView.titleLevel,
        "bodyHTML": \RuleView.bodyHTML,
        "isLegacy": \RuleView.isLegacy,
        "isDeprecated": \RuleView.isDeprecated,
        "statusLabel": \RuleView.statusLabel,
        "note": \RuleView.note,
        "replacements": \RuleView.replacements,
        "hasReplacements": \RuleView.hasReplacements,
        "edition": \RuleView.edition,
        "isOutdated": \RuleView.isOutdated,
        "otherLanguageHref": \RuleView.otherLanguageHref,
    ]
}

extension SectionView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<SectionView> & Sendable] = [
        "anchor": \SectionView.anchor,
        "level": \SectionView.level,
        "isSubsection": \SectionView.isSubsection,
        "titleHTML": \SectionView.titleHTML,
        "isOutdated": \SectionView.isOutdated,
        "otherLanguageHref": \SectionView.otherLanguageHref,
    ]
}

extension ChapterBlockView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<ChapterBlockView> & Sendable] = [
        "html": \ChapterBlockView.html,
        "section": \ChapterBlockView.section,
        "rule": \ChapterBlockView.rule,
    ]
}

extension TOCEntryView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<TOCEntryView> & Sendable] = [
        "anchor": \TOCEntryView.anchor,
        "title": \TOCEntryView.title,
        "isSubsection": \TOCEntryView.isSubsection,
    ]
}

extension ChapterPageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<ChapterPageView> & Sendable] = [
        "layout": \ChapterPageView.layout,
        "id": \ChapterPageView.id,
        "title": \ChapterPageView.title,
        "summary": \ChapterPageView.summary,
        "edition": \ChapterPageView.edition,
        "isLegacy": \ChapterPageView.isLegacy,
        "legacyNote": \ChapterPageView.legacyNote,
        "isOpeningOutdated": \ChapterPageView.isOpeningOutdated,
        "otherLanguageHref": \ChapterPageView.otherLanguageHref,
        "rulesCount": \ChapterPageView.rulesCount,
        "blocks": \ChapterPageView.blocks,
        "toc": \ChapterPageView.toc,
        "hasTOC": \ChapterPageView.hasTOC,
        "related": \ChapterPageView.related,
        "hasRelated": \ChapterPageView.hasRelated,
        "backlinks": \ChapterPageView.backlinks,
        "hasBacklinks": \ChapterPageView.hasBacklinks,
        "previous": \ChapterPageView.previous,
        "next": \ChapterPageView.next,
    ]
}

extension PartPageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<PartPageView> & Sendable] = [
        "layout": \PartPageView.layout,
        "title": \PartPageView.title,
        "summary": \PartPageView.summary,
        "bodyHTML": \PartPageView.bodyHTML,
        "chapters": \PartPageView.chapters,
    ]
}

extension HomePartView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<HomePartView> & Sendable] = [
        "title": \HomePartView.title,
        "href": \HomePartView.href,
        "summary": \HomePartView.summary,
        "chaptersCount": \HomePartView.chaptersCount,
        "chapters": \HomePartView.chapters,
    ]
}

extension HomePageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<HomePageView> & Sendable] = [
        "layout": \HomePageView.layout,
        "title": \HomePageView.title,
        "description": \HomePageView.description,
        "parts": \HomePageView.parts,
        "rulesCount": \HomePageView.rulesCount,
        "rulesJSONHref": \HomePageView.rulesJSONHref,
    ]
}

extension GlossaryEntryView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<GlossaryEntryView> & Sendable] = [
        "anchor": \GlossaryEntryView.anchor,
        "term": \GlossaryEntryView.term,
        "english": \GlossaryEntryView.english,
        "traditional": \GlossaryEntryView.traditional,
        "variants": \GlossaryEntryView.variants,
        "note": \GlossaryEntryView.note,
    ]
}

extension GlossaryPageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<GlossaryPageView> & Sendable] = [
        "layout": \GlossaryPageView.layout,
        "title": \GlossaryPageView.title,
        "intro": \GlossaryPageView.intro,
        "entries": \GlossaryPageView.entries,
    ]
}

extension SearchPageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<SearchPageView> & Sendable] = [
        "layout": \SearchPageView.layout,
        "title": \SearchPageView.title,
    ]
}

extension RootLanguageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<RootLanguageView> & Sendable] = [
        "lang": \RootLanguageView.lang,
        "name": \RootLanguageView.name,
        "href": \RootLanguageView.href,
        "siteTitle": \RootLanguageView.siteTitle,
    ]
}

extension RootPageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<RootPageView> & Sendable] = [
        "languages": \RootPageView.languages,
        "stylesheet": \RootPageView.stylesheet,
        "script": \RootPageView.script,
        "isNotFound": \RootPageView.isNotFound,
    ]
}

extension ChangedRuleView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<ChangedRuleView> & Sendable] = [
        "id": \ChangedRuleView.id,
        "title": \ChangedRuleView.title,
        "href": \ChangedRuleView.href,
        "replacements": \ChangedRuleView.replacements,
        "hasReplacements": \ChangedRuleView.hasReplacements,
    ]
}

extension ChangeGroupView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<ChangeGroupView> & Sendable] = [
        "label": \ChangeGroupView.label,
        "kind": \ChangeGroupView.kind,
        "rules": \ChangeGroupView.rules,
    ]
}

extension ReleaseView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<ReleaseView> & Sendable] = [
        "anchor": \ReleaseView.anchor,
        "heading": \ReleaseView.heading,
        "date": \ReleaseView.date,
        "summary": \ReleaseView.summary,
        "groups": \ReleaseView.groups,
    ]
}

extension ChangelogPageView: TemplateView {
    static let templateKeys: [String: PartialKeyPath<ChangelogPageView> & Sendable] = [
        "layout": \ChangelogPageView.layout,
        "title": \ChangelogPageView.title,
        "intro": \ChangelogPageView.intro,
        "releases": \ChangelogPageView.releases,
    ]
}

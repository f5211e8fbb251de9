import Mustache

/// What a name in a template stands for on a view. Page views answer names from a `switch`
/// instead of reflection: swift-mustache's lookup by `Mirror` filtered every property of every
/// view on the context stack for each tag, half of a release build's time.
enum TemplateValue {
    case text(String)
    case flag(Bool)
    case number(Int)
    case view(any TemplateView)
    case list([any TemplateView])
    /// An absent optional: no value to a template, as with reflection.
    case nothing

    static func of(_ value: String) -> TemplateValue { .text(value) }
    static func of(_ value: String?) -> TemplateValue { value.map(TemplateValue.text) ?? .nothing }
    static func of(_ value: Bool) -> TemplateValue { .flag(value) }
    static func of(_ value: Int) -> TemplateValue { .number(value) }
    static func of(_ value: some TemplateView) -> TemplateValue { .view(value) }
    static func of(_ value: (some TemplateView)?) -> TemplateValue { value.map { .view($0) } ?? .nothing }
    static func of(_ value: [some TemplateView]) -> TemplateValue { .list(value) }

    /// The value as swift-mustache expects it.
    var mustacheValue: Any? {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .number(let number): number
        case .view(let view): view
        case .list(let views): views
        case .nothing: nil
        }
    }
}

/// A view model a template can read. A stored property missing from `value(named:)` is caught in
/// debug builds (the golden tests) by the assertion in `TemplateProgram`'s lookup.
protocol TemplateView: MustacheParent, Sendable {
    /// The value `name` stands for on this view, or nil when the view has no such name (the
    /// template then looks further up its context stack).
    func value(named name: String) -> TemplateValue?
}

extension TemplateView {
    func child(named name: String) -> Any? {
        value(named: name)?.mustacheValue
    }
}

extension UIStringTable: TemplateView {}

extension LinkView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .of(self.title)
        case "href": .of(self.href)
        case "isCurrent": .of(self.isCurrent)
        case "summary": .of(self.summary)
        case "detail": .of(self.detail)
        default: nil
        }
    }
}

extension NavLinkView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .of(self.title)
        case "href": .of(self.href)
        case "mark": .of(self.mark)
        default: nil
        }
    }
}

extension NavPartView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .of(self.title)
        case "href": .of(self.href)
        case "openMark": .of(self.openMark)
        case "mark": .of(self.mark)
        case "chapters": .of(self.chapters)
        case "hasChapters": .of(self.hasChapters)
        default: nil
        }
    }
}

extension NavView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "parts": .of(self.parts)
        default: nil
        }
    }
}

extension AlternateView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "hreflang": .of(self.hreflang)
        case "href": .of(self.href)
        default: nil
        }
    }
}

extension LayoutView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "lang": .of(self.lang)
        case "pageKind": .of(self.pageKind)
        case "documentTitle": .of(self.documentTitle)
        case "description": .of(self.description)
        case "stylesheet": .of(self.stylesheet)
        case "script": .of(self.script)
        case "searchIndex": .of(self.searchIndex)
        case "homeHref": .of(self.homeHref)
        case "glossaryHref": .of(self.glossaryHref)
        case "changelogHref": .of(self.changelogHref)
        case "searchHref": .of(self.searchHref)
        case "rootHref": .of(self.rootHref)
        case "rootPrefix": .of(self.rootPrefix)
        case "searchScript": .of(self.searchScript)
        case "languageSwitch": .of(self.languageSwitch)
        case "otherLanguageName": .of(self.otherLanguageName)
        case "alternates": .of(self.alternates)
        case "navHTML": .of(self.navHTML)
        case "breadcrumbs": .of(self.breadcrumbs)
        case "hasBreadcrumbs": .of(self.hasBreadcrumbs)
        case "ui": .of(self.ui)
        default: nil
        }
    }
}

extension RuleView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "id": .of(self.id)
        case "anchor": .of(self.anchor)
        case "kind": .of(self.kind)
        case "kindLabel": .of(self.kindLabel)
        case "title": .of(self.title)
        case "titleLevel": .of(self.titleLevel)
        case "bodyHTML": .of(self.bodyHTML)
        case "isLegacy": .of(self.isLegacy)
        case "isDeprecated": .of(self.isDeprecated)
        case "statusLabel": .of(self.statusLabel)
        case "note": .of(self.note)
        case "replacements": .of(self.replacements)
        case "hasReplacements": .of(self.hasReplacements)
        case "edition": .of(self.edition)
        case "isOutdated": .of(self.isOutdated)
        case "otherLanguageHref": .of(self.otherLanguageHref)
        default: nil
        }
    }
}

extension SectionView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "anchor": .of(self.anchor)
        case "level": .of(self.level)
        case "isSubsection": .of(self.isSubsection)
        case "titleHTML": .of(self.titleHTML)
        case "isOutdated": .of(self.isOutdated)
        case "otherLanguageHref": .of(self.otherLanguageHref)
        default: nil
        }
    }
}

extension ChapterBlockView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "html": .of(self.html)
        case "section": .of(self.section)
        case "rule": .of(self.rule)
        default: nil
        }
    }
}

extension TOCEntryView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "anchor": .of(self.anchor)
        case "title": .of(self.title)
        case "isSubsection": .of(self.isSubsection)
        default: nil
        }
    }
}

extension ChapterPageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "layout": .of(self.layout)
        case "id": .of(self.id)
        case "title": .of(self.title)
        case "summary": .of(self.summary)
        case "edition": .of(self.edition)
        case "isLegacy": .of(self.isLegacy)
        case "legacyNote": .of(self.legacyNote)
        case "isOpeningOutdated": .of(self.isOpeningOutdated)
        case "otherLanguageHref": .of(self.otherLanguageHref)
        case "rulesCount": .of(self.rulesCount)
        case "blocks": .of(self.blocks)
        case "toc": .of(self.toc)
        case "hasTOC": .of(self.hasTOC)
        case "related": .of(self.related)
        case "hasRelated": .of(self.hasRelated)
        case "backlinks": .of(self.backlinks)
        case "hasBacklinks": .of(self.hasBacklinks)
        case "previous": .of(self.previous)
        case "next": .of(self.next)
        default: nil
        }
    }
}

extension PartPageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "layout": .of(self.layout)
        case "title": .of(self.title)
        case "summary": .of(self.summary)
        case "bodyHTML": .of(self.bodyHTML)
        case "chapters": .of(self.chapters)
        default: nil
        }
    }
}

extension HomePartView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .of(self.title)
        case "href": .of(self.href)
        case "summary": .of(self.summary)
        case "chaptersCount": .of(self.chaptersCount)
        case "chapters": .of(self.chapters)
        default: nil
        }
    }
}

extension HomePageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "layout": .of(self.layout)
        case "title": .of(self.title)
        case "description": .of(self.description)
        case "parts": .of(self.parts)
        case "rulesCount": .of(self.rulesCount)
        case "rulesJSONHref": .of(self.rulesJSONHref)
        default: nil
        }
    }
}

extension GlossaryEntryView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "anchor": .of(self.anchor)
        case "term": .of(self.term)
        case "english": .of(self.english)
        case "traditional": .of(self.traditional)
        case "variants": .of(self.variants)
        case "note": .of(self.note)
        default: nil
        }
    }
}

extension GlossaryPageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "layout": .of(self.layout)
        case "title": .of(self.title)
        case "intro": .of(self.intro)
        case "entries": .of(self.entries)
        default: nil
        }
    }
}

extension SearchPageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "layout": .of(self.layout)
        case "title": .of(self.title)
        default: nil
        }
    }
}

extension RootLanguageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "lang": .of(self.lang)
        case "name": .of(self.name)
        case "href": .of(self.href)
        case "siteTitle": .of(self.siteTitle)
        default: nil
        }
    }
}

extension RootPageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "languages": .of(self.languages)
        case "stylesheet": .of(self.stylesheet)
        case "script": .of(self.script)
        case "isNotFound": .of(self.isNotFound)
        default: nil
        }
    }
}

extension ChangedRuleView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "id": .of(self.id)
        case "title": .of(self.title)
        case "href": .of(self.href)
        case "replacements": .of(self.replacements)
        case "hasReplacements": .of(self.hasReplacements)
        default: nil
        }
    }
}

extension ChangeGroupView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "label": .of(self.label)
        case "kind": .of(self.kind)
        case "rules": .of(self.rules)
        default: nil
        }
    }
}

extension ReleaseView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "anchor": .of(self.anchor)
        case "heading": .of(self.heading)
        case "date": .of(self.date)
        case "summary": .of(self.summary)
        case "groups": .of(self.groups)
        default: nil
        }
    }
}

extension ChangelogPageView: TemplateView {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "layout": .of(self.layout)
        case "title": .of(self.title)
        case "intro": .of(self.intro)
        case "releases": .of(self.releases)
        default: nil
        }
    }
}

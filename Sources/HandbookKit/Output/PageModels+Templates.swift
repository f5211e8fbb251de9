import TemplateEngine

extension UIStringTable: TemplateView {
    static var answersByName: Bool { true }
    static func templateField(named name: String) -> Int? { nil }
    func templateValue(field number: Int) -> TemplateValue { .nothing }
}

extension LinkView: TemplateFieldView {
    static let templateFields = TemplateFields<LinkView>([
        ("title", { .of($0.title) }),
        ("href", { .of($0.href) }),
        ("isCurrent", { .of($0.isCurrent) }),
        ("summary", { .of($0.summary) }),
        ("detail", { .of($0.detail) }),
    ])
}

extension NavLinkView: TemplateFieldView {
    static let templateFields = TemplateFields<NavLinkView>([
        ("title", { .of($0.title) }),
        ("href", { .of($0.href) }),
        ("mark", { .of($0.mark) }),
    ])
}

extension NavPartView: TemplateFieldView {
    static let templateFields = TemplateFields<NavPartView>([
        ("title", { .of($0.title) }),
        ("href", { .of($0.href) }),
        ("openMark", { .of($0.openMark) }),
        ("mark", { .of($0.mark) }),
        ("chapters", { .of($0.chapters) }),
        ("hasChapters", { .of($0.hasChapters) }),
    ])
}

extension NavView: TemplateFieldView {
    static let templateFields = TemplateFields<NavView>([
        ("parts", { .of($0.parts) }),
    ])
}

extension AlternateView: TemplateFieldView {
    static let templateFields = TemplateFields<AlternateView>([
        ("hreflang", { .of($0.hreflang) }),
        ("href", { .of($0.href) }),
    ])
}

extension LanguageLinkView: TemplateFieldView {
    static let templateFields = TemplateFields<LanguageLinkView>([
        ("hreflang", { .of($0.hreflang) }),
        ("name", { .of($0.name) }),
        ("href", { .of($0.href) }),
    ])
}

extension LayoutView: TemplateFieldView {
    static let templateFields = TemplateFields<LayoutView>([
        ("lang", { .of($0.lang) }),
        ("pageKind", { .of($0.pageKind) }),
        ("documentTitle", { .of($0.documentTitle) }),
        ("description", { .of($0.description) }),
        ("languageSwitch", { .of($0.languageSwitch) }),
        ("alternates", { .of($0.alternates) }),
        ("navHTML", { .of($0.navHTML) }),
        ("breadcrumbs", { .of($0.breadcrumbs) }),
        ("hasBreadcrumbs", { .of($0.hasBreadcrumbs) }),
        ("canonical", { .of($0.canonical) }),
        ("ogType", { .of($0.ogType) }),
        ("ui", { .of($0.folder.value.ui) }),
        ("folder", { .of($0.folder) }),
    ])
}

extension FolderView: TemplateFieldView {
    static let templateFields = TemplateFields<FolderView>([
        ("stylesheet", { .of($0.stylesheet) }),
        ("script", { .of($0.script) }),
        ("searchIndex", { .of($0.searchIndex) }),
        ("homeHref", { .of($0.homeHref) }),
        ("glossaryHref", { .of($0.glossaryHref) }),
        ("changelogHref", { .of($0.changelogHref) }),
        ("searchHref", { .of($0.searchHref) }),
        ("rootHref", { .of($0.rootHref) }),
        ("rootPrefix", { .of($0.rootPrefix) }),
        ("searchScript", { .of($0.searchScript) }),
        ("ui", { .of($0.ui) }),
    ])
}

extension RuleView: TemplateFieldView {
    static let templateFields = TemplateFields<RuleView>([
        ("id", { .of($0.id) }),
        ("anchor", { .of($0.anchor) }),
        ("kind", { .of($0.kind) }),
        ("kindLabel", { .of($0.kindLabel) }),
        ("title", { .of($0.title) }),
        ("titleLevel", { .of($0.titleLevel) }),
        ("bodyHTML", { .of($0.bodyHTML) }),
        ("isLegacy", { .of($0.isLegacy) }),
        ("isDeprecated", { .of($0.isDeprecated) }),
        ("statusLabel", { .of($0.statusLabel) }),
        ("note", { .of($0.note) }),
        ("replacements", { .of($0.replacements) }),
        ("hasReplacements", { .of($0.hasReplacements) }),
        ("edition", { .of($0.edition) }),
        ("isOutdated", { .of($0.isOutdated) }),
        ("otherLanguages", { .of($0.otherLanguages) }),
        ("newerLanguages", { .of($0.newerLanguages) }),
        ("basis", { .of($0.basis) }),
        ("earlier", { .of($0.earlier) }),
    ])
}

extension EarlierFormView: TemplateFieldView {
    static let templateFields = TemplateFields<EarlierFormView>([
        ("edition", { .of($0.edition) }),
        ("bodyHTML", { .of($0.bodyHTML) }),
    ])
}

extension SectionView: TemplateFieldView {
    static let templateFields = TemplateFields<SectionView>([
        ("anchor", { .of($0.anchor) }),
        ("level", { .of($0.level) }),
        ("isSubsection", { .of($0.isSubsection) }),
        ("titleHTML", { .of($0.titleHTML) }),
        ("isOutdated", { .of($0.isOutdated) }),
        ("newerLanguages", { .of($0.newerLanguages) }),
    ])
}

extension ChapterBlockView: TemplateFieldView {
    static let templateFields = TemplateFields<ChapterBlockView>([
        ("html", { .of($0.html) }),
        ("section", { .of($0.section) }),
        ("rule", { .of($0.rule) }),
    ])
}

extension TOCEntryView: TemplateFieldView {
    static let templateFields = TemplateFields<TOCEntryView>([
        ("anchor", { .of($0.anchor) }),
        ("title", { .of($0.title) }),
        ("isSubsection", { .of($0.isSubsection) }),
    ])
}

extension ChapterPageView: TemplateFieldView {
    static let templateFields = TemplateFields<ChapterPageView>([
        ("layout", { .of($0.layout) }),
        ("id", { .of($0.id) }),
        ("title", { .of($0.title) }),
        ("summary", { .of($0.summary) }),
        ("edition", { .of($0.edition) }),
        ("chapterBasis", { .of($0.chapterBasis) }),
        ("isLegacy", { .of($0.isLegacy) }),
        ("legacyNote", { .of($0.legacyNote) }),
        ("isOpeningOutdated", { .of($0.isOpeningOutdated) }),
        ("newerLanguages", { .of($0.newerLanguages) }),
        ("rulesCount", { .of($0.rulesCount) }),
        ("blocks", { .of($0.blocks) }),
        ("toc", { .of($0.toc) }),
        ("hasTOC", { .of($0.hasTOC) }),
        ("related", { .of($0.related) }),
        ("hasRelated", { .of($0.hasRelated) }),
        ("backlinks", { .of($0.backlinks) }),
        ("hasBacklinks", { .of($0.hasBacklinks) }),
        ("previous", { .of($0.previous) }),
        ("next", { .of($0.next) }),
    ])
}

extension PartPageView: TemplateFieldView {
    static let templateFields = TemplateFields<PartPageView>([
        ("layout", { .of($0.layout) }),
        ("title", { .of($0.title) }),
        ("summary", { .of($0.summary) }),
        ("bodyHTML", { .of($0.bodyHTML) }),
        ("chapters", { .of($0.chapters) }),
    ])
}

extension HomePartView: TemplateFieldView {
    static let templateFields = TemplateFields<HomePartView>([
        ("title", { .of($0.title) }),
        ("href", { .of($0.href) }),
        ("summary", { .of($0.summary) }),
        ("chaptersCount", { .of($0.chaptersCount) }),
        ("chapters", { .of($0.chapters) }),
    ])
}

extension HomePageView: TemplateFieldView {
    static let templateFields = TemplateFields<HomePageView>([
        ("layout", { .of($0.layout) }),
        ("title", { .of($0.title) }),
        ("description", { .of($0.description) }),
        ("parts", { .of($0.parts) }),
        ("rulesCount", { .of($0.rulesCount) }),
        ("rulesJSONHref", { .of($0.rulesJSONHref) }),
    ])
}

extension GlossaryEntryView: TemplateFieldView {
    static let templateFields = TemplateFields<GlossaryEntryView>([
        ("anchor", { .of($0.anchor) }),
        ("term", { .of($0.term) }),
        ("forms", { .of($0.forms) }),
        ("variants", { .of($0.variants) }),
        ("note", { .of($0.note) }),
        ("uses", { .of($0.uses) }),
        ("hasUses", { .of($0.hasUses) }),
        ("relatedTerms", { .of($0.relatedTerms) }),
        ("hasRelatedTerms", { .of($0.hasRelatedTerms) }),
    ])
}

extension TermFormView: TemplateFieldView {
    static let templateFields = TemplateFields<TermFormView>([
        ("label", { .of($0.label) }),
        ("lang", { .of($0.lang) }),
        ("text", { .of($0.text) }),
    ])
}

extension GlossaryPageView: TemplateFieldView {
    static let templateFields = TemplateFields<GlossaryPageView>([
        ("layout", { .of($0.layout) }),
        ("title", { .of($0.title) }),
        ("intro", { .of($0.intro) }),
        ("entries", { .of($0.entries) }),
    ])
}

extension SearchPageView: TemplateFieldView {
    static let templateFields = TemplateFields<SearchPageView>([
        ("layout", { .of($0.layout) }),
        ("title", { .of($0.title) }),
    ])
}

extension RootLanguageView: TemplateFieldView {
    static let templateFields = TemplateFields<RootLanguageView>([
        ("lang", { .of($0.lang) }),
        ("name", { .of($0.name) }),
        ("href", { .of($0.href) }),
        ("siteTitle", { .of($0.siteTitle) }),
    ])
}

extension RootPageView: TemplateFieldView {
    static let templateFields = TemplateFields<RootPageView>([
        ("languages", { .of($0.languages) }),
        ("stylesheet", { .of($0.stylesheet) }),
        ("script", { .of($0.script) }),
        ("isNotFound", { .of($0.isNotFound) }),
    ])
}

extension ChangedRuleView: TemplateFieldView {
    static let templateFields = TemplateFields<ChangedRuleView>([
        ("id", { .of($0.id) }),
        ("title", { .of($0.title) }),
        ("href", { .of($0.href) }),
        ("replacements", { .of($0.replacements) }),
        ("hasReplacements", { .of($0.hasReplacements) }),
    ])
}

extension ChangeGroupView: TemplateFieldView {
    static let templateFields = TemplateFields<ChangeGroupView>([
        ("label", { .of($0.label) }),
        ("kind", { .of($0.kind) }),
        ("rules", { .of($0.rules) }),
        ("chapters", { .of($0.chapters) }),
    ])
}

extension ReleaseView: TemplateFieldView {
    static let templateFields = TemplateFields<ReleaseView>([
        ("anchor", { .of($0.anchor) }),
        ("heading", { .of($0.heading) }),
        ("date", { .of($0.date) }),
        ("summary", { .of($0.summary) }),
        ("groups", { .of($0.groups) }),
    ])
}

extension ChangelogPageView: TemplateFieldView {
    static let templateFields = TemplateFields<ChangelogPageView>([
        ("layout", { .of($0.layout) }),
        ("title", { .of($0.title) }),
        ("intro", { .of($0.intro) }),
        ("releases", { .of($0.releases) }),
        ("editions", { .of($0.editions) }),
    ])
}

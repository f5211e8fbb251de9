import TemplateEngine

/// View models for the templates. A template reads a view through its type's `templateFields`
/// table, which scripts/template_fields.py generates from this file into
/// PageModels+Templates.swift: every property declared here is a field of the same name. Run the
/// script after changing a view's properties (an end-to-end test checks the file is current).

struct LinkView: Sendable, Equatable {
    var title: String
    var href: String
    var isCurrent: Bool = false
    var summary: String = ""
    var detail: String = ""
}

/// A sidebar entry. `mark` is printed raw inside the link's tag: ` aria-current="page"` on the
/// current page, or a placeholder that NavigationCache fills in per page.
struct NavLinkView: Sendable, Equatable {
    var title: String
    var href: String
    var mark: String
}

struct NavPartView: Sendable, Equatable {
    var title: String
    var href: String
    /// Printed raw after the `<li>`'s class: ` open` for the current part, or a placeholder.
    var openMark: String = ""
    var mark: String = ""
    var chapters: [NavLinkView] = []
    var hasChapters = false
}

struct NavView: Sendable, Equatable {
    var parts: [NavPartView]
}

struct AlternateView: Sendable, Equatable {
    var hreflang: String
    var href: String
}

/// A link to the same page, section or rule in another language, named in that language.
struct LanguageLinkView: Sendable, Equatable {
    var hreflang: String
    var name: String
    var href: String

    /// The link to `anchor` on the linked page.
    func anchored(_ anchor: String) -> LanguageLinkView {
        LanguageLinkView(hreflang: hreflang, name: name, href: href + "#" + anchor)
    }
}

/// What every page's layout needs.
struct LayoutView: Sendable, Equatable {
    var lang: String
    var pageKind: String
    var documentTitle: String
    var description: String
    /// The same page in each other language, in the handbook's order.
    var languageSwitch: [LanguageLinkView]
    var alternates: [AlternateView]
    /// The sidebar's list items, with the current page marked.
    var navHTML: String
    var breadcrumbs: [LinkView]
    var hasBreadcrumbs: Bool
    /// The page's absolute URL when the site's base URL is known: canonical link and Open Graph.
    var canonical: String? = nil
    /// Open Graph's type: `article` for a chapter, else `website`.
    var ogType: String = "website"
    /// What the page shares with every page of its folder: one view per folder, so that the
    /// layout's sections over it are rendered once per folder.
    var folder: SharedView<FolderView>
    /// The folder's interface strings, read by templates as the layout's own.
    var ui: UIStringTable { folder.value.ui }
}

/// The part of a page's frame that every page of one folder in one language shows alike: links
/// relative to the folder and the interface strings.
struct FolderView: Sendable, Equatable {
    var stylesheet: String
    var script: String
    var searchIndex: String
    var homeHref: String
    var glossaryHref: String
    var changelogHref: String
    var searchHref: String
    var rootHref: String
    /// The site root as seen from the folder (`../../`), for URLs in the search index.
    var rootPrefix: String
    var searchScript: String
    /// Each part's chapters, for the sidebar's fold buttons.
    var sidebarChapters: String
    var ui: UIStringTable
}

struct RuleView: Sendable, Equatable {
    var id: String
    var anchor: String
    var kind: String
    var kindLabel: String
    var title: String
    /// One level below the section the rule sits in.
    var titleLevel: Int
    var bodyHTML: String
    var isLegacy: Bool
    var isDeprecated: Bool
    /// "Legacy" or "Deprecated", with the note on what replaced it.
    var statusLabel: String
    var note: String?
    var replacements: [LinkView]
    var hasReplacements: Bool
    var edition: String
    /// The text it is compared with changed since this one was reviewed.
    var isOutdated: Bool
    /// The rule in each other language.
    var otherLanguages: [LanguageLinkView]
    /// The rule in the languages its text lags behind, when it is outdated.
    var newerLanguages: [LanguageLinkView]
    /// The topics of Apple's guidelines it retells, joined; nil when none is recorded.
    var basis: String?
    /// Earlier forms of the advice, oldest first.
    var earlier: [EarlierFormView]
}

/// "Earlier · iOS 7": how an older edition of the guidelines put a rule's advice.
struct EarlierFormView: Sendable, Equatable {
    var edition: String
    var bodyHTML: String
}

struct SectionView: Sendable, Equatable {
    var anchor: String
    var level: Int
    var isSubsection: Bool
    var titleHTML: String
    var isOutdated: Bool
    /// The section in the languages its text lags behind, when it is outdated.
    var newerLanguages: [LanguageLinkView]
}

/// One piece of a chapter body: exactly one of the three is set. The section and rule views
/// are held by reference: the page's template copies the block and then the rule out of it.
struct ChapterBlockView: Sendable, Equatable {
    var html: String?
    var section: SharedView<SectionView>?
    var rule: SharedView<RuleView>?
}

struct TOCEntryView: Sendable, Equatable {
    var anchor: String
    var title: String
    var isSubsection: Bool
}

struct ChapterPageView: Sendable, Equatable {
    var layout: LayoutView
    var id: String
    var title: String
    var summary: String
    var edition: String
    /// The topics of Apple's guidelines the chapter retells, joined; nil when none is recorded.
    /// (Not `basis`: a rule card without one of its own would find the chapter's by that name.)
    var chapterBasis: String?
    var isLegacy: Bool
    var legacyNote: String
    var isOpeningOutdated: Bool
    /// The page in the languages its opening lags behind, when it is outdated.
    var newerLanguages: [LanguageLinkView]
    var rulesCount: String
    var blocks: [ChapterBlockView]
    var toc: [TOCEntryView]
    var hasTOC: Bool
    var related: [LinkView]
    var hasRelated: Bool
    var backlinks: [LinkView]
    var hasBacklinks: Bool
    var previous: LinkView?
    var next: LinkView?
}

struct PartPageView: Sendable, Equatable {
    var layout: LayoutView
    var title: String
    var summary: String
    var bodyHTML: String
    var chapters: [LinkView]
}

struct HomePartView: Sendable, Equatable {
    var title: String
    var href: String
    var summary: String
    var chaptersCount: String
    var chapters: [LinkView]
}

struct HomePageView: Sendable, Equatable {
    var layout: LayoutView
    var title: String
    var description: String
    var parts: [HomePartView]
    var rulesCount: String
    var rulesJSONHref: String
}

struct GlossaryEntryView: Sendable, Equatable {
    var anchor: String
    var term: String
    /// The term in English, Simplified and Traditional Chinese.
    var forms: [TermFormView]
    var variants: String?
    var note: String?
    /// The chapters that link the term, in reading order.
    var uses: [LinkView]
    var hasUses: Bool
    /// The terms its English definition names.
    var relatedTerms: [LinkView]
    var hasRelatedTerms: Bool
}

struct TermFormView: Sendable, Equatable {
    var label: String
    var lang: String
    var text: String
}

struct GlossaryPageView: Sendable, Equatable {
    var layout: LayoutView
    var title: String
    var intro: String
    var entries: [GlossaryEntryView]
}

struct SearchPageView: Sendable, Equatable {
    var layout: LayoutView
    var title: String
}

struct RootLanguageView: Sendable, Equatable {
    var lang: String
    var name: String
    var href: String
    var siteTitle: String
}

struct RootPageView: Sendable, Equatable {
    var languages: [RootLanguageView]
    var stylesheet: String
    var script: String
    var isNotFound: Bool
}

struct ChangedRuleView: Sendable, Equatable {
    var id: String
    var title: String
    var href: String
    var replacements: [LinkView]
    var hasReplacements: Bool
}

struct ChangeGroupView: Sendable, Equatable {
    var label: String
    var kind: String
    var rules: [ChangedRuleView]
    /// A large group (a release that added whole chapters) by chapter instead, with counts.
    var chapters: [LinkView] = []
}

struct ReleaseView: Sendable, Equatable {
    var anchor: String
    var heading: String
    var date: String
    var summary: String?
    var groups: [ChangeGroupView]
}

struct ChangelogPageView: Sendable, Equatable {
    var layout: LayoutView
    var title: String
    var intro: String
    var releases: [ReleaseView]
    var editions: [EditionView]
}

/// The changelog page's view per edition of Apple's guidelines: what each edition brought to the
/// handbook (its chapters and how many rules), and the rules later guidance retired, under the
/// edition that brought their replacement.
struct EditionView: Sendable, Equatable {
    var anchor: String
    var heading: String
    var summary: String
    var chapters: [LinkView]
    var hasChapters: Bool
    /// "Retired by this edition's guidance", over the list; nil when the section is that list.
    var retiredHeading: String?
    var retired: [ChangedRuleView]
    var hasRetired: Bool
}

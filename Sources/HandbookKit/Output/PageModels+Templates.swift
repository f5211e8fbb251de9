import Mustache

/// What a name in a template stands for on a view. Views and lists are held by a class
/// reference, so that a value is two words and copying one counts one reference.
enum TemplateValue {
    case text(String)
    case flag(Bool)
    case number(Int)
    case view(TemplateViewBox)
    /// The views of a list, as they are: items are boxed one at a time as a section reaches them.
    case list(TemplateListBox)
    /// An absent optional: no value to a template, as with reflection.
    case nothing

    static func of(_ value: String) -> TemplateValue { .text(value) }
    static func of(_ value: String?) -> TemplateValue { value.map(TemplateValue.text) ?? .nothing }
    static func of(_ value: Bool) -> TemplateValue { .flag(value) }
    static func of(_ value: Int) -> TemplateValue { .number(value) }
    static func of(_ value: some TemplateView) -> TemplateValue { .view(ViewBox(value)) }
    static func of(_ value: (some TemplateView)?) -> TemplateValue { value.map { .view(ViewBox($0)) } ?? .nothing }
    static func of(_ value: [some TemplateView]) -> TemplateValue { .list(ListBox(value)) }
    /// A shared view is its own box: reading it allocates nothing.
    static func of<Value>(_ value: SharedView<Value>) -> TemplateValue { .view(value) }
    static func of<Value>(_ value: SharedView<Value>?) -> TemplateValue { value.map { .view($0) } ?? .nothing }

    /// The value as swift-mustache expects it.
    var mustacheValue: Any? {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .number(let number): number
        case .view(let box): box.view
        case .list(let box): box.mustacheValue
        case .nothing: nil
        }
    }
}

/// A view as a template holds it. Subclassed per view type (`ViewBox`), so that a view is boxed
/// once, with its value inline, and read through the class's table of methods.
class TemplateViewBox: @unchecked Sendable {
    /// Whether many pages share this very view (one per folder, say): a section over it that
    /// reads nothing else then renders the same bytes on each, and a program renders it once.
    var isSharedByPages: Bool { false }
    var view: any TemplateView { fatalError("subclass") }
    var viewType: any TemplateView.Type { fatalError("subclass") }
    func templateValue(field number: Int) -> TemplateValue { fatalError("subclass") }
    func value(named name: String) -> TemplateValue? { fatalError("subclass") }
}

final class ViewBox<View: TemplateView>: TemplateViewBox, @unchecked Sendable {
    let value: View

    init(_ value: View) { self.value = value }

    override var view: any TemplateView { value }
    override var viewType: any TemplateView.Type { View.self }
    override func templateValue(field number: Int) -> TemplateValue { value.templateValue(field: number) }
    override func value(named name: String) -> TemplateValue? { value.value(named: name) }
}

/// A list of views a section iterates.
class TemplateListBox: @unchecked Sendable {
    var count: Int { fatalError("subclass") }
    func item(at index: Int) -> TemplateViewBox { fatalError("subclass") }
    var mustacheValue: Any { fatalError("subclass") }
}

final class ListBox<View: TemplateView>: TemplateListBox, @unchecked Sendable {
    let items: [View]
    /// Boxes an item. Made where `View` is known: a box made in this class's own (generic) code
    /// asked the runtime's metadata table, under its lock, for `ViewBox<View>` at every item.
    private let box: @Sendable (View) -> TemplateViewBox

    init(_ items: [View]) {
        self.items = items
        box = { ViewBox($0) }
    }

    override var count: Int { items.count }
    override func item(at index: Int) -> TemplateViewBox { box(items[index]) }
    override var mustacheValue: Any { items }
}

/// The names a type of view answers, each with how to read it from a view. A template program
/// numbers them once per type, so that a tag reads its value by number instead of comparing its
/// name with every case of a `switch` on every use.
final class TemplateFields<View>: Sendable {
    let names: [String]
    let readers: [@Sendable (View) -> TemplateValue]
    private let numbers: [String: Int]

    init(_ fields: [(String, @Sendable (View) -> TemplateValue)]) {
        names = fields.map(\.0)
        readers = fields.map(\.1)
        numbers = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.0, $0) })
    }

    func number(of name: String) -> Int? { numbers[name] }
}

/// A view model a template can read: page views list their fields in `templateFields`. A stored
/// property missing from it is caught in debug builds (the golden tests) by the assertion in
/// `TemplateProgram`'s lookup.
protocol TemplateView: MustacheParent, Sendable {
    /// The number of the field a template calls `name`, the same for every view of this type;
    /// nil when the type has none. `nil` from a type that `answersByName` means "ask the view".
    static func templateField(named name: String) -> Int?
    /// Whether values are found by `value(named:)` only (a table whose names are data).
    static var answersByName: Bool { get }
    func templateValue(field number: Int) -> TemplateValue
    /// The value `name` stands for on this view, or nil when the view has no such name (the
    /// template then looks further up its context stack).
    func value(named name: String) -> TemplateValue?
}

/// Views whose fields are a table of names and readers.
protocol TemplateFieldView: TemplateView {
    static var templateFields: TemplateFields<Self> { get }
}

extension TemplateFieldView {
    static var answersByName: Bool { false }

    static func templateField(named name: String) -> Int? { templateFields.number(of: name) }

    func templateValue(field number: Int) -> TemplateValue { Self.templateFields.readers[number](self) }

    func value(named name: String) -> TemplateValue? {
        Self.templateField(named: name).map { templateValue(field: $0) }
    }
}

/// A view held by reference, answering for the view it holds: copying it counts one reference
/// instead of one per field.
final class SharedView<Value: TemplateView & Equatable>: TemplateViewBox, TemplateView, Equatable, @unchecked Sendable {
    let value: Value
    private let sharedByPages: Bool

    /// `sharedByPages`: this one view is given to many pages (see `TemplateViewBox`).
    init(_ value: Value, sharedByPages: Bool = false) {
        self.value = value
        self.sharedByPages = sharedByPages
    }

    override var isSharedByPages: Bool { sharedByPages }
    static func templateField(named name: String) -> Int? { Value.templateField(named: name) }
    static var answersByName: Bool { Value.answersByName }
    override var view: any TemplateView { self }
    override var viewType: any TemplateView.Type { SharedView.self }
    override func templateValue(field number: Int) -> TemplateValue { value.templateValue(field: number) }
    override func value(named name: String) -> TemplateValue? { value.value(named: name) }

    static func == (lhs: SharedView, rhs: SharedView) -> Bool { lhs.value == rhs.value }
}

extension TemplateView {
    func child(named name: String) -> Any? {
        value(named: name)?.mustacheValue
    }
}

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

import RulesCatalog

/// A kind of file the site publishes from the whole handbook once its rules catalogue is made:
/// rules.json, llms.txt, the pages that are not chapters, the search indexes. A new format is
/// a type conforming to this protocol and one line in `OutputFormats.registered`.
///
/// Chapter pages are not a format here: they do not read the catalogue, so the builder makes
/// them in batches on every core while one task makes the catalogue and then each format.
protocol OutputFormat: Sendable {
    /// The files of this format; large ones go through `context.emit` as soon as each is made,
    /// so that no two of them are held at once.
    func files(_ context: OutputContext) async throws -> [OutputFile]
    /// Whether its files are made on one core: such a format is made beside the others rather
    /// than after them, so that the other cores are not idle meanwhile.
    var isMadeOnOneCore: Bool { get }
}

extension OutputFormat {
    var isMadeOnOneCore: Bool { false }
}

enum OutputFormats {
    /// Made one after another, in this order, but for those made on one core, which are made
    /// beside them. llms-full.txt and the search indexes are made in pieces (a chapter each) on
    /// all cores, so no core idles at the end of the build.
    static let registered: [any OutputFormat] = [
        RulesJSONFormat(),
        LLMsTextFormat(),
        SitePagesFormat(),
        SidebarChaptersFormat(),
        SearchIndexFormat(),
    ]

    /// The files of `formats`, made one after another.
    static func make(_ formats: [any OutputFormat], _ context: OutputContext) async throws -> [OutputFile] {
        var files: [OutputFile] = []
        for format in formats { files += try await format.files(context) }
        return files
    }
}

/// What a format is given: the validated handbook, its catalogue, and the stage's makers.
struct OutputContext: Sendable {
    var handbook: Handbook
    var catalog: Catalog
    /// Against the baseline, when one is configured.
    var baselineDiff: CatalogDiff?
    var catalogBuilder: RulesCatalogBuilder
    var renderer: SiteRenderer
    var searchBuilder: SearchIndexBuilder
    var strings: [Language: UIStrings]
    var baseURL: String?
    /// What a format may keep between builds of `serve` (nothing in `build`).
    var layer: IncrementalLayer
    /// Writes files at once (when the build writes to disk) and returns them without their bytes.
    var emit: @Sendable ([OutputFile]) async throws -> [OutputFile]
}

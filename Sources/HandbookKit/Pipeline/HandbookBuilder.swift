import Foundation
import HandbookSearch
import RulesCatalog

/// The pipeline: load → validate → resolve → render → write. Each stage reports into one log,
/// so a run shows every problem at once; nothing is written when there is an error.
public struct HandbookBuilder: Sendable {
    public var configuration: BuildConfiguration
    /// The previous build's work, for rebuilds during `serve`.
    public var caches: BuildCaches?
    /// For a command that exits once the build is done: the build's own data (the parsed
    /// handbook, its index and catalogue) is handed back in `Outcome.workspace` instead of being
    /// freed object by object, which takes a large handbook a quarter of a second; the process's
    /// exit returns the memory at once.
    public var keepsWorkspace = false

    public init(configuration: BuildConfiguration, caches: BuildCaches? = nil) {
        self.configuration = configuration
        self.caches = caches
    }

    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic]
        /// The files made, with their bytes; empty after `build()`, which writes them as they
        /// are made (see `written`).
        public var files: [OutputFile]
        /// The paths `build()` wrote.
        public var written: [String] = []
        /// Which translations lag, with the current fingerprints (for `translations accept`).
        public var freshness = TranslationFreshness()
        /// Against `--baseline`, when one was given.
        public var baselineDiff: CatalogDiff?
        /// How long each stage took.
        public var clock = PhaseClock()
        /// The build's data, when `keepsWorkspace` is set.
        public var workspace: [any Sendable] = []
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    /// Everything `build` validates and renders, in memory.
    public func generate(checkOutput: Bool) async -> Outcome {
        await generate(checkOutput: checkOutput, stage: nil)
    }

    /// Load and validate: the content, glossary, templates and checks, with their diagnostics.
    private func validate(checkOutput: Bool) async -> Validated {
        var log = DiagnosticLog()
        var clock = PhaseClock()
        if checkOutput { OutputGuard(configuration: configuration).check(log: &log) }
        // `serve`'s caches wrap the loader's work and each stage's chapter work; `build` has none.
        let layer = IncrementalLayer(caches: caches)
        // The templates are read and compiled beside the content.
        let cachedTemplates = layer.templates
        let configuration = configuration
        async let templateLoad = { () -> (TemplateSet?, DiagnosticLog) in
            var templateLog = DiagnosticLog()
            let loaded = cachedTemplates ?? TemplateSet.load(
                from: configuration.templatesURL, displayRoot: BuildConfiguration.display(configuration.templatesPath),
                languages: configuration.languages, log: &templateLog)
            return (loaded, templateLog)
        }()
        var loader = HandbookLoader(contentDirectory: configuration.contentURL,
                                    displayRoot: BuildConfiguration.display(configuration.contentPath),
                                    languages: configuration.languages)
        loader.layer = layer
        let handbook = await loader.load(log: &log)
        var (templates, templateLog) = await templateLoad
        log.merge(templateLog)
        layer.keep(templates)
        if let reference = configuration.referenceRenderer, let sources = templates?.sources {
            templates?.reference = reference(sources)
        }
        clock.lap("load and parse")
        if handbook.chapters.values.allSatisfy(\.isEmpty), !log.hasErrors {
            log.error(id: "content.no-chapters", "the content folder '\(loader.displayRoot)' holds no chapters", at: nil)
        }
        layer.begin(outline: HandbookOutline(handbook))
        // Checks that need only the handbook run beside link resolution: their serial parts
        // (merging per-chapter results) then overlap with the others' parallel ones.
        async let bilingual = Self.bilingualCheck(handbook)
        async let translations = Self.translations(handbook, configuration: configuration, displayRoot: loader.displayRoot,
                                                   layer: layer)
        async let variantTable = Self.variants(configuration)
        let index = await HandbookIndex.make(handbook)
        let resolver = LinkResolver(index: index)
        let linkChecker = LinkChecker(resolver: resolver)
        let links = await linkChecker.check(await layer.outputs(of: linkChecker.chapterLinks, keptIn: \.links), log: &log)
        let figureChecker = FigureChecker(handbook: handbook)
        figureChecker.check(await layer.outputs(of: figureChecker.chapterImages, keptIn: \.figures), log: &log)
        let content = configuration.contentURL, displayRoot = loader.displayRoot
        let changelog = layer.parse(content.appendingPathComponent(Changelog.fileName), keptIn: \.changelog, log: &log) {
            Changelog.load(contentDirectory: content, displayRoot: displayRoot, log: &$0)
        }.withGeneratedSummaries(handbook)
        changelog.checkIDs(known: { index.containsRule($0, in: handbook.languages.source) }, file: displayRoot + "/" + Changelog.fileName, log: &log)
        // A generated language's labels would be converted: only the written ones are required.
        let labelled = handbook.languages.all.filter { !handbook.languages.isGenerated($0) }
        let vocabulary = layer.parse(content.appendingPathComponent(TagVocabulary.fileName), keptIn: \.tagVocabulary, log: &log) {
            TagVocabulary.load(contentDirectory: content, displayRoot: displayRoot, languages: labelled, log: &$0)
        }
        TagVocabulary.check(handbook, vocabulary: vocabulary, log: &log)
        log.merge(await bilingual)
        let (freshness, translationLog) = await translations
        log.merge(translationLog)
        let (variants, variantLog) = await variantTable
        log.merge(variantLog)
        clock.lap("checks, links, translations")
        return Validated(handbook: handbook, index: index, resolver: resolver, links: links, freshness: freshness,
                         changelog: changelog, templates: templates, variants: variants, log: log,
                         clock: clock)
    }

    /// The handbook loaded and checked: the model every output is made from, and what it was
    /// checked with. Nil members mean their files had errors (in `log`).
    struct Validated: Sendable {
        var handbook: Handbook
        var index: HandbookIndex
        var resolver: LinkResolver
        var links: LinkChecker.Findings
        var freshness: TranslationFreshness
        var changelog: Changelog
        var templates: TemplateSet?
        var variants: ChineseVariantTable?
        var log: DiagnosticLog
        var clock: PhaseClock
    }

    /// The rules catalogue made from the content without rendering a site (`rules`, `mcp`,
    /// `release`), with every diagnostic a check gives.
    public struct CatalogueOutcome: Sendable {
        public var diagnostics: [Diagnostic]
        public var catalog: Catalog?
        /// Against the configured baseline, when there is one.
        public var baselineDiff: CatalogDiff?
        public var freshness: TranslationFreshness
        /// Each language's search index, when asked for.
        public var searchIndexes: [SearchIndex] = []
        public var succeeded: Bool { catalog != nil && !diagnostics.contains { $0.severity == .error } }
        /// The catalogue as the site publishes it (rules.json's bytes).
        public var rulesJSON: Data? { catalog.flatMap { try? CatalogJSON.encode($0) }.map { Data($0) } }
    }

    /// Load, validate, then the catalogue: the stages before any output.
    /// With `searchIndexes`, also each language's search index as the site would publish it
    /// (`rules` and `mcp` rank a query over it).
    public func catalogue(searchIndexes: Bool = false) async -> CatalogueOutcome {
        let validated = await validate(checkOutput: false)
        var log = validated.log
        guard !log.hasErrors else {
            return CatalogueOutcome(diagnostics: log.sorted, catalog: nil, freshness: validated.freshness)
        }
        let catalogBuilder = catalogBuilder(validated)
        let catalog = await catalogBuilder.build()
        let diff = configuration.baselinePath.flatMap { BaselineCheck(path: $0).run(current: catalog, log: &log) }
        var outcome = CatalogueOutcome(diagnostics: log.sorted, catalog: log.hasErrors ? nil : catalog, baselineDiff: diff,
                                       freshness: validated.freshness)
        if searchIndexes, outcome.catalog != nil, let variants = validated.variants {
            // As SearchIndexFormat makes them: a rule's text is its catalogue text.
            let ruleTexts = Dictionary(catalog.rules.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
            var builder = SearchIndexBuilder(index: validated.index, catalogText: { catalogBuilder.plainText($1, $0) },
                                             normalizer: SearchNormalizer(variants: variants))
            builder.ruleText = { id, language in ruleTexts[id]?[language] }
            let searchBuilder = builder
            outcome.searchIndexes = await ParallelMap.map(validated.handbook.languages.all, runLength: 1) { await searchBuilder.build($0) }
        }
        return outcome
    }

    private func catalogBuilder(_ validated: Validated) -> RulesCatalogBuilder {
        RulesCatalogBuilder(index: validated.index, resolver: validated.resolver, links: validated.links,
                            freshness: validated.freshness,
                            baseURL: configuration.baseURL, release: validated.changelog.releases.last)
    }

    /// With `stage`, each file goes to disk as soon as it is made and only its path is kept.
    private func generate(checkOutput: Bool, stage: SiteWriter.StagedSite?) async -> Outcome {
        let baselineCheck = configuration.baselinePath.map { BaselineCheck(path: $0) }
        let layer = IncrementalLayer(caches: caches)
        async let baselineRead = baselineCheck?.read { data in try layer.value(keptIn: \.baseline, for: data) { try Catalog.decode(from: data) } }
        let validated = await validate(checkOutput: checkOutput)
        let published = await baselineRead
        var log = validated.log
        var clock = validated.clock
        let handbook = validated.handbook, index = validated.index, resolver = validated.resolver
        let links = validated.links, freshness = validated.freshness, changelog = validated.changelog
        guard !log.hasErrors, let templates = validated.templates, let variants = validated.variants else {
            return Outcome(diagnostics: log.sorted, files: [], freshness: freshness, clock: clock)
        }
        let catalogBuilder = catalogBuilder(validated)
        let renderer = SiteRenderer(index: index, resolver: resolver, links: links, templates: templates,
                                    baseURL: configuration.baseURL, freshness: freshness, changelog: changelog,
                                    unreleased: nil,
                                    navigation: layer.sidebar { NavigationCache(handbook: handbook, templates: templates) })
        let searchBuilder = SearchIndexBuilder(index: index, catalogText: { catalogBuilder.plainText($1, $0) },
                                               normalizer: SearchNormalizer(variants: variants),
                                               foldedScalars: layer.scalarFolds)
        let strings = templates.strings
        let baseURL = configuration.baseURL
        // The outputs are independent but for the rules catalogue: chapter pages do not read it.
        // One task makes the catalogue and then, one after another, each registered format
        // (`OutputFormats`), while the chapter pages are made in batches on the other cores.
        // Each large file is written and dropped before the next, so that few of them are in
        // memory at once; the large ones are made in pieces on all cores, so that no core idles
        // once the pages are done, and the one made on a single core (rules.json) is made
        // beside the others. (Every format at once was 2 % faster and took 7 MB more.)
        let chapters = renderer.chapters
        let chapterPages = ChapterPages(renderer: renderer, layer: layer)
        let batches = stride(from: 0, to: chapters.count, by: 8).map { $0..<min($0 + 8, chapters.count) }
        /// Files written at once and dropped: the build never holds the whole site.
        @Sendable func emit(_ made: [OutputFile]) async throws -> [OutputFile] {
            guard let stage else { return made }
            try await stage.add(made)
            return made.map { OutputFile(path: $0.path, data: Data()) }
        }
        async let formatsJob: JobOutput = {
            let catalog = catalogBuilder.build(await layer.outputs(of: catalogBuilder.chapterEntries, keptIn: \.catalogEntries))
            var baselineLog = DiagnosticLog()
            let diff = baselineCheck.flatMap { check in published.flatMap { check.run(current: catalog, published: $0, log: &baselineLog) } }
            let catalogued = Catalogued(catalog: catalog, baselineDiff: diff, log: baselineLog)
            let context = OutputContext(handbook: handbook, catalog: catalog, baselineDiff: diff, catalogBuilder: catalogBuilder,
                                        renderer: renderer, searchBuilder: searchBuilder, strings: strings, baseURL: baseURL,
                                        layer: layer, emit: emit)
            do {
                // A format made on one core runs beside the others, which use every core.
                async let alongside = OutputFormats.make(OutputFormats.registered.filter(\.isMadeOnOneCore), context)
                var files = try await OutputFormats.make(OutputFormats.registered.filter { !$0.isMadeOnOneCore }, context)
                files += try await alongside
                return JobOutput(files: .success(files), catalogued: catalogued)
            } catch {
                return JobOutput(files: .failure(error), catalogued: catalogued)
            }
        }()
        let pageResults = await ParallelMap.map(batches) { range -> JobOutput in
            do {
                let pages = chapters[range].map { layer.output(of: chapterPages, for: $0, keptIn: \.pages) }
                return JobOutput(files: .success(try await emit(pages)), catalogued: nil)
            } catch {
                return JobOutput(files: .failure(error), catalogued: nil)
            }
        }
        let results = await [formatsJob] + pageResults
        var files: [OutputFile] = []
        var catalogued: Catalogued?
        for result in results {
            if let made = result.catalogued {
                catalogued = made
                log.merge(made.log)
            }
            switch result.files {
            case .success(let made): files += made
            case .failure(let error as SiteWriter.Failure): log.error(id: "output.write-failed", "\(error)", at: nil)
            case .failure(let error): log.error(id: "output.encoding-failed", "cannot encode the rules catalogue: \(error)", at: nil)
            }
        }
        clock.lap("catalogue and outputs")
        files.sort { $0.path < $1.path }
        var outcome = Outcome(diagnostics: log.sorted, files: files, freshness: freshness,
                              baselineDiff: catalogued?.baselineDiff, clock: clock)
        if keepsWorkspace { outcome.workspace = [handbook, index, links, catalogued, renderer, searchBuilder] }
        return outcome
    }

    private static func bilingualCheck(_ handbook: Handbook) async -> DiagnosticLog {
        var log = DiagnosticLog()
        await BilingualValidator(handbook: handbook).validate(log: &log)
        return log
    }

    private static func translations(_ handbook: Handbook, configuration: BuildConfiguration, displayRoot: String,
                                     layer: IncrementalLayer) async -> (TranslationFreshness, DiagnosticLog) {
        var log = DiagnosticLog()
        // The units on all cores while the lock (a line per unit, read on one) is parsed.
        async let made = layer.outputs(of: TranslationFreshness.ChapterUnits(handbook: handbook), keptIn: \.translationUnits)
        let lock = layer.parse(configuration.contentURL.appendingPathComponent(TranslationLock.fileName),
                               keptIn: \.translationLock, log: &log) {
            TranslationLock.load(contentDirectory: configuration.contentURL, displayRoot: displayRoot,
                                 languages: configuration.languages, log: &$0)
        }
        let units = await made
        let freshness = await TranslationFreshness.evaluate(handbook, units: units, lock: lock, log: &log)
        return (freshness, log)
    }

    private static func variants(_ configuration: BuildConfiguration) async -> (ChineseVariantTable?, DiagnosticLog) {
        var log = DiagnosticLog()
        return (ChineseVariantTable.load(explicitPath: configuration.openCCTable, log: &log), log)
    }

    /// Validates everything and writes nothing.
    public func check() async -> Outcome {
        await generate(checkOutput: false)
    }

    /// Builds the site into the output folder, replacing the previous site only on success.
    /// Files are written into a staging folder as they are made, so memory does not grow with
    /// the size of the site.
    public func build() async -> Outcome {
        var guardLog = DiagnosticLog()
        OutputGuard(configuration: configuration).check(log: &guardLog)
        // A refused output folder gets no staging folder beside it; the full check reports all.
        if guardLog.hasErrors { return await generate(checkOutput: true) }
        let stage: SiteWriter.StagedSite
        do {
            stage = try SiteWriter(output: configuration.outputURL).stage()
        } catch {
            var outcome = await generate(checkOutput: true)
            outcome.diagnostics.append(.error(id: "output.write-failed", "\(error)", at: nil))
            outcome.files = []
            return outcome
        }
        var outcome = await generate(checkOutput: true, stage: stage)
        guard outcome.succeeded else {
            stage.discard()
            outcome.files = []
            return outcome
        }
        do {
            try stage.commit()
            outcome.written = outcome.files.map(\.path)
            outcome.files = []
            outcome.clock.lap("write")
        } catch {
            outcome.diagnostics.append(.error(id: "output.write-failed", "\(error)", at: nil))
            outcome.files = []
        }
        return outcome
    }
}

/// The rules catalogue, made by the job that writes what reads it.
private struct Catalogued: Sendable {
    var catalog: Catalog
    /// Against `--baseline`, when one was given.
    var baselineDiff: CatalogDiff?
    var log: DiagnosticLog
}

private struct JobOutput: Sendable {
    var files: Result<[OutputFile], any Error>
    var catalogued: Catalogued?
}
